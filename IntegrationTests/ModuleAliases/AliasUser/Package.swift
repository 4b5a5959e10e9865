// swift-tools-version: 6.0
// A user's package whose graph holds two modules of each satellite name: this library's
// (IssueReporting, IssueReportingTestSupport, XCTestDynamicOverlay, ConcurrencyExtras,
// ConcurrencyExtrasTestSupport, Clocks) and the classic satellite packages' (here stand-ins,
// ../xctest-dynamic-overlay, ../swift-concurrency-extras, ../swift-clocks), whose products its
// target lists itself. SwiftPM refuses two modules of one name in a graph, whether a target uses
// them or not; `moduleAliases` renames this library's: the four Dependencies contains on the
// Dependencies product, the other two on products of their own, listed only for that. An alias
// renames the module wherever it is in the graph: DependenciesMacros, which contains
// IssueReporting and XCTestDynamicOverlay too, needs none of its own, and its macros' expansions
// name no module (they expand here, in files that import the other package's IssueReporting
// too). The recipe of MigratingFromClassic, "Module-name collisions with the classic satellites".
// Its tests link DependenciesTestSupport too (the `.dependencies` trait under the aliases). The
// graph where another package brings the satellites in is SwitchFromClassic's CustomDumpCLI
// fixture, with the real swift-custom-dump.
import Foundation
import PackageDescription

// This library is a path dependency here, and SwiftPM names a path dependency after its
// directory, whatever the repository's checkout is called: the products below name it that way.
// (`.package(name: "swift-dependencies", path: …)` would give it the usual name, but SwiftPM 6.3
// then ignores the aliases of the modules that no target of this package imports from the other
// package: IssueReportingTestSupport, ConcurrencyExtrasTestSupport, XCTestDynamicOverlay.)
let swiftDependencies = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "AliasUser",
  dependencies: [
    .package(path: "../../.."),
    .package(path: "../xctest-dynamic-overlay"),
    .package(path: "../swift-concurrency-extras"),
    .package(path: "../swift-clocks"),
  ],
  targets: [
    .target(
      name: "AliasUser",
      dependencies: [
        .product(
          name: "Dependencies", package: swiftDependencies,
          moduleAliases: [
            "IssueReporting": "DependenciesIssueReporting",
            "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay",
            "ConcurrencyExtras": "DependenciesConcurrencyExtras",
            "Clocks": "DependenciesClocks",
          ]),
        .product(
          name: "IssueReportingTestSupport", package: swiftDependencies,
          moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
        .product(
          name: "ConcurrencyExtrasTestSupport", package: swiftDependencies,
          moduleAliases: [
            "ConcurrencyExtrasTestSupport": "DependenciesConcurrencyExtrasTestSupport"
          ]),
        .product(name: "DependenciesMacros", package: swiftDependencies),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "AliasUserTests",
      dependencies: [
        "AliasUser", .product(name: "DependenciesTestSupport", package: swiftDependencies),
      ]
    ),
  ]
)
