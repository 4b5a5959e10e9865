// swift-tools-version: 6.2
import PackageDescription

// The benchmark suite against the classic library: the same rows as this repository's `Benchmarks`
// executable (Benchmarks/Suite, linked here as Sources/ClassicBenchmarks/Suite), built against
// pointfreeco/swift-dependencies instead of this package; a package of its own because two
// packages cannot both vend the module `Dependencies`. Only ThisPackage/, the rows of this
// package's C core, is left out; Sources/ClassicBenchmarks/Implementation.swift says what the
// executable measures.
//
// `make bench` and `make bench-instructions` (scripts/bench.py) build it in release, in
// .build-bench-classic, and run it beside this package's. Package.resolved pins the classic
// library's whole graph. Offline, the script resolves it from ../shared/vendor through that
// folder's mirrors.sh (which writes .swiftpm/configuration/mirrors.json here, kept out of git);
// with network access, from GitHub.
let package = Package(
  name: "classic-benchmarks",
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.16.0")
  ],
  targets: [
    .target(name: "AllocationCounter"),
    .target(name: "CallgrindSamples"),
    .executableTarget(
      name: "ClassicBenchmarks",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        "AllocationCounter", "CallgrindSamples",
      ],
      exclude: ["Suite/ThisPackage"]
    ),
  ]
)
