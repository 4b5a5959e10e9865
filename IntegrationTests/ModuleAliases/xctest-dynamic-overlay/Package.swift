// swift-tools-version: 6.0
// Stands in for the classic satellite package xctest-dynamic-overlay (swift-issue-reporting) in a
// package graph, as another dependency of a user's package brings it in: modules with its
// modules' names, each of which this library also has, and some of the names they declare that
// this library declares too (`isTesting`, `reportIssue`). The directory's name is the package's
// identity, as the last component of the classic URL is.
import PackageDescription

let package = Package(
  name: "xctest-dynamic-overlay",
  products: [
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "IssueReportingTestSupport", targets: ["IssueReportingTestSupport"]),
    .library(name: "XCTestDynamicOverlay", targets: ["XCTestDynamicOverlay"]),
  ],
  targets: [
    .target(name: "IssueReporting"),
    .target(name: "IssueReportingTestSupport"),
    .target(name: "XCTestDynamicOverlay", dependencies: ["IssueReporting"]),
  ]
)
