import ClassicManifestEditing
import Foundation
import Testing

/// The checks an edit passes before the tool writes it.
@Suite struct ManifestCheckTests {
  static let variableManifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let clocks: Package.Dependency = .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")

    let package = Package(
      name: "App",
      dependencies: [
        clocks,
        .package(path: "../swift-dependencies"),
      ],
      targets: [
        .target(name: "App", dependencies: [.product(name: "Clocks", package: "swift-clocks")])
      ]
    )

    """

  static let oneLineManifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [.package(path: "../swift-dependencies"), .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")],
      targets: [.target(name: "App", dependencies: [.product(name: "Clocks", package: "swift-clocks")])]
    )

    """

  @Test("Reading: the edit of each case passes")
  func correctEditsPass() throws {
    for manifest in [Self.variableManifest, Self.oneLineManifest] {
      #expect(ManifestCheck.byReading(try ManifestSwitch(manifest: manifest)) == [])
    }
  }

  /// What the tool wrote before it checked its edits: each is refused.
  @Test("Reading: broken edits are refused")
  func brokenEditsAreRefused() throws {
    // The variable emptied, its use left.
    let variable = try ManifestSwitch(manifest: Self.variableManifest)
    let emptied = Self.variableManifest.replacingOccurrences(
      of: #".package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")"#,
      with: "")
    let problems = ManifestCheck.byReading(variable, editedText: emptied)
    #expect(problems.first?.line == 4)
    #expect(problems.first?.message.hasPrefix("the edit would change more than") == true)

    // A list's `]` removed with its last package.
    let oneLine = try ManifestSwitch(manifest: Self.oneLineManifest)
    let unclosed = Self.oneLineManifest.replacingOccurrences(
      of: #", .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]"#,
      with: "")
    #expect(
      ManifestCheck.byReading(oneLine, editedText: unclosed).first?.message.contains(
        "would not read as Swift") == true)

    // A satellite left, its product not re-pointed.
    #expect(
      ManifestCheck.byReading(oneLine, editedText: Self.oneLineManifest).contains {
        $0.message.contains("would still need")
      })

    // An empty element left: `[a, , b]` reads, but is not Swift.
    let holed = Self.oneLineManifest.replacingOccurrences(
      of: #".package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")"#,
      with: ",")
    #expect(!ManifestCheck.byReading(oneLine, editedText: holed).isEmpty)
  }

  @Test("Reading: a package whose location only running tells is refused, naming its line")
  func unknownLocations() throws {
    let edit = try ManifestSwitch(
      manifest: """
        let url = "https://github.com/pointfreeco/swift-clocks"
        let package = Package(
          dependencies: [
            .package(path: "../swift-dependencies"),
            .package(url: url, from: "1.0.0"),
          ],
          targets: [.target(name: "A", dependencies: [.product(name: "Clocks", package: "swift-clocks")])]
        )
        """)
    #expect(edit.expectation.unknownLocations == [5])
    #expect(ManifestCheck.byReading(edit).map(\.line) == [5])
  }

  // MARK: - Dumps

  /// `dump-package`'s JSON for dependencies (identity, URL) and one target's product
  /// dependencies (name, package).
  private func dump(_ dependencies: [(String, String)], _ products: [(String, String)]) -> Data {
    let json: [String: Any] = [
      "name": "App",
      "dependencies": dependencies.map { identity, url in
        [
          "sourceControl": [
            ["identity": identity, "location": ["remote": [["urlString": url]]]]
          ]
        ]
      },
      "targets": [
        [
          "name": "App",
          "dependencies": products.map { name, package in
            ["product": [name, package, NSNull(), NSNull()]]
          },
        ]
      ],
    ]
    return try! JSONSerialization.data(withJSONObject: json)
  }

  private let clocks = ("swift-clocks", "https://github.com/pointfreeco/swift-clocks")
  private let this = ("swift-dependencies", "https://github.com/you/swift-dependencies")
  private let other = ("swift-collections", "https://github.com/apple/swift-collections")

  @Test("Dumps: the edited one is the original without the satellites, products re-pointed")
  func dumpsThatMatch() throws {
    let edit = try ManifestSwitch(manifest: Self.oneLineManifest)
    let problems = ManifestCheck.comparingDumps(
      original: dump([this, clocks, other], [("Clocks", "swift-clocks")]),
      edited: dump([this, other], [("Clocks", "swift-dependencies")]),
      expectation: edit.expectation)
    #expect(problems == [])
  }

  @Test("Dumps: a package lost, a product not re-pointed, a satellite left")
  func dumpsThatDiffer() throws {
    let edit = try ManifestSwitch(manifest: Self.oneLineManifest)
    let original = dump([this, clocks, other], [("Clocks", "swift-clocks")])
    let lost = ManifestCheck.comparingDumps(
      original: original, edited: dump([this], [("Clocks", "swift-dependencies")]),
      expectation: edit.expectation)
    #expect(lost.first?.message.contains("dependencies: expected 2 entries, found 1") == true)

    let notRepointed = ManifestCheck.comparingDumps(
      original: original, edited: dump([this, other], [("Clocks", "swift-clocks")]),
      expectation: edit.expectation)
    #expect(
      notRepointed.first?.message.contains(
        #"targets[0].dependencies[0].product[1]: expected "swift-dependencies", found "swift-clocks""#
      )
        == true)

    let left = ManifestCheck.comparingDumps(
      original: original, edited: dump([this, clocks, other], [("Clocks", "swift-dependencies")]),
      expectation: edit.expectation)
    #expect(left.first?.message.contains("declares the classic satellite swift-clocks") == true)
  }

  /// With the toolchain's `swift`: the real dumps of the cases agree; a URL held in a variable
  /// is found by running the manifest, and refused at its line.
  @Test(
    "Dumps with swift package dump-package",
    .enabled(if: (try? PackageDumper.find(explicit: nil).get()) != nil, "needs `swift` on PATH"))
  func realDumps() throws {
    let dumper = try PackageDumper.find(explicit: nil).get()
    for manifest in [Self.variableManifest, Self.oneLineManifest] {
      let edit = try ManifestSwitch(manifest: manifest)
      guard
        case .dumped(let before, let after) = dumper.dump(original: manifest, edited: edit.manifest)
      else {
        Issue.record("not dumped")
        continue
      }
      #expect(
        ManifestCheck.comparingDumps(original: before, edited: after, expectation: edit.expectation)
          == [])
    }

    let hidden = Self.oneLineManifest.replacingOccurrences(
      of: #"url: "https://github.com/pointfreeco/swift-clocks""#, with: "url: clocksURL"
    ).replacingOccurrences(
      of: "import PackageDescription\n",
      with:
        "import PackageDescription\nlet clocksURL = \"https://github.com/pointfreeco/swift-clocks\"\n"
    )
    let edit = try ManifestSwitch(manifest: hidden)
    guard case .dumped(let before, let after) = dumper.dump(original: hidden, edited: edit.manifest)
    else {
      Issue.record("not dumped")
      return
    }
    let problems = ManifestCheck.comparingDumps(
      original: before, edited: after, expectation: edit.expectation)
    #expect(problems.map(\.line) == [7])
    #expect(problems.first?.message.contains("at a location the tool cannot read") == true)
  }

  @Test(
    "Dumps: an edited manifest that does not load is reported with the compiler's message",
    .enabled(if: (try? PackageDumper.find(explicit: nil).get()) != nil, "needs `swift` on PATH"))
  func editedManifestThatDoesNotLoad() throws {
    let dumper = try PackageDumper.find(explicit: nil).get()
    let outcome = dumper.dump(
      original: Self.oneLineManifest,
      edited: Self.oneLineManifest.replacingOccurrences(of: "targets:", with: "targets"))
    guard case .editedFails(let message) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(message.contains("Package.swift:7:"), "\(message)")
  }
}
