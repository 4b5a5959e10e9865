/// The classic library's satellite packages, and which of their products this package provides.
///
/// Their modules carry the names of this package's (`IssueReporting`, `ConcurrencyExtras`,
/// `Clocks`, …), and SwiftPM refuses two modules of one name in a package graph: a manifest that
/// lists one of these packages beside this one does not resolve. The switch drops them and takes
/// their products from this package.
public enum ClassicPackages {
  /// A satellite package of the classic library.
  public struct Satellite: Sendable, Equatable {
    /// The package identity: the last component of its URL, lowercased, without `.git`.
    public var identity: String
    /// Its products, each provided by this package under the same name; `nil` for a package whose
    /// products this package does not provide.
    public var products: Set<String>?
    /// What to do instead, for a package whose products are not provided.
    public var instead: String?
    /// The products of a package whose products are not provided, which a target may name by
    /// name alone (`"CombineSchedulers"`): while one is named, the package stays.
    public var unprovidedProducts: Set<String> = []
  }

  /// The modules of each satellite that this package has modules of the same name as: while the
  /// satellite is in a package graph (through another package), these of this package must be
  /// renamed with `moduleAliases`.
  public static let collidingModules: [String: [String]] = [
    "xctest-dynamic-overlay": [
      "IssueReporting", "IssueReportingTestSupport", "XCTestDynamicOverlay",
    ],
    "swift-issue-reporting": [
      "IssueReporting", "IssueReportingTestSupport", "XCTestDynamicOverlay",
    ],
    "swift-concurrency-extras": ["ConcurrencyExtras", "ConcurrencyExtrasTestSupport"],
    "swift-clocks": ["Clocks"],
  ]

  /// The modules of this package that its Dependencies product contains (and so
  /// DependenciesTestSupport's too): the others are renamed only through a product of their own.
  public static let dependenciesProductModules: Set<String> = [
    "IssueReporting", "XCTestDynamicOverlay", "ConcurrencyExtras", "Clocks",
  ]

  /// The identity of the classic library itself.
  public static let classicIdentity = "swift-dependencies"

  /// The satellites, by identity. swift-issue-reporting is xctest-dynamic-overlay's new name.
  public static let satellites: [String: Satellite] = {
    let issueReporting: Set<String> = [
      "IssueReporting", "IssueReportingTestSupport", "XCTestDynamicOverlay",
    ]
    let list = [
      Satellite(identity: "xctest-dynamic-overlay", products: issueReporting),
      Satellite(identity: "swift-issue-reporting", products: issueReporting),
      Satellite(
        identity: "swift-concurrency-extras",
        products: ["ConcurrencyExtras", "ConcurrencyExtrasTestSupport"]),
      Satellite(identity: "swift-clocks", products: ["Clocks"]),
      Satellite(
        identity: "combine-schedulers", products: nil,
        instead: """
          combine-schedulers depends on the classic satellites, and this package has no \
          CombineSchedulers: move its schedulers to clocks (`\\.mainQueue` -> `\\.continuousClock` \
          with `TestClock` or `ImmediateClock` in tests), then remove this product from the \
          target; once no target names one of its products, the tool drops the package
          """,
        unprovidedProducts: ["CombineSchedulers"]),
    ]
    return Dictionary(uniqueKeysWithValues: list.map { ($0.identity, $0) })
  }()

  /// The identity SwiftPM gives a package at `location` (a URL or a path): its last path
  /// component, without `.git`, lowercased.
  ///
  /// ```swift
  /// ClassicPackages.identity(of: "https://github.com/pointfreeco/swift-clocks.git")  // "swift-clocks"
  /// ```
  public static func identity(of location: String) -> String {
    var last = Substring(location)
    while last.hasSuffix("/") { last = last.dropLast() }
    if let slash = last.lastIndex(where: { $0 == "/" || $0 == ":" }) {
      last = last[last.index(after: slash)...]
    }
    if last.hasSuffix(".git") { last = last.dropLast(4) }
    return last.lowercased()
  }
}
