// swift-tools-version: 6.0
// A classic user's package shaped like a Linux command-line tool (reftonull/skillsync's graph): the
// classic library, swift-concurrency-extras and the real swift-custom-dump, whose graph brings the
// classic IssueReporting (xctest-dynamic-overlay) in. Resolved from ../shared/vendor through
// mirrors.sh. SwitchFromClassic/Tests/CustomDumpCLITests.swift runs it on the classic library as
// written, and on this package once switched with the tool and the steps it prints.
import PackageDescription

let package = Package(
  name: "CustomDumpCLI",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", exact: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.16.0"),
  ],
  targets: [
    .target(
      name: "CLICore",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    .testTarget(
      name: "CLICoreTests",
      dependencies: [
        "CLICore",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]
    ),
  ]
)
