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
  /// without aliases): `Dependencies` with the aliases of the modules it contains (nil when it
  /// contains none of them), and each other colliding module (a test-support one) through its own
  /// product, listed once, in a test target. An alias renames its module in the whole graph, so the
  /// other products that contain a renamed module (`DependenciesMacros`, `DependenciesTestSupport`)
  /// need none.
  public static func entries(satellites: some Sequence<String>, identity: String) -> (
    dependencies: String?, testSupport: [String]
  ) {
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
    return (
      inDependencies.isEmpty ? nil : entry("Dependencies", inDependencies),
      others.map { entry($0, [$0]) }
    )
  }
}
