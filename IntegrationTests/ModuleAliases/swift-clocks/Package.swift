// swift-tools-version: 6.0
// Stands in for the classic satellite package swift-clocks in a package graph, as another
// dependency of a user's package brings it in: a module with the name of this library's Clocks,
// depending, as the classic one does, on the other two satellites. The directory's name is the
// package's identity, as the last component of the classic URL is.
import PackageDescription

let package = Package(
  name: "swift-clocks",
  products: [
    .library(name: "Clocks", targets: ["Clocks"])
  ],
  dependencies: [
    .package(path: "../xctest-dynamic-overlay"),
    .package(path: "../swift-concurrency-extras"),
  ],
  targets: [
    .target(
      name: "Clocks",
      dependencies: [
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    )
  ]
)
