// swift-tools-version: 6.0
// Stands in for the classic xctest-dynamic-overlay: its package name and module names.
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
