// swift-tools-version: 6.1
// A package written against the classic library's whole surface, as real projects use it: the
// re-exported XCTestDynamicOverlay (XCTFail, _XCTIsTesting), the deprecated `unimplemented` forms
// without a placeholder, deprecated stream helpers, `@_spi` imports, classic's traits named in the
// manifest, and the products XCTestDynamicOverlay, IssueReportingTestSupport,
// ConcurrencyExtrasTestSupport and DependenciesTestObserver. Against the classic library it would
// list swift-dependencies, xctest-dynamic-overlay and swift-concurrency-extras by URL; here the
// URL is this repository's path and those products come from it, and nothing else changes. CI
// builds and tests it (make test).
import PackageDescription

let package = Package(
  name: "ClassicSurface",
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
