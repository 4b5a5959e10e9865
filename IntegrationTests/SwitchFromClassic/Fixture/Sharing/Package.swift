// swift-tools-version: 6.0
// Shaped like pointfreeco/swift-sharing's manifest before its switch: a library that lists this
// library (here the path of a link to this repository) beside the classic satellites
// xctest-dynamic-overlay and swift-concurrency-extras, whose tests use combine-schedulers and
// DependenciesTestSupport, and which depends on swift-custom-dump (a stand-in, that brings the
// satellites into the graph again) and lists swift-docc-plugin (a stand-in whose tool uses
// swift-docc-symbolkit's product) for its documentation. SharingShapeTests switches a copy.
import PackageDescription

let package = Package(
  name: "Sharing",
  products: [
    .library(name: "Sharing", targets: ["Sharing"])
  ],
  dependencies: [
    .package(path: "../combine-schedulers"),
    .package(path: "../swift-concurrency-extras"),
    .package(path: "../swift-custom-dump"),
    .package(path: "../swift-dependencies"),
    .package(path: "../xctest-dynamic-overlay"),
    .package(path: "../swift-docc-plugin"),
  ],
  targets: [
    .target(
      name: "Sharing",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "SharingTests",
      dependencies: [
        "Sharing",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]
    ),
  ]
)
