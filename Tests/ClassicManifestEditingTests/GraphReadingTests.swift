import ClassicManifestEditing
import Foundation
import Testing

/// A package of a graph, read from `manifest`, listed by `listedBy`.
private func package(
  _ identity: String, _ manifest: String = "", listedBy: Set<String> = [GraphPackages.rootName]
) -> GraphPackages.Package {
  .init(
    identity: identity, directory: URL(fileURLWithPath: "/nowhere/\(identity)"),
    manifest: manifest, listedBy: listedBy)
}

@Suite struct ClassicDependentsTests {
  /// swift-sharing's shape: swift-custom-dump brings xctest-dynamic-overlay; swift-shell-client
  /// lists the classic library itself; the root's own satellites are the switch's to drop.
  @Test func satellitesOtherPackagesBringAndPackagesThatUseTheClassicLibraryAreFound() {
    let graph = GraphPackages(packages: [
      package("swift-dependencies"),
      package(
        "swift-custom-dump",
        #".package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.0.0")"#),
      package(
        "swift-shell-client",
        #".package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0")"#),
      package("xctest-dynamic-overlay", listedBy: ["swift-custom-dump", "swift-shell-client"]),
      package("swift-clocks"),
      package("swift-collections", listedBy: ["swift-custom-dump"]),
    ])
    let dependents = ClassicDependents(graph: graph)
    #expect(
      dependents.satellites == [
        "xctest-dynamic-overlay": ["swift-custom-dump", "swift-shell-client"]
      ])
    #expect(dependents.classicUsers == ["swift-shell-client"])
    #expect(!dependents.isEmpty)
  }

  @Test func aGraphWithoutThemHasNone() {
    let graph = GraphPackages(packages: [package("swift-dependencies"), package("swift-numerics")])
    #expect(ClassicDependents(graph: graph).isEmpty)
  }
}

@Suite struct DetachedPackagesTests {
  /// swift-docc-plugin in swift-sharing's manifest: no target names its products, and its own
  /// tool uses swift-docc-symbolkit's.
  @Test func aListedPackageWhoseProductsNoTargetNamesButWhichUsesAnothersIsFound() {
    let root = """
      let package = Package(
        name: "Sharing",
        dependencies: [
          .package(path: "../swift-dependencies"),
          .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.0.0"),
          .package(path: "../formatter"),
        ],
        targets: [
          .target(name: "Sharing", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
          .target(name: "Lint", plugins: [.plugin(name: "Format", package: "formatter")]),
        ]
      )
      """
    let graph = GraphPackages(packages: [
      package("swift-dependencies"),
      package(
        "swift-docc-plugin",
        """
        .executableTarget(name: "snippet-extract", dependencies: [
          .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
        ]),
        .testTarget(name: "Tests", dependencies: [.product(name: "X", package: "other")]),
        """),
      package(
        "formatter",
        #".executableTarget(name: "f", dependencies: [.product(name: "K", package: "kit")])"#),
      package("swift-docc-symbolkit", listedBy: ["swift-docc-plugin"]),
    ])
    let found = DetachedPackages.find(rootManifest: root, graph: graph)
    #expect(found.map(\.identity) == ["swift-docc-plugin"])
    #expect(found.first?.line == 5)
    #expect(found.first?.uses == ["swift-docc-symbolkit"])
  }

  /// The recipe's way out: listed only when a condition holds.
  @Test func onePutInBracesIsLeftToTheUser() {
    let root = """
      let package = Package(name: "Sharing", dependencies: [])
      if ProcessInfo.processInfo.environment["WITH_SWIFT_DOCC_PLUGIN"] != nil {
        package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.0.0"))
      }
      """
    let graph = GraphPackages(packages: [
      package(
        "swift-docc-plugin",
        #".executableTarget(name: "e", dependencies: [.product(name: "SymbolKit", package: "swift-docc-symbolkit")])"#
      )
    ])
    #expect(DetachedPackages.find(rootManifest: root, graph: graph) == [])
  }
}

@Suite struct ClassicMirrorTests {
  @Test func theMirrorOfTheClassicURLIsRead() {
    let json = """
      {"object": [
        {"mirror": "https://example.com/other", "original": "https://github.com/apple/swift-numerics"},
        {"mirror": "https://github.com/example/swift-dependencies", "original": "https://github.com/pointfreeco/swift-dependencies"}
      ], "version": 1}
      """
    #expect(
      ClassicMirror.mirror(in: Data(json.utf8)) == "https://github.com/example/swift-dependencies")
    #expect(ClassicMirror.mirror(in: Data(#"{"object": [], "version": 1}"#.utf8)) == nil)
  }
}
