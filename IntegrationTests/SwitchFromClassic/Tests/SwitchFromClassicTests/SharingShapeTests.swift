import Foundation
import Testing

/// A package shaped like swift-sharing (Fixture/Sharing), switched as its maintainer would: the
/// tool refuses while a target names combine-schedulers' product; once that is gone, one run
/// writes the switch and lists what is left by hand (the aliases, with the manifest's lines; the
/// library the classic IssueReporting looks up, in the test target; the listed swift-docc-plugin that makes SwiftPM skip them in some runs; the uses that two modules
/// declare, with file:line); after those, it has nothing to do and the graph loads in every run.
/// Each step's status is the one SwitchStatus documents, from the plugin's last line and from the
/// tool itself. The switched package then builds with `swift build`, `swift build --build-tests`
/// and `swift test`.
@Suite struct SharingShapeTests {
  /// A copy of the fixture's Sharing and stand-ins, with a link to this library.
  private func workspace() throws -> URL {
    let files = FileManager.default
    let work = files.temporaryDirectory.appendingPathComponent("switch-from-classic-\(UUID())")
    try files.createDirectory(at: work, withIntermediateDirectories: true)
    for name in ["Sharing", "combine-schedulers", "swift-docc-plugin", "swift-docc-symbolkit"] {
      try files.copyItem(
        at: fixture.appendingPathComponent(name), to: work.appendingPathComponent(name))
    }
    for name in [
      "swift-custom-dump", "xctest-dynamic-overlay", "swift-concurrency-extras", "swift-clocks",
    ] {
      try files.copyItem(
        at: moduleAliasesFixture.appendingPathComponent(name),
        to: work.appendingPathComponent(name))
    }
    try files.createSymbolicLink(
      at: work.appendingPathComponent("swift-dependencies"), withDestinationURL: repository)
    return work
  }

  @Test func theToolSaysWhatIsLeftAndEachStatusTellsWrittenFromRefused() throws {
    let work = try workspace()
    defer { try? FileManager.default.removeItem(at: work) }
    let sharing = work.appendingPathComponent("Sharing")
    let manifest = sharing.appendingPathComponent("Package.swift")
    let plugin = switchFromClassic(packageDir: sharing) + ["--apply"]
    let original = try String(contentsOf: manifest, encoding: .utf8)

    // 1. Refused, nothing written: combine-schedulers' product needs code changes first.
    let (refused, refusal) = try swift(plugin, in: work)
    #expect(refused != 0, "\(refusal)")
    #expect(namedStatus(refusal) == 1, "\(refusal)")
    #expect(
      refusal.contains(
        #"Package.swift:37: .product(name: "CombineSchedulers", package: "combine-schedulers"): "#))
    #expect(try String(contentsOf: manifest, encoding: .utf8) == original)
    let tool = try #require(builtTool(), "the plugin built SwitchFromClassicTool")
    #expect(try run(tool, ["--package-dir", sharing.path], in: work).0 == 1)

    // Hand edit: the test target no longer uses CombineSchedulers (its schedulers moved to clocks).
    try edit(
      manifest,
      #"        .product(name: "CombineSchedulers", package: "combine-schedulers"),"# + "\n",
      "")
    try edit(
      sharing.appendingPathComponent("Tests/SharingTests/SharingTests.swift"),
      "import CombineSchedulers\n", "")

    // 2. Written, with steps left: the same run drops combine-schedulers too.
    let (written, steps) = try swift(plugin, in: work)
    #expect(written == 0, "\(steps)")
    #expect(namedStatus(steps) == 3, "\(steps)")
    for expected in [
      "drop the package combine-schedulers",
      "drop the package swift-concurrency-extras",
      "drop the package xctest-dynamic-overlay",
      "Package.swift:26 (target Sharing): write, in place of "
        + #".product(name: "Dependencies", package: "swift-dependencies"),"#,
      #""Clocks": "DependenciesClocks", "ConcurrencyExtras": "DependenciesConcurrencyExtras", "#
        + #""IssueReporting": "DependenciesIssueReporting", "#
        + #""XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay"]"#,
      "Package.swift:30 (target SharingTests): add to its dependencies:",
      #"moduleAliases: ["ConcurrencyExtrasTestSupport": "DependenciesConcurrencyExtrasTestSupport"]"#,
      #"moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]"#,
      "the classic IssueReporting (xctest-dynamic-overlay) reaches Swift Testing only through",
      #".product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),"#,
      "Package.swift:18: swift-docc-plugin is in the graph, but no target uses its products",
      #"if ProcessInfo.processInfo.environment["WITH_SWIFT_DOCC_PLUGIN"] != nil {"#,
      "Sources/Sharing/Shared.swift:3: import IssueReporting: drop this import",
      "Sources/Sharing/Shared.swift:8: isTesting",
      "Sources/Sharing/Shared.swift:9: reportIssue",
    ] {
      #expect(steps.contains(expected), "\(expected)\n---\n\(steps)")
    }
    #expect(!steps.contains("Reference.swift"), "it imports Dependencies alone")
    #expect(try run(tool, ["--package-dir", sharing.path], in: work).0 == 3)

    // Hand edits: the steps listed.
    try edit(
      manifest, "import PackageDescription\n", "import Foundation\nimport PackageDescription\n")
    try edit(
      manifest, #"        .product(name: "Dependencies", package: "swift-dependencies"),"#,
      #"""
              .product(
                name: "Dependencies", package: "swift-dependencies",
                moduleAliases: [
                  "Clocks": "DependenciesClocks",
                  "ConcurrencyExtras": "DependenciesConcurrencyExtras",
                  "IssueReporting": "DependenciesIssueReporting",
                  "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay",
                ]),
      """#)
    try edit(
      manifest,
      #"        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),"#,
      #"""
              .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
              .product(
                name: "ConcurrencyExtrasTestSupport", package: "swift-dependencies",
                moduleAliases: ["ConcurrencyExtrasTestSupport": "DependenciesConcurrencyExtrasTestSupport"]),
              .product(
                name: "IssueReportingTestSupport", package: "swift-dependencies",
                moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
              .product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),
      """#)
    try edit(manifest, #"    .package(path: "../swift-docc-plugin"),"# + "\n", "")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try
      (text + """

        if ProcessInfo.processInfo.environment["WITH_SWIFT_DOCC_PLUGIN"] != nil {
          package.dependencies.append(.package(path: "../swift-docc-plugin"))
        }

        """).write(to: manifest, atomically: true, encoding: .utf8)
    try edit(
      sharing.appendingPathComponent("Sources/Sharing/Shared.swift"), "import IssueReporting\n",
      "")

    // 3. Nothing left to do (the tool alone, as a script runs it).
    let (done, report) = try run(tool, ["--package-dir", sharing.path, "--apply"], in: work)
    #expect(done == 4, "\(report)")
    #expect(namedStatus(report) == 4, "\(report)")
    #expect(report.contains("Package.swift renames all of them"))

    // `swift build`, `swift build --build-tests` and `swift test` take the graph alike: the
    // test target's DependenciesTestSupport needs no aliases of its own.
    let (built, buildLog) = try swift(["build"], in: sharing)
    #expect(built == 0, "\(buildLog)")
    let (builtTests, testsLog) = try swift(["build", "--build-tests"], in: sharing)
    #expect(builtTests == 0, "\(testsLog)")
    let (tested, testLog) = try swift(["test", "--skip-build"], in: sharing)
    #expect(tested == 0, "\(testLog)")
    #expect(testLog.contains("Test run with 1 test in 1 suite passed"), "\(testLog)")

    // And the graph loads with the aliases applied whatever each run's hash seed: SwiftPM's order
    // of the packages, which the listed swift-docc-plugin made matter, changes with it.
    for _ in 1...2 {
      let (loaded, log) = try swift(
        ["build", "--target", "NoSuchTarget"], in: sharing,
        unsetting: ["SWIFT_DETERMINISTIC_HASHING"])
      #expect(loaded != 0)
      #expect(log.contains("no target named 'NoSuchTarget'"), "\(log)")
      #expect(!log.contains("conflicting name"), "\(log)")
    }

    try aPackageThatUsesTheClassicLibraryIsReported(tool: tool, work: work)
  }

  /// A package that lists the classic library itself (as swift-shell-client does, under
  /// swift-bump-version): SwiftPM 6.3 builds the graph with the root's `swift-dependencies` and
  /// warns as the tool and MigratingFromClassic quote; the tool lists it as a step left, with the
  /// mirror that settles it. (Run with the tool the other test's plugin built.)
  private func aPackageThatUsesTheClassicLibraryIsReported(tool: URL, work: URL) throws {
    let files = FileManager.default
    let client = work.appendingPathComponent("swift-shell-client")
    let app = work.appendingPathComponent("BumpVersion")
    for (directory, manifest, source) in [
      (
        client,
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
          name: "swift-shell-client",
          products: [.library(name: "ShellClient", targets: ["ShellClient"])],
          dependencies: [
            .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0")
          ],
          targets: [
            .target(
              name: "ShellClient",
              dependencies: [.product(name: "Dependencies", package: "swift-dependencies")])
          ]
        )

        """, ("ShellClient", "import Dependencies\npublic let shell = 1\n")
      ),
      (
        app,
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
          name: "BumpVersion",
          dependencies: [
            .package(path: "../swift-dependencies"),
            .package(path: "../swift-shell-client"),
          ],
          targets: [
            .target(
              name: "BumpVersion",
              dependencies: [
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "ShellClient", package: "swift-shell-client"),
              ])
          ]
        )

        """, ("BumpVersion", "import ShellClient\n")
      ),
    ] {
      let sources = directory.appendingPathComponent("Sources/\(source.0)")
      try files.createDirectory(at: sources, withIntermediateDirectories: true)
      try manifest.write(
        to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      try source.1.write(
        to: sources.appendingPathComponent("File.swift"), atomically: true, encoding: .utf8)
    }

    let (loaded, log) = try swift(["build", "--target", "NoSuchTarget"], in: app)
    #expect(loaded != 0)
    #expect(log.contains("no target named 'NoSuchTarget'"), "the graph loads: \(log)")
    for quoted in [
      "warning: 'swift-shell-client': Conflicting identity for swift-dependencies: dependency "
        + "'github.com/pointfreeco/swift-dependencies' and dependency ",
      "This will be escalated to an error in future versions of SwiftPM.",
    ] {
      #expect(log.contains(quoted), "SwiftPM's warning, as quoted: \(log)")
    }

    let (status, report) = try run(tool, ["--package-dir", app.path], in: work)
    #expect(status == 3, "\(report)")
    #expect(
      report.contains(
        "swift-shell-client depends on the classic library itself (pointfreeco/swift-dependencies)"),
      "\(report)")
    #expect(report.contains("This will be escalated to an error in future versions of SwiftPM."))
    #expect(
      report.contains(
        "swift package config set-mirror --original https://github.com/pointfreeco/swift-dependencies"
      ))
  }
}
