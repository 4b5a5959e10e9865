// swift-tools-version: 6.0
// A user's package shaped like the common real case: an app that uses `@DependencyClient`, tests
// that call its endpoints, and a dependency on a package like swift-custom-dump (here a stand-in,
// ../swift-custom-dump) that itself depends on the classic satellite packages (stand-ins too),
// which so reach the graph through it: no edit of this manifest removes them. SwiftPM refuses two
// modules of one name among the products of the packages in a graph, so this library's six
// modules of the satellites' names are renamed with `moduleAliases`, the route of
// MigratingFromClassic, "Module-name collisions with the classic satellites": the four that
// Dependencies contains on the Dependencies product, once (an alias renames the module wherever
// it is in the graph, so DependenciesMacros and DependenciesTestSupport need none), and the two
// test-support modules, which are in no product the targets use, on their own products, listed
// in the test target only for that.
import Foundation
import PackageDescription

// This library is a path dependency here, named after its directory (see ../AliasUser).
let swiftDependencies = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "CustomDumpUser",
  dependencies: [
    .package(path: "../../.."),
    .package(path: "../swift-custom-dump"),
  ],
  targets: [
    .target(
      name: "CustomDumpUser",
      dependencies: [
        .product(
          name: "Dependencies", package: swiftDependencies,
          moduleAliases: [
            "Clocks": "DependenciesClocks",
            "ConcurrencyExtras": "DependenciesConcurrencyExtras",
            "IssueReporting": "DependenciesIssueReporting",
            "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay",
          ]),
        .product(name: "DependenciesMacros", package: swiftDependencies),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .testTarget(
      name: "CustomDumpUserTests",
      dependencies: [
        "CustomDumpUser",
        .product(name: "DependenciesTestSupport", package: swiftDependencies),
        .product(
          name: "ConcurrencyExtrasTestSupport", package: swiftDependencies,
          moduleAliases: [
            "ConcurrencyExtrasTestSupport": "DependenciesConcurrencyExtrasTestSupport"
          ]),
        .product(
          name: "IssueReportingTestSupport", package: swiftDependencies,
          moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
      ]
    ),
  ]
)
