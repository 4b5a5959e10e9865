// swift-tools-version: 6.2
import PackageDescription

// An HTTP/1.1 server on SwiftNIO that uses Dependencies, as a server developer writes one: a package
// of its own (the library takes no outside package; this one takes SwiftNIO, swift-log and
// swift-service-lifecycle), which depends on this repository by path.
//
//   HTTPServing   the HTTP/1.1 server on SwiftNIO, a service of swift-service-lifecycle: each
//                 connection a task, each request through middleware to a responder
//   Greetings     the application's resources and what it answers, in plain Swift
//   ServerApp     the application: its dependencies, the request scope (a middleware), the routes
//   Server        the executable: serves until SIGTERM, then shuts the dependencies down
//   PlainServer   the same server with no dependency library: the handler shape of ServerApp,
//                 with its values passed by hand (`make server-bench` measures the three builds:
//                 Server, Benchmarks/ClassicServer's build of ServerApp against the classic
//                 library, and this one)
//
// `make server-check` builds and tests it, then runs it under `wrk`; the DocC article "In a server"
// walks through it. Package.resolved pins the outside packages; offline they resolve from the
// offline copies (VENDOR, by default ../shared/vendor) through its mirrors.sh.
let package = Package(
  name: "server-example",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "Server", targets: ["Server"]),
    .executable(name: "PlainServer", targets: ["PlainServer"]),
  ],
  dependencies: [
    .package(name: "swift-dependencies", path: "../.."),
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
      name: "Server",
      dependencies: [
        "ServerApp", "Greetings",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "PlainServer",
      dependencies: [
        "HTTPServing", "Greetings", .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "ServerAppTests",
      dependencies: [
        "ServerApp", "HTTPServing", "Greetings",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]
    ),
  ]
)
