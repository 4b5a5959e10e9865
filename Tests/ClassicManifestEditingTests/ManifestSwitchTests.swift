import ClassicManifestEditing
import Testing

@Suite struct ManifestSwitchTests {
  /// A manifest as a classic user writes one, with this package's URL put in already.
  static let classicManifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [
        .package(url: "https://github.com/you/swift-dependencies", branch: "main"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras.git", from: "1.0.0"),  // helpers
        .package(
          url: "https://github.com/pointfreeco/swift-clocks",
          from: "1.0.4"
        ),
      ],
      targets: [
        .target(
          name: "App",
          dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            .product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay"),
          ]
        ),
        .testTarget(
          name: "AppTests",
          dependencies: [
            "App",
            .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
          ]
        ),
      ]
    )

    """

  @Test func dropsTheSatellitesAndRepointsTheirProducts() throws {
    let edit = try ManifestSwitch(manifest: Self.classicManifest)
    #expect(edit.problems == [])
    #expect(
      edit.manifest == """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
          name: "App",
          dependencies: [
            .package(url: "https://github.com/you/swift-dependencies", branch: "main"),
          ],
          targets: [
            .target(
              name: "App",
              dependencies: [
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "IssueReporting", package: "swift-dependencies"),
                .product(name: "XCTestDynamicOverlay", package: "swift-dependencies"),
              ]
            ),
            .testTarget(
              name: "AppTests",
              dependencies: [
                "App",
                .product(name: "Clocks", package: "swift-dependencies"),
                .product(name: "ConcurrencyExtras", package: "swift-dependencies"),
                .product(name: "IssueReportingTestSupport", package: "swift-dependencies"),
              ]
            ),
          ]
        )

        """)
    #expect(
      edit.changes.map(\.kind) == [
        .dropPackage(identity: "xctest-dynamic-overlay"),
        .dropPackage(identity: "swift-concurrency-extras"),
        .dropPackage(identity: "swift-clocks"),
        .repointProduct(name: "IssueReporting", from: "xctest-dynamic-overlay"),
        .repointProduct(name: "XCTestDynamicOverlay", from: "xctest-dynamic-overlay"),
        .repointProduct(name: "Clocks", from: "swift-clocks"),
        .repointProduct(name: "ConcurrencyExtras", from: "swift-concurrency-extras"),
        .repointProduct(name: "IssueReportingTestSupport", from: "xctest-dynamic-overlay"),
      ])
    #expect(edit.changes.map(\.line) == [8, 9, 10, 20, 21, 28, 29, 30])
  }

  @Test func editingTwiceChangesNothingMore() throws {
    let once = try ManifestSwitch(manifest: Self.classicManifest).manifest
    let twice = try ManifestSwitch(manifest: once)
    #expect(twice.changes == [])
    #expect(twice.manifest == once)
  }

  @Test func swiftIssueReportingIsXCTestDynamicOverlaysNewName() throws {
    let edit = try ManifestSwitch(
      manifest: """
        dependencies: [.package(url: "https://github.com/you/swift-dependencies", from: "1.0.0"), .package(url: "https://github.com/pointfreeco/swift-issue-reporting", from: "1.4.0")],
        targets: [.target(name: "A", dependencies: [.product(name: "IssueReporting", package: "swift-issue-reporting")])]
        """)
    #expect(
      edit.manifest == """
        dependencies: [.package(url: "https://github.com/you/swift-dependencies", from: "1.0.0")],
        targets: [.target(name: "A", dependencies: [.product(name: "IssueReporting", package: "swift-dependencies")])]
        """)
  }

  @Test func aSatelliteFirstInALineDropsItsOwnComma() throws {
    let edit = try ManifestSwitch(
      manifest: """
        dependencies: [.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"), .package(path: "../swift-dependencies")]
        """)
    #expect(edit.manifest == #"dependencies: [.package(path: "../swift-dependencies")]"#)
  }

  @Test func aSatelliteLastInALineWithoutCommaDropsTheCommaBeforeIt() throws {
    let edit = try ManifestSwitch(
      manifest: """
        dependencies: [.package(path: "../swift-dependencies"), .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]
        """)
    #expect(edit.manifest == #"dependencies: [.package(path: "../swift-dependencies")]"#)
  }

  @Test func aProductMayNameThePackageByItsLegacyName() throws {
    let edit = try ManifestSwitch(
      manifest: """
        [
        .package(path: "../swift-dependencies"),
        .package(name: "Clocks Package", url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        ]
        .product(name: "Clocks", package: "Clocks Package"),
        """)
    #expect(
      edit.manifest == """
        [
        .package(path: "../swift-dependencies"),
        ]
        .product(name: "Clocks", package: "swift-dependencies"),
        """)
  }

  @Test func commentsAndStringsThatMentionASatelliteAreLeftAlone() throws {
    let manifest = """
      // .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
      /* .product(name: "Clocks", package: "swift-clocks") */
      let note = ".package(url: \\"https://github.com/pointfreeco/swift-clocks\\", from: \\"1\\")"
      let raw = #"a "quoted" .package(url: "x/swift-clocks") \\(not) interpolated"#
      .package(path: "../swift-dependencies")
      """
    let edit = try ManifestSwitch(manifest: manifest)
    #expect(edit.changes == [])
    #expect(edit.manifest == manifest)
  }

  @Test func theIdentityOfThisPackageCanBeGiven() throws {
    let edit = try ManifestSwitch(
      manifest: """
        [
        .package(url: "https://example.com/team/Dependencies-Fork", branch: "main"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        ]
        .product(name: "Clocks", package: "swift-clocks"),
        """,
      identity: "dependencies-fork")
    #expect(
      edit.manifest == """
        [
        .package(url: "https://example.com/team/Dependencies-Fork", branch: "main"),
        ]
        .product(name: "Clocks", package: "dependencies-fork"),
        """)
  }

  @Test func aManifestWithoutSatellitesIsUnchanged() throws {
    let manifest = #".package(url: "https://github.com/you/swift-dependencies", from: "1.0.0")"#
    let edit = try ManifestSwitch(manifest: manifest)
    #expect(edit.changes == [])
    #expect(edit.problems == [])
    #expect(edit.manifest == manifest)
  }
}

@Suite struct ManifestSwitchProblemTests {
  @Test func combineSchedulersStopsTheSwitchWithWhatToDoInstead() throws {
    let manifest = """
      .package(path: "../swift-dependencies"),
      .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.0"),
      .product(name: "CombineSchedulers", package: "combine-schedulers"),
      """
    let edit = try ManifestSwitch(manifest: manifest)
    #expect(edit.manifest == manifest)
    #expect(edit.changes == [])
    #expect(edit.problems.count == 1)
    #expect(edit.problems[0].line == 3)
    #expect(edit.problems[0].message.hasPrefix(".product(name: \"CombineSchedulers\""))
    #expect(edit.problems[0].message.contains("move its schedulers to clocks"))
  }

  /// Once no target names a product of combine-schedulers, the same run drops its package: no
  /// second run, no hand edit of the package line.
  @Test func combineSchedulersIsDroppedOnceNoTargetNamesItsProducts() throws {
    let manifest = """
      dependencies: [
        .package(path: "../swift-dependencies"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
      ],
      .testTarget(name: "AppTests", dependencies: [.product(name: "Clocks", package: "swift-clocks")]),
      """
    let edit = try ManifestSwitch(manifest: manifest)
    #expect(edit.problems == [])
    #expect(
      edit.manifest == """
        dependencies: [
          .package(path: "../swift-dependencies"),
        ],
        .testTarget(name: "AppTests", dependencies: [.product(name: "Clocks", package: "swift-dependencies")]),
        """)
    #expect(edit.expectation.droppedIdentities == ["combine-schedulers", "swift-clocks"])
  }

  /// A product named by name alone keeps the package, and is named at its line.
  @Test func combineSchedulersNamedByNameAloneStopsTheSwitch() throws {
    let manifest = """
      dependencies: [
        .package(path: "../swift-dependencies"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.0"),
      ],
      .testTarget(name: "AppTests", dependencies: ["App", "CombineSchedulers"]),
      """
    let edit = try ManifestSwitch(manifest: manifest)
    #expect(edit.manifest == manifest)
    #expect(edit.problems.map(\.line) == [5])
    #expect(edit.problems.first?.message.hasPrefix("\"CombineSchedulers\": ") == true)
  }

  @Test func aProductThisPackageDoesNotHaveIsNamed() throws {
    let edit = try ManifestSwitch(
      manifest: """
        [.package(path: "../swift-dependencies"),
         .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]
        .product(name: "ClocksExtras", package: "swift-clocks"),
        """)
    #expect(
      edit.problems.map(\.description) == [
        "line 3: this package has no product ClocksExtras (of swift-clocks); it provides Clocks"
      ])
  }

  @Test func aManifestWithoutThisPackageIsNotSwitched() throws {
    let edit = try ManifestSwitch(
      manifest: #"[.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")]"#)
    #expect(edit.changes == [])
    #expect(edit.problems.count == 1)
    #expect(edit.problems[0].line == nil)
    #expect(edit.problems[0].message.contains("no package whose identity is swift-dependencies"))
  }

  @Test func aSatelliteInAnExpressionItDoesNotEditIsLeftForTheUser() throws {
    let edit = try ManifestSwitch(
      manifest: """
        [.package(path: "../swift-dependencies")]
        let all = [base] + (useClocks ? [.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")] : [])
        let one = f(.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"))
        """)
    #expect(edit.problems.map(\.line) == [3])
    #expect(edit.problems[0].message.hasSuffix("remove it by hand"))
    #expect(edit.manifest.contains("f(.package"))
  }

  @Test func theClassicLibrarysOwnURLIsPointedOut() throws {
    let edit = try ManifestSwitch(
      manifest: """
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.9.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        """)
    #expect(edit.notes.count == 1)
    #expect(edit.notes[0].hasPrefix("line 1: the package swift-dependencies still comes from"))
  }

  @Test func anUnterminatedStringIsAnErrorAtItsLine() {
    #expect(
      throws: ManifestEditError.unreadable(line: 2, reason: "unterminated string literal")
    ) {
      try ManifestSwitch(
        manifest: "[\n.package(url: \"https://github.com/pointfreeco/swift-clocks)]")
    }
  }

  @Test func anUnclosedBracketIsAnErrorAtItsLine() {
    #expect(throws: ManifestEditError.unreadable(line: 1, reason: "'[' is never closed")) {
      try ManifestSwitch(manifest: "dependencies: [\n.package(path: \"x\")\n")
    }
  }
}

@Suite struct LineDiffTests {
  @Test func aRemovedLineAndAChangedLine() {
    let diff = LineDiff.unified(
      old: "a\nb\nc\nd\ne\nf\ng\nh\n", new: "a\nc\nd\ne\nf\nG\nh\n", name: "Package.swift",
      context: 1)
    #expect(
      diff == """
        --- Package.swift
        +++ Package.swift (switched)
        @@ -1,3 +1,2 @@
         a
        -b
         c
        @@ -6,3 +5,3 @@
         f
        -g
        +G
         h

        """)
  }

  @Test func noDiffForTheSameText() {
    #expect(LineDiff.unified(old: "a\n", new: "a\n", name: "x").isEmpty)
  }

  /// `"\r\n"` is one `Character`: lines are split by Unicode scalars, and shown without `\r`.
  @Test func windowsLineEndingsAreLines() {
    let diff = LineDiff.unified(
      old: "a\r\nb\r\nc\r\n", new: "a\r\nc\r\n", name: "Package.swift", context: 1)
    #expect(
      diff == """
        --- Package.swift
        +++ Package.swift (switched)
        @@ -1,3 +1,2 @@
         a
        -b
         c

        """)
  }

  @Test func theOriginalLineOfEachEditedLine() {
    #expect(LineDiff.oldLines(old: "a\nb\nc\nd\n", new: "a\nc\nX\nd\n") == [1, 3, 4, 4])
    #expect(LineDiff.oldLines(old: "a\nb\nc\n", new: "a\nB\nc\n") == [1, 2, 3])
  }
}
