/// The `moduleAliases` a manifest needs while other packages bring classic satellites into its
/// graph: this package's modules of the same names, renamed where the manifest lists them.
///
/// ```swift
/// print(AliasRecipe.text(satellites: ["swift-clocks"], identity: "swift-dependencies"))
/// // .product(
/// //   name: "Dependencies", package: "swift-dependencies",
/// //   moduleAliases: ["Clocks": "DependenciesClocks"]),
/// ```
public enum AliasRecipe {
  /// The modules of this package to rename while `satellites` (identities) are in the graph.
  public static func modules(for satellites: some Sequence<String>) -> [String] {
    Array(Set(satellites.flatMap { ClassicPackages.collidingModules[$0] ?? [] })).sorted()
  }

  /// The new name of one of this package's modules: `Dependencies` in front.
  public static func alias(of module: String) -> String { "Dependencies\(module)" }

  /// The product entries to put in a manifest (in place of the ones that list these products
  /// without aliases): `Dependencies` with the aliases of the modules it contains, and each other
  /// colliding module through its own product, listed once in any target.
  public static func text(satellites: some Sequence<String>, identity: String) -> String {
    let modules = modules(for: satellites)
    let inDependencies = modules.filter { ClassicPackages.dependenciesProductModules.contains($0) }
    let others = modules.filter { !ClassicPackages.dependenciesProductModules.contains($0) }
    func entry(_ product: String, _ modules: [String]) -> String {
      let aliases = modules.map { "\"\($0)\": \"\(alias(of: $0))\"" }.joined(separator: ", ")
      return """
        .product(
          name: "\(product)", package: "\(identity)",
          moduleAliases: [\(aliases)]),
        """
    }
    var entries: [String] = []
    if !inDependencies.isEmpty {
      entries.append(entry("Dependencies", inDependencies))
    }
    entries += others.map { entry($0, [$0]) }
    return entries.joined(separator: "\n")
  }
}
