// swift-tools-version: 6.0
// A package written the way a user of the classic swift-dependencies writes one, depending on this
// library as a dependency (not as the root package). CI builds and tests it: it must compile and pass
// unchanged.
import PackageDescription

let package = Package(
  name: "ClassicUser",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-dependencies", path: "../..")
  ],
  targets: [
    .target(
      name: "Feature",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        // `@DependencyClient` and `@DependencyEntry`, expanded by this package's plugin.
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "Feature",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        // The satellite modules, imported by name as classic tests import them.
        .product(name: "Clocks", package: "swift-dependencies"),
        .product(name: "ConcurrencyExtras", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "swift-dependencies"),
      ]
    ),
    // Links nothing but Dependencies (no test-support module): issues the library reports must
    // still fail the running test, in Swift Testing and in XCTest.
    .testTarget(
      name: "DependenciesOnlyTests",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
    ),
  ]
)
