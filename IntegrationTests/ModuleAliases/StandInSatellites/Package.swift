// swift-tools-version: 6.0
// Stands in for the classic satellite packages (swift-issue-reporting, swift-concurrency-extras,
// swift-clocks) in a package graph: modules named IssueReporting, ConcurrencyExtras and Clocks, as
// another dependency of a user's package might bring them in.
import PackageDescription

let package = Package(
  name: "StandInSatellites",
  products: [
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "Clocks", targets: ["Clocks"]),
  ],
  targets: [
    .target(name: "IssueReporting"),
    .target(name: "ConcurrencyExtras"),
    .target(name: "Clocks"),
  ]
)
