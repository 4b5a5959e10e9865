// swift-tools-version: 6.2
import PackageDescription

// The server example (Examples/Server) built against the classic library, for `make server-bench`:
// the same application (its HTTPServing, Greetings and ServerApp targets, linked here under
// Sources/), with the classic library 1.16.0 in place of this package; a package of its own
// because two packages cannot both vend the module `Dependencies`. Only the executable is its own
// (Sources/ClassicServer): the classic library has no `shutdownDependencies`, so it closes the
// resources by hand.
//
// Package.resolved pins the whole graph. Offline, scripts/dev/server-bench.py resolves it from
// ../shared/vendor through that folder's mirrors.sh (which writes .swiftpm/configuration/
// mirrors.json here, kept out of git); with network access, from GitHub.
let package = Package(
  name: "classic-server",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.16.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.11.0"),
  ],
  targets: [
    .target(
      name: "HTTPServing",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .target(
      name: "Greetings",
      dependencies: [.product(name: "Logging", package: "swift-log")]
    ),
    .target(
      name: "ServerApp",
      dependencies: [
        "HTTPServing", "Greetings",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(
      name: "ClassicServer",
      dependencies: [
        "ServerApp", "HTTPServing", "Greetings",
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
  ]
)
