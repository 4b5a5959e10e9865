// swift-tools-version: 6.0
// Stands in for the classic satellite packages (swift-issue-reporting, swift-concurrency-extras,
// swift-clocks) in a package graph, as another dependency of a user's package brings them in:
// modules with their names, each of which this library also has, and some of the names they
// declare that this library declares too (`isTesting`, `reportIssue`).
import PackageDescription

let package = Package(
  name: "StandInSatellites",
  products: [
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "IssueReportingTestSupport", targets: ["IssueReportingTestSupport"]),
    .library(name: "XCTestDynamicOverlay", targets: ["XCTestDynamicOverlay"]),
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "ConcurrencyExtrasTestSupport", targets: ["ConcurrencyExtrasTestSupport"]),
    .library(name: "Clocks", targets: ["Clocks"]),
  ],
  targets: [
    .target(name: "IssueReporting"),
    .target(name: "IssueReportingTestSupport"),
    .target(name: "XCTestDynamicOverlay", dependencies: ["IssueReporting"]),
    .target(name: "ConcurrencyExtras"),
    .target(name: "ConcurrencyExtrasTestSupport"),
    .target(name: "Clocks"),
  ]
)
