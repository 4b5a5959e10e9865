/// The edit that lets a manifest written for the classic library resolve with this package: drop
/// the classic satellite packages (xctest-dynamic-overlay or swift-issue-reporting,
/// swift-concurrency-extras, swift-clocks) and take their products from this package.
///
/// ```swift
/// let manifest = """
///   dependencies: [
///     .package(url: "https://github.com/you/swift-dependencies", branch: "main"),
///     .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
///   ],
///   targets: [
///     .target(name: "App", dependencies: [.product(name: "Clocks", package: "swift-clocks")])
///   ]
///   """
/// let edit = try ManifestSwitch(manifest: manifest)
/// edit.manifest
/// // dependencies: [
/// //   .package(url: "https://github.com/you/swift-dependencies", branch: "main"),
/// // ],
/// // targets: [
/// //   .target(name: "App", dependencies: [.product(name: "Clocks", package: "swift-dependencies")])
/// // ]
/// ```
///
/// It parses what it edits and edits the text and nothing else: comments, formatting, line
/// endings and every other line stay as they are. A satellite is found by its identity, as
/// SwiftPM compares them (case-insensitively, `.git` or not, also in a URL built by
/// interpolation whose last component is written out), and dropped where removing it leaves
/// valid Swift (see ``DropSite``): an element of an array literal, a statement
/// `package.dependencies.append(.package(…))`, a variable that holds it and the uses of that
/// variable. Every product that names a satellite (by identity, or by the `name:` of a manifest
/// for tools before 5.5) is taken from this package, also where the satellite is no longer
/// listed. What it cannot do right it does not do: each such case is a ``problems`` entry that
/// names the line and says what to change by hand, and ``manifest`` is then the unchanged text.
/// Before the tool writes an edit, it checks it (``ManifestCheck``).
public struct ManifestSwitch: Sendable {
  /// One change to the manifest.
  public struct Change: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
      /// A satellite package dependency is removed.
      case dropPackage(identity: String)
      /// A use of a variable that held a satellite package (dropped) is removed.
      case dropReference(name: String, identity: String)
      /// A product is taken from this package instead of `from`.
      case repointProduct(name: String, from: String)
    }
    public var kind: Kind
    /// The 1-based line of the original manifest it is on.
    public var line: Int
    /// The original text of what changes.
    public var text: String

    public var description: String {
      switch kind {
      case .dropPackage(let identity):
        "line \(line): drop the package \(identity): \(text)"
      case .dropReference(let name, let identity):
        "line \(line): drop \(name), which held the package \(identity)"
      case .repointProduct(let name, let from):
        "line \(line): take the product \(name) from this package, not from \(from)"
      }
    }
  }

  /// What prevents the edit: where, and what to do.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the manifest, when the problem is at one.
    public var line: Int?
    public var message: String

    public init(line: Int?, _ message: String) {
      self.line = line
      self.message = message
    }

    public var description: String {
      line.map { "line \($0): \(message)" } ?? message
    }
  }

  /// The manifest after the edit; the original text when there are ``problems``.
  public let manifest: String
  /// The changes, in source order; empty when there is nothing to change or there are problems.
  public let changes: [Change]
  /// What prevents the edit, each saying what to do; empty when it can be applied.
  public let problems: [Problem]
  /// Remarks that do not prevent the edit (the classic library's own URL still in the manifest).
  public let notes: [String]
  /// What the edited manifest must declare, for the checks.
  public let expectation: Expectation

  /// What the edit means the edited manifest to declare: the packages of the original but the
  /// dropped satellites, and every product that named a satellite taken from this package.
  public struct Expectation: Sendable {
    /// This package's identity, as the edit writes it in the products it re-points.
    public var identity: String
    /// The identities (lowercased) of the satellites the edit drops.
    public var droppedIdentities: Set<String>
    /// The names (lowercased) a product may give a satellite's package with: identities, and
    /// the `name:`s of manifests for tools before 5.5.
    public var satelliteReferences: Set<String>
    /// Lines of `.package(…)` calls whose location is not a string literal the edit can read:
    /// which package they declare only running the manifest tells.
    public var unknownLocations: [Int]
    /// The names of variables that held a satellite, which the edit drops with their uses.
    public var droppedVariables: [String]
    /// The original's tokens the edit removes (by index), and those it replaces (by index).
    var removedTokens: Set<Int>
    var replacedTokens: [Int: String]
    /// The original, as read.
    var original: ManifestSource?
  }

  /// Works out the edit of `manifest`.
  ///
  /// - Parameters:
  ///   - manifest: The text of a `Package.swift`.
  ///   - identity: The identity this package has in the manifest (its URL's last component).
  /// - Throws: ``ManifestEditError`` when the manifest cannot be read as Swift.
  public init(manifest: String, identity: String = ClassicPackages.classicIdentity)
    throws(ManifestEditError)
  {
    let source = try ManifestSource(manifest)
    var planner = EditPlanner(source: source, identity: identity)
    planner.plan()
    problems = planner.problems
    notes = planner.notes
    var expectation = Expectation(
      identity: identity, droppedIdentities: planner.droppedIdentities,
      satelliteReferences: planner.satelliteReferences,
      unknownLocations: planner.unknownLocations, droppedVariables: planner.droppedVariables,
      removedTokens: [], replacedTokens: [:], original: source)
    if problems.isEmpty {
      let edits = planner.edits.sorted { $0.start < $1.start }
      self.manifest = String(decoding: TextEdit.apply(edits, to: source.bytes), as: UTF8.self)
      self.changes = planner.changes.sorted { ($0.line, $0.text) < ($1.line, $1.text) }
      for (index, token) in source.tokens.enumerated() {
        if edits.contains(where: {
          $0.replacement.isEmpty && token.start >= $0.start && token.end <= $0.end
            && token.end > token.start
        }) {
          expectation.removedTokens.insert(index)
        } else if let edit = edits.first(where: {
          !$0.replacement.isEmpty && $0.start == token.start
        }) {
          expectation.replacedTokens[index] = edit.replacement
        }
      }
    } else {
      self.manifest = manifest
      self.changes = []
    }
    self.expectation = expectation
  }
}
