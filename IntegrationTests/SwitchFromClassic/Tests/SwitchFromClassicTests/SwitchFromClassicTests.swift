import Foundation
import Testing

@Suite struct SwitchFromClassicTests {
  @Test func thePluginSwitchesAManifestThatListsTheSatellitesAndItThenBuilds() throws {
    let files = FileManager.default
    let work = files.temporaryDirectory.appendingPathComponent("switch-from-classic-\(UUID())")
    try files.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: work) }
    for name in ["App", "xctest-dynamic-overlay", "swift-clocks"] {
      try files.copyItem(
        at: fixture.appendingPathComponent(name), to: work.appendingPathComponent(name))
    }
    // This library, under the identity a classic manifest uses for it.
    try files.createSymbolicLink(
      at: work.appendingPathComponent("swift-dependencies"), withDestinationURL: repository)
    let app = work.appendingPathComponent("App")
    let manifest = app.appendingPathComponent("Package.swift")
    let original = try String(contentsOf: manifest, encoding: .utf8)

    // As written, the graph has two modules named IssueReporting (and Clocks): SwiftPM refuses it,
    // and so loads no plugin of it.
    let (refused, refusal) = try swift(["build"], in: app)
    #expect(refused != 0)
    #expect(refusal.contains("declare targets with a conflicting name"))

    // So the plugin runs from this library's package (for a user: its checkout).
    let plugin = switchFromClassic(packageDir: app)
    let (printed, shown) = try swift(plugin, in: work)
    #expect(printed == 0, "\(shown)")
    #expect(shown.contains("drop the package xctest-dynamic-overlay"))
    #expect(shown.contains("take the product Clocks from this package, not from swift-clocks"))
    #expect(shown.contains(#"-        .product(name: "Clocks", package: "swift-clocks"),"#))
    #expect(shown.contains(#"+        .product(name: "Clocks", package: "swift-dependencies"),"#))
    #expect(shown.contains("checked with `swift package dump-package`"))
    #expect(namedStatus(shown) == 5, "without --apply: nothing written")
    #expect(try String(contentsOf: manifest, encoding: .utf8) == original)

    let (applied, written) = try swift(plugin + ["--apply"], in: work)
    #expect(applied == 0, "\(written)")
    #expect(namedStatus(written) == 0, "written, and nothing is left")
    #expect(
      try String(contentsOf: manifest, encoding: .utf8)
        == original
        .replacingOccurrences(
          of: """
                .package(path: "../xctest-dynamic-overlay"),  // issue reporting
                .package(path: "../swift-clocks"),

            """, with: ""
        )
        .replacingOccurrences(
          of: #"package: "xctest-dynamic-overlay""#, with: #"package: "swift-dependencies""#
        )
        .replacingOccurrences(
          of: #"package: "swift-clocks""#, with: #"package: "swift-dependencies""#))

    // Now it resolves, builds against this library, and runs.
    let (built, log) = try swift(["build"], in: app)
    #expect(built == 0, "\(log)")
    let (ran, output) = try swift(["run", "--skip-build", "App"], in: app)
    #expect(ran == 0, "\(output)")
    #expect(output.contains("isTesting: false, immediate clock slept\ncontext: preview"))
  }
}
