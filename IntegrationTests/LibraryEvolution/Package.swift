// swift-tools-version: 6.0
// A client of the library built for library evolution, as a binary framework's clients see it:
// scripts/check-library-evolution.py (`make library-evolution`) builds this package with
// `-enable-library-evolution -emit-module-interface`, which SwiftPM applies to every module of the
// graph, so Dependencies, DependenciesMacros and DependenciesTestSupport (and the modules they
// depend on) are built resiliently, their interfaces verified, and this package's code compiled
// against them. Then it runs the executable (live context) and the tests (test context).
import PackageDescription

let package = Package(
  name: "LibraryEvolution",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-dependencies", path: "../..")
  ],
  targets: [
    .target(
      name: "EvolutionClient",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),
    .executableTarget(name: "EvolutionRunner", dependencies: ["EvolutionClient"]),
    .testTarget(
      name: "EvolutionClientTests",
      dependencies: [
        "EvolutionClient",
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]
    ),
  ]
)
