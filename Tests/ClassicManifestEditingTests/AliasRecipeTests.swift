import ClassicManifestEditing
import Testing

@Suite struct AliasRecipeTests {
  /// A manifest shaped like swift-sharing's: the library target lists Dependencies, the test
  /// target DependenciesTestSupport, and neither renames anything yet.
  static let manifest = """
    let package = Package(
      name: "Sharing",
      targets: [
        .target(
          name: "Sharing",
          dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "CustomDump", package: "swift-custom-dump"),
          ]
        ),
        .testTarget(
          name: "SharingTests",
          dependencies: [
            "Sharing",
            .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
          ]
        ),
      ]
    )
    """

  @Test func theModulesOfTheSatellitesInTheGraphAreRenamedWhereTheManifestListsThem() {
    let recipe = AliasRecipe(
      manifest: Self.manifest, satellites: ["xctest-dynamic-overlay", "swift-clocks"],
      identity: "swift-dependencies")
    #expect(
      recipe.needed == [
        "Clocks", "IssueReporting", "IssueReportingTestSupport", "XCTestDynamicOverlay",
      ])
    #expect(recipe.missing == recipe.needed)
    #expect(
      recipe.steps == [
        .init(
          kind: .replace(#".product(name: "Dependencies", package: "swift-dependencies")"#),
          line: 7, target: "Sharing",
          entry: """
            .product(
              name: "Dependencies", package: "swift-dependencies",
              moduleAliases: ["Clocks": "DependenciesClocks", "IssueReporting": "DependenciesIssueReporting", "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay"]),
            """),
        .init(
          kind: .add, line: 11, target: "SharingTests",
          entry: """
            .product(
              name: "IssueReportingTestSupport", package: "swift-dependencies",
              moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
            """),
      ])
  }

  /// What the manifest renames already is not asked for again; a product that has aliases gets
  /// the missing pairs added.
  @Test func onlyTheMissingAliasesAreAskedFor() {
    let manifest = Self.manifest.replacingOccurrences(
      of: #".product(name: "Dependencies", package: "swift-dependencies"),"#,
      with: #"""
        .product(
          name: "Dependencies", package: "swift-dependencies",
          moduleAliases: ["IssueReporting": "DependenciesIssueReporting"]),
        .product(
          name: "IssueReportingTestSupport", package: "swift-dependencies",
          moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
        """#)
    let recipe = AliasRecipe(
      manifest: manifest, satellites: ["xctest-dynamic-overlay"], identity: "swift-dependencies")
    #expect(recipe.missing == ["XCTestDynamicOverlay"])
    #expect(
      recipe.steps == [
        .init(
          kind: .addAliases, line: 7, target: "Sharing",
          entry: #""XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay""#)
      ])
  }

  /// An alias renames its module in the whole graph: the test target's DependenciesTestSupport
  /// needs none of its own once Dependencies carries them.
  @Test func aManifestThatRenamesEveryModuleOnceNeedsNothingMore() {
    let manifest = Self.manifest.replacingOccurrences(
      of: #".product(name: "Dependencies", package: "swift-dependencies"),"#,
      with: #"""
        .product(
          name: "Dependencies", package: "swift-dependencies",
          moduleAliases: [
            "IssueReporting": "DependenciesIssueReporting",
            "XCTestDynamicOverlay": "DependenciesXCTestDynamicOverlay",
          ]),
        """#
    ).replacingOccurrences(
      of: #".product(name: "DependenciesTestSupport", package: "swift-dependencies"),"#,
      with: #"""
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
        .product(
          name: "IssueReportingTestSupport", package: "swift-dependencies",
          moduleAliases: ["IssueReportingTestSupport": "DependenciesIssueReportingTestSupport"]),
        """#)
    let recipe = AliasRecipe(
      manifest: manifest, satellites: ["xctest-dynamic-overlay"], identity: "swift-dependencies")
    #expect(recipe.missing == [])
    #expect(recipe.steps == [])
  }

  /// swift-concurrency-extras alone: its test-support module is the only one outside Dependencies.
  @Test func aTestSupportModuleIsListedApart() {
    let recipe = AliasRecipe(
      manifest: Self.manifest, satellites: ["swift-concurrency-extras"],
      identity: "swift-dependencies")
    #expect(recipe.steps.count == 2)
    #expect(
      recipe.steps.first?.entry.contains(#""ConcurrencyExtras": "DependenciesConcurrencyExtras""#)
        == true)
    #expect(recipe.steps.last?.entry.contains("ConcurrencyExtrasTestSupport") == true)
    #expect(recipe.steps.last?.target == "SharingTests")
  }

  @Test func aPackageWithoutCollidingModulesNeedsNone() {
    #expect(AliasRecipe.modules(for: ["combine-schedulers"]) == [])
  }
}

@Suite struct ClassicIssueReportingLinksTests {
  /// Each test target that lists this package's test support links the classic IssueReporting's
  /// hooks while that IssueReporting is in the graph; one that lists them already, or no test
  /// support, needs nothing.
  @Test func eachTestTargetThatLinkedClassicTestSupportLinksTheHooks() {
    let manifest = """
      let package = Package(
        name: "CLI",
        targets: [
          .target(name: "Core"),
          .testTarget(
            name: "CoreTests",
            dependencies: [
              .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
            ]
          ),
          .testTarget(
            name: "LinkedTests",
            dependencies: [
              .product(name: "IssueReportingTestSupport", package: "swift-dependencies"),
              .product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),
            ]
          ),
          .testTarget(name: "PlainTests", dependencies: ["Core"]),
        ]
      )
      """
    #expect(
      ClassicIssueReportingLinks.steps(
        manifest: manifest, satellites: ["xctest-dynamic-overlay"], identity: "swift-dependencies")
        == [
          .init(
            kind: .add, line: 5, target: "CoreTests",
            entry:
              #".product(name: "ClassicIssueReportingTestSupport", package: "swift-dependencies"),"#
          )
        ])
    #expect(
      ClassicIssueReportingLinks.steps(
        manifest: manifest, satellites: ["swift-clocks"], identity: "swift-dependencies"
      )
      .isEmpty, "without the classic IssueReporting in the graph, nothing looks them up")
  }
}
