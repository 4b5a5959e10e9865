// swift-tools-version: 6.0
// A user's package whose graph holds two modules of each satellite name: this library's
// (IssueReporting, IssueReportingTestSupport, XCTestDynamicOverlay, ConcurrencyExtras,
// ConcurrencyExtrasTestSupport, Clocks) and another package's (here a stand-in for the classic
// satellites). SwiftPM refuses two modules of one name in a graph, whether a target uses them or
// not; `moduleAliases` renames this library's: the four Dependencies contains on the Dependencies
// product, the other two on products of their own, listed only for that. The recipe of
// MigratingFromClassic, "Module-name collisions with the classic satellites".
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
    .package(path: "../StandInSatellites"),
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
        .product(name: "IssueReporting", package: "StandInSatellites"),
        .product(name: "ConcurrencyExtras", package: "StandInSatellites"),
        .product(name: "Clocks", package: "StandInSatellites"),
      ]
    ),
    .testTarget(name: "AliasUserTests", dependencies: ["AliasUser"]),
  ]
)
