/// The test targets that must link this package's `ClassicIssueReportingTestSupport` while the
/// classic IssueReporting (xctest-dynamic-overlay, or its new name swift-issue-reporting) is in
/// the graph through another package, as swift-custom-dump and swift-sharing bring it.
///
/// That IssueReporting reaches Swift Testing on Linux only through functions it looks up at run
/// time in a dynamic library (classic's `IssueReportingTestSupport`, which classic's
/// `DependenciesTestSupport` linked). Without them, an issue it reports in a Swift Testing test,
/// such as a failing `expectNoDifference`, is only printed, and the test passes.
/// `ClassicIssueReportingTestSupport` provides them; a test target that linked classic's
/// test support (it lists `DependenciesTestSupport`, `Dependencies Test Support` or
/// `IssueReportingTestSupport` of this package) lists it too.
///
/// ```swift
/// let steps = ClassicIssueReportingLinks.steps(
///   manifest: text, satellites: ["xctest-dynamic-overlay"], identity: "swift-dependencies")
/// steps.map(\.target)  // ["SharingTests"]
/// ```
public enum ClassicIssueReportingLinks {
  /// The product that carries the functions.
  public static let product = "ClassicIssueReportingTestSupport"

  /// The satellites whose IssueReporting looks the functions up.
  public static let packages: Set<String> = ["xctest-dynamic-overlay", "swift-issue-reporting"]

  /// The products of this package whose test targets linked classic's `IssueReportingTestSupport`.
  static let testSupportProducts: Set<String> = [
    "DependenciesTestSupport", "Dependencies Test Support", "IssueReportingTestSupport",
  ]

  /// One `add` step (an ``AliasRecipe/Step``) per test target of `manifest` that lists one of
  /// this package's test-support products and not ``product``, while `satellites` (identities of
  /// packages other packages bring into the graph) holds the classic IssueReporting; `identity`
  /// is this package's identity in the manifest.
  public static func steps(
    manifest: String, satellites: some Sequence<String>, identity: String
  ) -> [AliasRecipe.Step] {
    guard satellites.contains(where: packages.contains),
      let source = try? ManifestSource(manifest)
    else { return [] }
    let ours = CallExpression.all(named: "product", in: source).filter {
      $0.stringArgument("package")?.lowercased() == identity.lowercased()
    }
    return CallExpression.all(named: "testTarget", in: source).compactMap { target in
      let listed = ours.filter { target.dot < $0.dot && $0.close < target.close }
        .compactMap { $0.stringArgument("name") }
      guard listed.contains(where: testSupportProducts.contains), !listed.contains(product) else {
        return nil
      }
      return AliasRecipe.Step(
        kind: .add, line: target.line, target: target.stringArgument("name"),
        entry: #".product(name: "\#(product)", package: "\#(identity)"),"#)
    }
  }
}
