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
/// It edits the text and nothing else: comments, formatting and every other line stay as they
/// are. What it cannot do right it does not do: each such case is a ``problems`` entry that says
/// what to change by hand, and ``manifest`` is then the unchanged text.
public struct ManifestSwitch: Sendable {
  /// One change to the manifest.
  public struct Change: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
      /// A satellite package dependency is removed.
      case dropPackage(identity: String)
      /// A product is taken from this package instead of `from`.
      case repointProduct(name: String, from: String)
    }
    public var kind: Kind
    /// The 1-based line of the original manifest it is on.
    public var line: Int
    /// The original text of the call.
    public var text: String

    public var description: String {
      switch kind {
      case .dropPackage(let identity):
        "line \(line): drop the package \(identity): \(text)"
      case .repointProduct(let name, let from):
        "line \(line): take the product \(name) from this package, not from \(from)"
      }
    }
  }

  /// The manifest after the edit; the original text when there are ``problems``.
  public let manifest: String
  /// The changes, in source order; empty when there is nothing to change or there are problems.
  public let changes: [Change]
  /// What prevents the edit, each saying what to do; empty when it can be applied.
  public let problems: [String]
  /// Remarks that do not prevent the edit (the classic library's own URL still in the manifest).
  public let notes: [String]

  /// Works out the edit of `manifest`.
  ///
  /// - Parameters:
  ///   - manifest: The text of a `Package.swift`.
  ///   - identity: The identity this package has in the manifest (its URL's last component).
  /// - Throws: ``ManifestEditError`` when the manifest cannot be read as Swift.
  public init(manifest: String, identity: String = ClassicPackages.classicIdentity)
    throws(ManifestEditError)
  {
    let tokens = try SwiftTokens(manifest)
    var problems: [String] = []
    var notes: [String] = []
    var changes: [Change] = []
    var edits: [(start: Int, end: Int, replacement: String)] = []

    // The satellite packages, under every name a product may use for them.
    var satelliteByReference: [String: ClassicPackages.Satellite] = [:]
    var foundThisPackage = false
    for call in CallExpression.all(named: "package", in: tokens) {
      guard let location = call.stringArgument("url") ?? call.stringArgument("path") else {
        continue
      }
      let packageIdentity = ClassicPackages.identity(of: location)
      if packageIdentity == identity {
        foundThisPackage = true
        if location.lowercased().contains("pointfreeco/swift-dependencies") {
          notes.append(
            """
            line \(call.line): the package \(identity) still comes from \(location), the classic \
            library: point it at this package's URL
            """)
        }
        continue
      }
      guard let satellite = ClassicPackages.satellites[packageIdentity] else { continue }
      satelliteByReference[packageIdentity] = satellite
      if let name = call.stringArgument("name") { satelliteByReference[name] = satellite }
      changes.append(
        Change(kind: .dropPackage(identity: packageIdentity), line: call.line, text: call.text))
      if let range = Self.removalRange(of: call, in: tokens) {
        edits.append((range.start, range.end, ""))
      } else {
        problems.append(
          """
          line \(call.line): \(call.text) is the only argument of a call; remove that statement \
          by hand
          """)
      }
    }

    for call in CallExpression.all(named: "product", in: tokens) {
      guard let reference = call.stringArgument("package"),
        let satellite = satelliteByReference[reference],
        let argument = call.argument("package")
      else { continue }
      let name = call.stringArgument("name") ?? "?"
      guard let provided = satellite.products else {
        problems.append("line \(call.line): \(call.text): \(satellite.instead ?? "")")
        continue
      }
      guard provided.contains(name) else {
        problems.append(
          """
          line \(call.line): this package has no product \(name) (of \(satellite.identity)); \
          it provides \(provided.sorted().joined(separator: ", "))
          """)
        continue
      }
      let token = tokens.tokens[argument.valueStart]
      changes.append(
        Change(kind: .repointProduct(name: name, from: reference), line: call.line, text: call.text)
      )
      edits.append((token.start, token.end, "\"\(identity)\""))
    }

    if !satelliteByReference.isEmpty, !foundThisPackage {
      problems.append(
        """
        the manifest has no package whose identity is \(identity) (a URL or path ending in \
        /\(identity)): add this package, or give its identity (--identity NAME)
        """)
    }
    for satellite in ClassicPackages.satellites.values where satellite.products == nil {
      if satelliteByReference[satellite.identity] != nil,
        !problems.contains(where: { $0.contains(satellite.identity) })
      {
        problems.append("the package \(satellite.identity): \(satellite.instead ?? "")")
      }
    }

    self.problems = problems
    self.notes = notes
    if problems.isEmpty {
      var bytes = tokens.bytes
      for edit in edits.sorted(by: { $0.start > $1.start }) {
        bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
      }
      self.manifest = String(decoding: bytes, as: UTF8.self)
      self.changes = changes.sorted { $0.line < $1.line }
    } else {
      self.manifest = manifest
      self.changes = []
    }
  }

  /// The bytes to remove to take `call` out of the list it is in: its whole lines when it has
  /// them to itself (with a comment that follows it), else the call and one comma beside it.
  /// `nil` when it is the only argument of another call (`append(.package(…))`).
  static func removalRange(of call: CallExpression, in tokens: SwiftTokens)
    -> (start: Int, end: Int)?
  {
    let bytes = tokens.bytes
    let list = tokens.tokens
    guard let first = list.firstIndex(where: { $0.start == call.start }),
      let last = list.firstIndex(where: { $0.end == call.end })
    else { return nil }
    let before = first > 0 ? list[first - 1].kind : nil
    let after = last + 1 < list.count ? list[last + 1].kind : nil
    if before == .punctuation(UInt8(ascii: "(")), after == .punctuation(UInt8(ascii: ")")) {
      return nil
    }
    var end = call.end
    let hasTrailingComma = after == .punctuation(UInt8(ascii: ","))
    if hasTrailingComma { end = list[last + 1].end }

    // Whole lines: only blanks before the call on its first line, and only blanks or a comment
    // after it (and its comma) on its last line.
    var lineStart = call.start
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var lineEnd = end
    while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == 9 {
      lineEnd += 1
    }
    let restIsComment =
      lineEnd + 1 < bytes.count && bytes[lineEnd] == UInt8(ascii: "/")
      && bytes[lineEnd + 1] == UInt8(ascii: "/")
    if restIsComment {
      while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    }
    let blanksBefore = bytes[lineStart..<call.start].allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == 9
    }
    if blanksBefore, lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n") {
      return (lineStart, min(lineEnd + 1, bytes.count))
    }
    if hasTrailingComma {
      var after = end
      while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
      return (call.start, after)
    }
    if before == .punctuation(UInt8(ascii: ",")) {
      return (list[first - 1].start, call.end)
    }
    return (call.start, call.end)
  }
}
