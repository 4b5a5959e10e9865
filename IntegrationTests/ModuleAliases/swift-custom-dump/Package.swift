// swift-tools-version: 6.0
// Stands in for a package like swift-custom-dump: a library that a user's package depends on and
// that itself depends on the classic satellite packages (here stand-ins of all three, as a
// package such as swift-navigation brings in more than swift-custom-dump's xctest-dynamic-overlay),
// so that they reach the user's graph through it, where no edit of the user's manifest can
// remove them. The directory's name is the package's identity, as the last component of the
// real URL is.
import PackageDescription

let package = Package(
  name: "swift-custom-dump",
  products: [
    .library(name: "CustomDump", targets: ["CustomDump"])
  ],
  dependencies: [
    .package(path: "../xctest-dynamic-overlay"),
    .package(path: "../swift-concurrency-extras"),
    .package(path: "../swift-clocks"),
  ],
  targets: [
    .target(
      name: "CustomDump",
      dependencies: [
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    )
  ]
)
