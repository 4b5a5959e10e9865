import ClassicManifestEditing
import Testing

/// A manifest as real projects write one, and what the switch makes of it: the edited text, or
/// a refusal naming the line.
struct SwitchCase: CustomTestStringConvertible, Sendable {
  var name: String
  var manifest: String
  /// The edited manifest; nil when the switch refuses.
  var edited: String?
  /// For a refusal: the line it names and a part of its message.
  var refusalLine: Int? = nil
  var refusal: String? = nil

  var testDescription: String { name }
}

/// `body` inside a manifest's `dependencies:` and `targets:`, with this package listed.
private func manifest(dependencies: String, products: String, before: String = "") -> String {
  """
  // swift-tools-version: 6.0
  import PackageDescription
  \(before)
  let package = Package(
    name: "App",
    dependencies: \(dependencies),
    targets: [
      .target(name: "App", dependencies: \(products))
    ]
  )

  """
}

@Suite struct SwitchCaseTests {
  static let cases: [SwitchCase] = [
    SwitchCase(
      name: "A dependencies list on one line, the satellite last",
      manifest: manifest(
        dependencies:
          #"[.package(path: "../swift-dependencies"), .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]"#,
        products: #"[.product(name: "Clocks", package: "swift-clocks")]"#),
      edited: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#,
        products: #"[.product(name: "Clocks", package: "swift-dependencies")]"#)),
    SwitchCase(
      name: "A dependencies list on one line, two satellites first",
      manifest: manifest(
        dependencies:
          #"[.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"), .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"), .package(path: "../swift-dependencies")]"#,
        products: #"["Clocks"]"#),
      edited: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: #"["Clocks"]"#)),
    SwitchCase(
      name: "A dependencies list on one line, with a trailing comma, the satellite alone",
      manifest: manifest(
        dependencies:
          #"[.package(path: "../swift-dependencies"),.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),]"#,
        products: "[]"),
      edited: manifest(dependencies: #"[.package(path: "../swift-dependencies"),]"#, products: "[]")
    ),
    SwitchCase(
      name: "The last element of a list, its `]` on its line",
      manifest: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
              .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]
          """,
        products: "[]"),
      edited: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies")]
          """,
        products: "[]")),
    SwitchCase(
      name: "A satellite held in a variable",
      manifest: manifest(
        dependencies: """
          [
              clocks,
              .package(path: "../swift-dependencies"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "swift-clocks")]"#,
        before: """

          let clocks: Package.Dependency = .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")

          """),
      edited: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "swift-dependencies")]"#)),
    SwitchCase(
      name: "A satellite held in a variable, written `Package.Dependency.package`, appended",
      manifest: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#,
        products: "[]",
        before: """

          let clocks = Package.Dependency.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")

          """)
        + "package.dependencies.append(clocks)\n",
      edited: manifest(dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")),
    SwitchCase(
      name: "A variable used where the tool does not drop it",
      manifest: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")] + [clocks].filter { _ in true }"#,
        products: "[]",
        before: """
          let clocks: Package.Dependency = .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")
          let more = f(clocks)
          """),
      edited: nil, refusalLine: 4,
      refusal: "'clocks', which holds the package swift-clocks, is part of an expression"),
    SwitchCase(
      name: "A URL whose case differs, with .git",
      manifest: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
              .package(url: "https://github.com/PointFree/Swift-Clocks.git", from: "1.0.0"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "Swift-Clocks")]"#),
      edited: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "swift-dependencies")]"#)),
    SwitchCase(
      name: "A URL built by interpolation, its last component written out",
      manifest: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
              .package(url: "\\(pointfree)/swift-clocks", from: "1.0.0"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "swift-clocks")]"#,
        before: #"let pointfree = "https://github.com/pointfreeco""#),
      edited: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
            ]
          """,
        products: #"[.product(name: "Clocks", package: "swift-dependencies")]"#,
        before: #"let pointfree = "https://github.com/pointfreeco""#)),
    SwitchCase(
      name: "A #if-guarded append of a satellite and of its product",
      manifest: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")
          + """
          #if !os(Windows)
            package.dependencies.append(
              .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.0.0"))
            for target in package.targets {
              target.dependencies.append(.product(name: "IssueReporting", package: "xctest-dynamic-overlay"))
            }
          #endif

          """,
      edited: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")
          + """
          #if !os(Windows)
            for target in package.targets {
              target.dependencies.append(.product(name: "IssueReporting", package: "swift-dependencies"))
            }
          #endif

          """),
    SwitchCase(
      name: "Run again after the package's append was removed: the product's append",
      manifest: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")
          + """
          for target in package.targets {
            target.dependencies.append(.product(name: "IssueReporting", package: "xctest-dynamic-overlay"))
          }

          """,
      edited: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")
          + """
          for target in package.targets {
            target.dependencies.append(.product(name: "IssueReporting", package: "swift-dependencies"))
          }

          """),
    SwitchCase(
      name: "An append that shares its line",
      manifest: manifest(
        dependencies: #"[.package(path: "../swift-dependencies")]"#, products: "[]")
          + """
          let x = 1; package.dependencies.append(.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"))

          """,
      edited: nil, refusalLine: 11, refusal: "in a statement that shares its line"),
    SwitchCase(
      name: "A satellite in a conditional expression",
      manifest: manifest(
        dependencies: """
          [
              .package(path: "../swift-dependencies"),
              local ? .package(path: "../swift-clocks") : .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
            ]
          """,
        products: "[]"),
      edited: nil, refusalLine: 8, refusal: "is part of an expression the tool does not edit"),
  ]

  @Test("Manifests as projects write them: edited, or refused naming the line", arguments: cases)
  func switchCase(_ example: SwitchCase) throws {
    let edit = try ManifestSwitch(manifest: example.manifest)
    if let edited = example.edited {
      #expect(edit.problems == [])
      #expect(edit.manifest == edited)
      #expect(ManifestCheck.byReading(edit) == [])
      // Run again, nothing more to do.
      let again = try ManifestSwitch(manifest: edit.manifest)
      #expect(again.changes == [])
      #expect(again.problems == [])
    } else {
      #expect(edit.manifest == example.manifest)
      #expect(edit.changes == [])
      #expect(edit.problems.contains { $0.line == example.refusalLine })
      #expect(
        edit.problems.contains { $0.message.contains(example.refusal ?? "") },
        "\(edit.problems)")
    }
  }

  /// The same manifests with Windows line endings: the same edit, with `\r\n` kept and no line
  /// of blanks left where a line went.
  @Test("Windows line endings", arguments: cases.filter { $0.edited != nil })
  func windowsLineEndings(_ example: SwitchCase) throws {
    let crlf = { (text: String) in
      text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
    let edit = try ManifestSwitch(manifest: crlf(example.manifest))
    #expect(edit.problems == [])
    #expect(edit.manifest == crlf(example.edited ?? ""))
    #expect(ManifestCheck.byReading(edit) == [])
  }
}
