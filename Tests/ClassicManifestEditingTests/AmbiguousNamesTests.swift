import ClassicManifestEditing
import Foundation
import Testing

@Suite struct SourceOutlineTests {
  @Test func importsAndTopLevelPublicNames() throws {
    let outline = try SourceOutline(
      """
      @_exported import IssueReporting
      import struct Foundation.URL
      public var isTesting: Bool { true }
      @_spi(Internals) public func hidden() {}
      public struct Reporter { public func member() {} }
      func internalOne() {}
      open class Base {}
      """)
    #expect(outline.imports.map(\.module) == ["IssueReporting", "Foundation"])
    #expect(outline.imports.map(\.exported) == [true, false])
    #expect(outline.publicNames == ["isTesting", "Reporter", "Base"])
  }

  @Test func unqualifiedUsesOnly() throws {
    let outline = try SourceOutline(
      """
      import IssueReporting
      let a = isTesting
      let b = IssueReporting.isTesting
      f(isTesting: true)
      reportIssue("x")
      func isTestingHelper() {}
      """)
    #expect(outline.uses(of: ["isTesting", "reportIssue"]).map(\.line) == [2, 5])
  }
}

@Suite struct AmbiguousNamesTests {
  /// Writes `files` (path: text) under `directory`.
  private func write(_ files: [String: String], under directory: URL) throws {
    for (path, text) in files {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
  }

  /// swift-sharing's case: files that import Dependencies and the other package's
  /// IssueReporting, and use names both declare.
  @Test func filesThatSeeANameTwiceAreListedWithTheirUses() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ambiguous-names-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let ours = work.appendingPathComponent("swift-dependencies")
    let other = work.appendingPathComponent("xctest-dynamic-overlay")
    let app = work.appendingPathComponent("App")
    try write(
      [
        "Sources/Dependencies/Exports.swift": "@_exported import IssueReporting\n",
        "Sources/IssueReporting/IsTesting.swift":
          "public var isTesting: Bool { false }\npublic func reportIssue(_ m: String) {}\n",
      ], under: ours)
    try write(
      [
        "Sources/IssueReporting/Other.swift": """
        public var isTesting: Bool { false }
        public func reportIssue(_ m: String) {}
        public func otherOnly() {}
        """
      ], under: other)
    try write(
      [
        "Sources/App/Drop.swift": """
        import Dependencies
        import IssueReporting

        func f() {
          if isTesting { reportIssue("a") }
        }
        """,
        "Sources/App/Qualify.swift": """
        import Dependencies
        import IssueReporting

        func g() {
          otherOnly()
          reportIssue("b")
        }
        """,
        "Sources/App/Qualified.swift": """
        import Dependencies
        import IssueReporting
        let h = IssueReporting.isTesting
        """,
        "Sources/App/OursOnly.swift": "import Dependencies\nlet i = isTesting\n",
      ], under: app)
    let graph = GraphPackages(packages: [
      .init(
        identity: "swift-dependencies", directory: ours, manifest: "",
        listedBy: [GraphPackages.rootName]),
      .init(
        identity: "xctest-dynamic-overlay", directory: other, manifest: "",
        listedBy: ["swift-custom-dump"]),
    ])
    let files = AmbiguousNames.find(
      package: app, manifest: "", renamed: ["IssueReporting", "XCTestDynamicOverlay"],
      identity: "swift-dependencies", graph: graph)
    #expect(files.map(\.path) == ["Sources/App/Drop.swift", "Sources/App/Qualify.swift"])
    #expect(
      files.first?.uses == [.init(line: 5, name: "isTesting"), .init(line: 5, name: "reportIssue")])
    #expect(files.first?.otherImports.map(\.line) == [2])
    #expect(files.first?.usesOtherOnlyNames == false)
    #expect(files.last?.uses == [.init(line: 6, name: "reportIssue")])
    #expect(files.last?.usesOtherOnlyNames == true)
  }
}
