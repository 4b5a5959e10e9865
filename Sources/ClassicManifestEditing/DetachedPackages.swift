/// The packages a root manifest lists without using their products, which themselves use
/// another package's products (swift-docc-plugin, whose tool uses swift-docc-symbolkit): while
/// one is in the graph, SwiftPM 6.3 ignores `moduleAliases` in some builds.
///
/// SwiftPM applies the aliases starting from one package that no other package uses a product
/// of (it means the root), and finds it by walking up from whichever package comes first in a
/// hash table. A listed package whose products no target names, but which uses another
/// package's, tops a chain of its own: when the walk starts below it, SwiftPM starts there, no
/// alias applies, and the graph is refused again ("multiple packages … declare targets with a
/// conflicting name"). The table's order changes with each run's hash seed, so one `swift build`
/// passes and the next fails. A target that names one of its products, `.product(…)` or
/// `.plugin(…)`, ties it to the root.
///
/// ```swift
/// DetachedPackages.find(rootManifest: text, graph: graph).map(\.identity)  // ["swift-docc-plugin"]
/// ```
public enum DetachedPackages {
  /// One such package.
  public struct Package: Sendable, Equatable {
    /// Its identity.
    public var identity: String
    /// The root manifest's `.package(…)` call that lists it, and its line.
    public var call: String
    public var line: Int
    /// The packages whose products it uses.
    public var uses: [String]
  }

  /// The packages `rootManifest` lists that none of its targets names a product or plugin of,
  /// and whose manifests (read in `graph`) use other packages' products outside test targets.
  /// One listed inside braces (`if … { package.dependencies.append(…) }`) is left out: the
  /// recipe the tool prints puts it there.
  public static func find(rootManifest: String, graph: GraphPackages) -> [Package] {
    guard let root = try? ManifestSource(rootManifest) else { return [] }
    var named = Set(referencedPackages(in: root, skippingTestTargets: false))
    for call in CallExpression.all(named: "package", in: root) {
      let package = PackageCall(call)
      if let name = package.legacyName, named.contains(name.lowercased()),
        let identity = package.identity
      {
        named.insert(identity)
      }
    }
    var found: [Package] = []
    for call in CallExpression.all(named: "package", in: root) where !isInBlock(call) {
      let package = PackageCall(call)
      guard let identity = package.identity, !named.contains(identity),
        !found.contains(where: { $0.identity == identity }),
        let listed = graph[identity], let source = try? ManifestSource(listed.manifest)
      else { continue }
      let uses = Set(referencedPackages(in: source, skippingTestTargets: true))
        .subtracting([identity])
      guard !uses.isEmpty else { continue }
      found.append(
        Package(identity: identity, call: call.text, line: call.line, uses: uses.sorted()))
    }
    return found
  }

  /// Whether `call` is inside braces (`if … { package.dependencies.append(…) }`): listed only
  /// when a condition holds, which the reader leaves to the user.
  private static func isInBlock(_ call: CallExpression) -> Bool {
    var bracket = call.source.enclosingBracket(of: call.dot)
    while let open = bracket {
      if call.source.isPunctuation(open, "{") { return true }
      bracket = call.source.enclosingBracket(of: open)
    }
    return false
  }

  /// The packages (lowercased, as written) that `.product(…, package:)` and `.plugin(…,
  /// package:)` calls of `source` name, those inside `.testTarget(…)` left out when asked:
  /// SwiftPM does not load a dependency's test targets.
  private static func referencedPackages(
    in source: ManifestSource, skippingTestTargets: Bool
  ) -> [String] {
    let testTargets =
      skippingTestTargets
      ? CallExpression.all(named: "testTarget", in: source).map { $0.dot...$0.close } : []
    return
      (CallExpression.all(named: "product", in: source)
      + CallExpression.all(named: "plugin", in: source))
      .filter { call in !testTargets.contains { $0.contains(call.dot) } }
      .compactMap { $0.stringArgument("package")?.lowercased() }
  }
}
