/// The `moduleAliases` a manifest needs while other packages bring classic satellites into its
/// graph: this package's modules of the same names, renamed where the manifest lists them, and
/// which of them the manifest does not rename yet, with where to write each.
///
/// An alias renames its module in the whole graph: given once, on any product of this package
/// that contains the module, it holds for the other products that contain it
/// (`DependenciesMacros`, `DependenciesTestSupport`) too. The four modules `Dependencies` contains
/// are renamed on the product a target lists (`Dependencies`, else `DependenciesMacros` or
/// `DependenciesTestSupport`); the two test-support modules are in no other product, so theirs are
/// listed once, renamed, in a test target.
///
/// ```swift
/// let recipe = AliasRecipe(
///   manifest: #".target(name: "App", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")])"#,
///   satellites: ["swift-clocks"], identity: "swift-dependencies")
/// recipe.steps[0].entry
/// // .product(
/// //   name: "Dependencies", package: "swift-dependencies",
/// //   moduleAliases: ["Clocks": "DependenciesClocks"]),
/// ```
public struct AliasRecipe: Sendable, Equatable {
  /// One change to the manifest.
  public struct Step: Sendable, Equatable {
    /// What to do with ``Step/entry``.
    public enum Kind: Sendable, Equatable {
      /// Write ``Step/entry`` in place of this product entry (`.product(…)` as written).
      case replace(String)
      /// Add these pairs to the `moduleAliases` of the product entry on ``Step/line``.
      case addAliases
      /// Add ``Step/entry`` to the dependencies of ``Step/target`` (a test target).
      case add
    }
    /// What to do.
    public var kind: Kind
    /// The line of the manifest (of the product entry, or of the test target); nil when the
    /// manifest has no place for it (no target lists a product that contains the modules, or no
    /// test target).
    public var line: Int?
    /// The target whose dependencies change, when the manifest names it.
    public var target: String?
    /// The product entry, or for ``Kind/addAliases`` the pairs, to write.
    public var entry: String

    /// A step: `kind`, at `line` of `target`, writing `entry`.
    public init(kind: Kind, line: Int?, target: String?, entry: String) {
      self.kind = kind
      self.line = line
      self.target = target
      self.entry = entry
    }
  }

  /// The modules of this package to rename, sorted: those of the satellites' names.
  public var needed: [String]
  /// Those the manifest does not rename yet (no `moduleAliases` pair for them on a product of
  /// this package), sorted.
  public var missing: [String]
  /// The changes that rename the missing ones.
  public var steps: [Step]

  /// The recipe for `manifest` (its text) while `satellites` (identities) are in its graph;
  /// `identity` is this package's identity in it.
  public init(manifest: String, satellites: some Sequence<String>, identity: String) {
    needed = Self.modules(for: satellites)
    let source = try? ManifestSource(manifest)
    let products =
      source.map { source in
        CallExpression.all(named: "product", in: source).filter {
          $0.stringArgument("package")?.lowercased() == identity.lowercased()
        }
      } ?? []
    let renamed = Set(products.flatMap(Self.aliasedModules))
    missing = needed.filter { !renamed.contains($0) }
    steps = []
    let inDependencies = missing.filter { ClassicPackages.dependenciesProductModules.contains($0) }
    if !inDependencies.isEmpty {
      let carrier = Self.carriers.lazy.compactMap { name in
        products.first { $0.stringArgument("name") == name }
      }.first
      let target = carrier.flatMap { call in source.flatMap { Self.target(of: call, in: $0) } }
      if let carrier, carrier.argument("moduleAliases") != nil {
        steps.append(
          Step(
            kind: .addAliases, line: carrier.line, target: target,
            entry: Self.pairs(inDependencies)))
      } else {
        steps.append(
          Step(
            kind: carrier.map { .replace($0.text) } ?? .add, line: carrier?.line, target: target,
            entry: Self.entry(
              product: carrier?.stringArgument("name") ?? "Dependencies",
              modules: inDependencies, identity: identity)))
      }
    }
    // A test target that lists a product of this package, else the first.
    let testTargets = source.map { CallExpression.all(named: "testTarget", in: $0) } ?? []
    let testTarget =
      testTargets.first { target in
        products.contains { target.dot < $0.dot && $0.close < target.close }
      } ?? testTargets.first
    for module in missing where !ClassicPackages.dependenciesProductModules.contains(module) {
      let entry = Self.entry(product: module, modules: [module], identity: identity)
      if let listed = products.first(where: { $0.stringArgument("name") == module }) {
        steps.append(
          Step(
            kind: .replace(listed.text), line: listed.line,
            target: source.flatMap { Self.target(of: listed, in: $0) }, entry: entry))
      } else {
        steps.append(
          Step(
            kind: .add, line: testTarget?.line, target: testTarget?.stringArgument("name"),
            entry: entry))
      }
    }
  }

  /// The products whose aliases rename the modules `Dependencies` contains, in the order the
  /// recipe prefers them.
  static let carriers = [
    "Dependencies", "DependenciesMacros", "DependenciesTestSupport", "Dependencies Test Support",
  ]

  /// The modules of this package to rename while `satellites` (identities) are in the graph.
  public static func modules(for satellites: some Sequence<String>) -> [String] {
    Array(Set(satellites.flatMap { ClassicPackages.collidingModules[$0] ?? [] })).sorted()
  }

  /// The new name of one of this package's modules: `Dependencies` in front.
  public static func alias(of module: String) -> String { "Dependencies\(module)" }

  /// The product entry of `product` with the aliases of `modules`.
  static func entry(product: String, modules: [String], identity: String) -> String {
    """
    .product(
      name: "\(product)", package: "\(identity)",
      moduleAliases: [\(pairs(modules))]),
    """
  }

  /// `"Clocks": "DependenciesClocks", …`
  static func pairs(_ modules: [String]) -> String {
    modules.map { "\"\($0)\": \"\(alias(of: $0))\"" }.joined(separator: ", ")
  }

  /// The modules a product entry renames: the keys of its `moduleAliases` dictionary literal.
  private static func aliasedModules(_ call: CallExpression) -> [String] {
    guard let argument = call.argument("moduleAliases"),
      call.source.isPunctuation(argument.valueStart, "["),
      let close = call.source.matching[argument.valueStart]
    else { return [] }
    return call.source.elements(between: argument.valueStart, and: close).compactMap { element in
      guard call.source.isPunctuation(element.tokens.lowerBound + 1, ":") else { return nil }
      return call.source.stringLiteral(element.tokens.lowerBound)?.value
    }
  }

  /// The name of the target whose declaration contains `call`.
  private static func target(of call: CallExpression, in source: ManifestSource) -> String? {
    ["target", "testTarget", "executableTarget", "macro"]
      .flatMap { CallExpression.all(named: $0, in: source) }
      .first { $0.dot < call.dot && call.close < $0.close }?
      .stringArgument("name")
  }
}
