// swift-tools-version: 6.1
// Packages written the way users of the classic swift-dependencies write them, depending on this
// library as a dependency (not as the root package). CI builds and tests them: they must compile
// and pass unchanged. Two in one package, so that this library is built once for both:
// - Feature (FeatureTests, DependenciesOnlyTests): the classic API, the macros, the satellite
//   modules imported by name, and a test target that links nothing but Dependencies.
// - Clients (ClientsTests): the classic library's whole surface, as real projects use it: the
//   re-exported XCTestDynamicOverlay (XCTFail, _XCTIsTesting), the deprecated `unimplemented`
//   forms without a placeholder, deprecated stream helpers, `@_spi` imports, and the products
//   XCTestDynamicOverlay, IssueReportingTestSupport, ConcurrencyExtrasTestSupport and
//   DependenciesTestObserver. Against the classic library it would list swift-dependencies,
//   xctest-dynamic-overlay and swift-concurrency-extras by URL; here the URL is this repository's
//   path and those products come from it, and nothing else changes.
// Classic's traits are named in the manifest, as Linux projects name them.
import PackageDescription

let package = Package(
  name: "ClassicUser",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Was: .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.9.0",
    //   traits: …): classic's traits, CombineSchedulers left out, as Linux projects do.
    .package(
      name: "swift-dependencies", path: "../..",
      traits: ["Clocks", "Foundation", "FoundationNetworking"])
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
    .target(
      name: "Clients",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        // Was: package: "xctest-dynamic-overlay".
        .product(name: "XCTestDynamicOverlay", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "ClientsTests",
      dependencies: [
        "Clients",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        // Was: package: "xctest-dynamic-overlay".
        .product(name: "IssueReportingTestSupport", package: "swift-dependencies"),
        // Was: package: "swift-concurrency-extras".
        .product(name: "ConcurrencyExtrasTestSupport", package: "swift-dependencies"),
        .product(
          name: "DependenciesTestObserver", package: "swift-dependencies",
          condition: .when(platforms: [.linux])),
      ]
    ),
  ]
)
