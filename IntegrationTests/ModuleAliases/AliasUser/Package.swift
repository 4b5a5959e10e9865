// swift-tools-version: 6.0
// A user's package whose graph holds two modules of each satellite name: this library's
// IssueReporting, ConcurrencyExtras and Clocks (which Dependencies uses), and another package's
// (here a stand-in for the classic satellites). SwiftPM refuses two modules of one name in a graph;
// `moduleAliases` on the Dependencies product renames this library's three, and the user's
// `import IssueReporting` then means the other package's module.
import PackageDescription

let package = Package(
  name: "AliasUser",
  dependencies: [
    .package(name: "swift-dependencies", path: "../../.."),
    .package(path: "../StandInSatellites"),
  ],
  targets: [
    .target(
      name: "AliasUser",
      dependencies: [
        .product(
          name: "Dependencies", package: "swift-dependencies",
          moduleAliases: [
            "IssueReporting": "DependenciesIssueReporting",
            "ConcurrencyExtras": "DependenciesConcurrencyExtras",
            "Clocks": "DependenciesClocks",
          ]),
        .product(name: "IssueReporting", package: "StandInSatellites"),
        .product(name: "ConcurrencyExtras", package: "StandInSatellites"),
        .product(name: "Clocks", package: "StandInSatellites"),
      ]
    ),
    .testTarget(name: "AliasUserTests", dependencies: ["AliasUser"]),
  ]
)
