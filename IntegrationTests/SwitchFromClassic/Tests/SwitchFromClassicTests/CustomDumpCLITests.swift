import Foundation
import Testing

/// A package shaped like a Linux command-line tool on the classic library (Fixture/CustomDumpCLI:
/// the real swift-custom-dump 1.6.0, and so the real xctest-dynamic-overlay 1.11.0, from
/// ../shared/vendor), switched as its maintainer would: this package's location put in place of
/// the classic URL, the tool run, then the steps it prints. swift-custom-dump reports its
/// differences through the classic IssueReporting, which reaches Swift Testing only through
/// functions it looks up at run time: once switched, a difference inside `withKnownIssue` is still
/// recorded, and a plain failing `expectNoDifference` still fails its run (a run of its own, in a
/// child `swift test`), as on the classic library.
@Suite struct CustomDumpCLITests {
  @Test func switchedFailingDifferencesStillFailAsOnTheClassicLibrary() throws {
    let files = FileManager.default
    let work = files.temporaryDirectory.appendingPathComponent("switch-from-classic-\(UUID())")
    try files.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: work) }
    let cli = work.appendingPathComponent("CustomDumpCLI")
    try files.copyItem(at: fixture.appendingPathComponent("CustomDumpCLI"), to: cli)
    try files.createSymbolicLink(
      at: work.appendingPathComponent("swift-dependencies"), withDestinationURL: repository)
    try useVendoredPackages(in: cli)
    let manifest = cli.appendingPathComponent("Package.swift")

    // The user's first step: this package in place of the classic URL. The graph resolves (the
    // checkouts the tool reads are made), and is refused: two modules named ConcurrencyExtras.
    try edit(
      manifest,
      #".package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.16.0"),"#,
      #".package(path: "../swift-dependencies"),"#)
    let (refused, refusal) = try swift(["build"], in: cli)
    #expect(refused != 0)
    #expect(refusal.contains("declare targets with a conflicting name"), "\(refusal)")

    let plugin = switchFromClassic(packageDir: cli)
    let (helped, help) = try swift(plugin + ["--help"], in: work)
    #expect(helped == 0, "\(help)")
    #expect(help.contains("usage: SwitchFromClassicTool"), "\(help)")
    #expect(help.contains("exit status 3: "), "\(help)")

    let (shown, shownEdit) = try swift(plugin, in: work)
    #expect(shown == 0, "\(shownEdit)")
    #expect(namedStatus(shownEdit) == 5, "\(shownEdit)")
    let (applied, steps) = try swift(plugin + ["--apply"], in: work)
    #expect(applied == 0, "\(steps)")
    #expect(namedStatus(steps) == 3, "\(steps)")
    for expected in [
      "drop the package swift-concurrency-extras",
      "xctest-dynamic-overlay (listed by swift-custom-dump)",
      "Package.swift:20 (target CLICore): write, in place of "
        + #".product(name: "Dependencies", package: "swift-dependencies"),"#,
      #""IssueReporting": "DependenciesIssueReporting", "#
        + #""XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay"]"#,
      "Package.swift:24 (target CLICoreTests): add to its dependencies:",
      #"moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]"#,
      "the classic IssueReporting (xctest-dynamic-overlay) reaches Swift Testing only through",
      #".product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),"#,
    ] {
      #expect(steps.contains(expected), "\(expected)\n---\n\(steps)")
    }

    // The hand edits: the steps printed.
    try edit(
      manifest,
      #"        .product(name: "Dependencies", package: "swift-dependencies"),"# + "\n"
        + #"        .product(name: "CustomDump", package: "swift-custom-dump"),"#,
      #"""
              .product(
                name: "Dependencies", package: "swift-dependencies",
                moduleAliases: [
                  "IssueReporting": "DependenciesIssueReporting",
                  "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay",
                ]),
              .product(name: "CustomDump", package: "swift-custom-dump"),
      """#)
    try edit(
      manifest,
      #"        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),"#,
      #"""
              .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
              .product(
                name: "IssueReportingTestSupport", package: "swift-dependencies",
                moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
              .product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),
      """#)
    let (done, report) = try swift(plugin + ["--apply"], in: work)
    #expect(done == 0, "\(report)")
    #expect(namedStatus(report) == 4, "nothing is left: \(report)")

    try expectClassicResults(in: cli)
  }

  /// The fixture's tests pass, with the differences inside `withKnownIssue` recorded as known
  /// issues, and a run of the plain failing `expectNoDifference` fails.
  private func expectClassicResults(in package: URL) throws {
    let (built, buildLog) = try swift(["build", "--build-tests"], in: package)
    #expect(built == 0, "\(buildLog)")
    let (tested, log) = try swift(["test", "--skip-build"], in: package)
    #expect(tested == 0, "\(log)")
    #expect(log.contains("Test run with 4 tests in 1 suite passed"), "\(log)")
    #expect(log.contains("with 2 known issues"), "\(log)")
    #expect(!log.contains("without linking the Testing framework"), "\(log)")

    let (failed, failure) = try swift(
      ["test", "--skip-build", "--filter", "aPlainDifferenceFailsTheRun"], in: package,
      setting: ["CUSTOM_DUMP_CLI_FAILING_RUN=1"])
    #expect(failed != 0, "the run fails: \(failure)")
    #expect(failure.contains("Test aPlainDifferenceFailsTheRun() recorded an issue"), "\(failure)")
    #expect(failure.contains("− 1\n    + 2"), "\(failure)")
  }
}
