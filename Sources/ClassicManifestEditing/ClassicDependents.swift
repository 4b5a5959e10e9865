/// What other packages of a graph bring in of the classic library: satellites, whose modules
/// have the names of this package's, and the classic library itself. No edit of the root
/// manifest removes those.
///
/// ```swift
/// let dependents = ClassicDependents(graph: GraphPackages.read(root: app, manifest: edited))
/// dependents.satellites  // ["xctest-dynamic-overlay": ["swift-custom-dump", "swift-perception"]]
/// dependents.classicUsers  // ["swift-shell-client"]
/// ```
public struct ClassicDependents: Sendable, Equatable {
  /// Each satellite of the graph whose modules collide with this package's, with the packages
  /// (not the root) that list it.
  public var satellites: [String: [String]]
  /// The packages that list the classic library itself (pointfreeco/swift-dependencies).
  public var classicUsers: [String]

  public init(graph: GraphPackages) {
    satellites = [:]
    for package in graph.packages where ClassicPackages.collidingModules[package.identity] != nil {
      let listers = package.listedBy.subtracting([GraphPackages.rootName])
      if !listers.isEmpty { satellites[package.identity] = listers.sorted() }
    }
    classicUsers = graph.packages.filter { package in
      guard ClassicPackages.satellites[package.identity] == nil,
        let source = try? ManifestSource(package.manifest)
      else { return false }
      return CallExpression.all(named: "package", in: source).contains {
        PackageCall($0).location.lowercased().contains("pointfreeco/swift-dependencies")
      }
    }.map(\.identity).sorted()
  }

  /// Whether another package brings anything of the classic library in.
  public var isEmpty: Bool { satellites.isEmpty && classicUsers.isEmpty }
}
