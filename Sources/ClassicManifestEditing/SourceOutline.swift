import SwiftSourceLexing

/// What a Swift source file declares and imports at its top level, read from its tokens (the
/// package's lexer; nothing is compiled): its `import`s, and the names of its `public` and `open`
/// declarations that are not in an `extension` or a type.
///
/// ```swift
/// let outline = try SourceOutline("@_exported import IssueReporting\npublic var isTesting: Bool { true }")
/// outline.imports.map(\.module)  // ["IssueReporting"]
/// outline.publicNames  // ["isTesting"]
/// ```
///
/// A declaration inside `#if` counts whatever the condition (the reader does not evaluate it),
/// and so does an `import`.
public struct SourceOutline: Sendable {
  /// One `import` declaration.
  public struct Import: Sendable, Equatable {
    /// The module (`IssueReporting` for `import struct IssueReporting.IssueReporters`).
    public var module: String
    /// Its 1-based line.
    public var line: Int
    /// Whether it is `@_exported`.
    public var exported: Bool
  }

  /// The `import`s.
  public var imports: [Import] = []
  /// The names the file declares `public` or `open` at its top level (`@_spi` ones left out).
  public var publicNames: Set<String> = []
  /// The source, for the readers that look at its other tokens.
  let source: ManifestSource

  /// Reads `text`.
  ///
  /// - Throws: ``ManifestEditError`` when the lexer cannot read it.
  public init(_ text: String) throws(ManifestEditError) {
    source = try ManifestSource(text)
    var index = 0
    while index < source.tokens.count {
      if let close = source.matching[index], close > index {
        index = close + 1
        continue
      }
      if let keyword = Keyword(source.text(index)), source.tokens[index].kind == .identifier {
        read(keyword, at: index)
      }
      index += 1
    }
  }

  private static let introducers: Set<Keyword> = [
    .func, .var, .let, .struct, .enum, .class, .protocol, .typealias, .actor, .macro,
  ]
  private static let importKinds: Set<Keyword> = [
    .struct, .class, .enum, .protocol, .typealias, .func, .var, .let,
  ]

  private mutating func read(_ keyword: Keyword, at index: Int) {
    if keyword == .import {
      var name = index + 1
      if let kind = Keyword(source.text(name)), Self.importKinds.contains(kind) { name += 1 }
      guard source.tokens[name].kind == .identifier else { return }
      let attributes = prefix(before: index).attributes
      imports.append(
        Import(
          module: source.text(name), line: source.line(of: source.tokens[index].start),
          exported: attributes.contains("_exported")))
      return
    }
    guard Self.introducers.contains(keyword), source.tokens[index + 1].kind == .identifier
    else { return }
    let (modifiers, attributes) = prefix(before: index)
    guard modifiers.contains(.public) || modifiers.contains(.open),
      !attributes.contains("_spi")
    else { return }
    publicNames.insert(source.text(index + 1).trimmingBackquotes)
  }

  /// The modifiers and the attribute names written before token `index`.
  private func prefix(before index: Int) -> (modifiers: Set<Keyword>, attributes: Set<String>) {
    var modifiers: Set<Keyword> = []
    var attributes: Set<String> = []
    var cursor = index - 1
    while cursor >= 0 {
      if source.isPunctuation(cursor, ")"), let open = source.matching[cursor],
        source.tokens[open - 1].kind == .identifier, source.isPunctuation(open - 2, "@")
      {
        attributes.insert(source.text(open - 1))
        cursor = open - 3
      } else if source.tokens[cursor].kind == .identifier, source.isPunctuation(cursor - 1, "@") {
        attributes.insert(source.text(cursor))
        cursor -= 2
      } else if source.tokens[cursor].kind == .identifier,
        let keyword = Keyword(source.text(cursor)),
        !Self.introducers.contains(keyword), keyword != .import
      {
        modifiers.insert(keyword)
        cursor -= 1
      } else {
        break
      }
    }
    return (modifiers, attributes)
  }

  /// The unqualified uses of `names` in the file: identifiers not after a `.` (a member, or a
  /// name qualified with its module), not an argument label, not declared there, outside
  /// `import` lines. Their lines and names, in order.
  public func uses(of names: Set<String>) -> [(line: Int, name: String)] {
    let importLines = Set(imports.map(\.line))
    return source.tokens.indices.compactMap { index in
      guard source.tokens[index].kind == .identifier else { return nil }
      let name = source.text(index).trimmingBackquotes
      guard names.contains(name), !source.isPunctuation(index - 1, "."),
        !(source.isPunctuation(index + 1, ":")
          && (source.isPunctuation(index - 1, "(") || source.isPunctuation(index - 1, ","))),
        !(index > 0 && Keyword(source.text(index - 1)).map(Self.introducers.contains) == true)
      else { return nil }
      let line = source.line(of: source.tokens[index].start)
      return importLines.contains(line) ? nil : (line, name)
    }
  }
}

extension String {
  /// The name without the backquotes of `` `class` ``.
  fileprivate var trimmingBackquotes: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
