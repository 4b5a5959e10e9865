/// How the libraries' reports name a type: as the classic library names it in a debug build, and the
/// same in an optimised one.
///
/// The runtime names a private or local type after its anonymous context, which it spells two
/// ways. Code compiled without optimisation gives every such context as
/// `(unknown context at $<address>)`, followed by the type's name; optimised code (`-O`, as in
/// `swift test -c release`) gives a private type as `(<name> in _<discriminator>)`, where the
/// discriminator is the hash of the type's file:
///
/// ```
/// -Onone  MyApp.DependencyValues.(unknown context at $55d1c0e0b894).DateGeneratorKey
/// -O      MyApp.DependencyValues.(DateGeneratorKey in _FE08BDE0A52250755AE9250695EC22C8)
/// ```
///
/// The classic library removes only the first spelling, so its reports name a private key
/// `DependencyValues.DateGeneratorKey` in a debug build and with the discriminator in a release
/// one. Reports here remove both: a failure message is the same in either build.
///
/// Clients see it: inlinable code of the modules built on this one names a type in a report.
@usableFromInline
package enum ReportedTypeName {
  /// The type's name qualified by the types it is nested in, without its module and without
  /// anonymous contexts: `MyApp.(unknown context at $1a2b).APIClient.Key` becomes `APIClient.Key`.
  package static func qualified(_ type: Any.Type) -> String {
    var name = _typeName(type, qualified: true)
    if let dot = name.firstIndex(of: ".") {
      name.removeSubrange(...dot)
    }
    return removingAnonymousContexts(from: name)
  }

  /// The type's name as `"\(type)"` gives it (no module, no enclosing types), without anonymous
  /// contexts: `Box<(Key in _FE08…)>` becomes `Box<Key>`.
  @usableFromInline
  package static func unqualified(_ type: Any.Type) -> String {
    removingAnonymousContexts(from: _typeName(type, qualified: false))
  }

  /// `text` with each anonymous context of a type name taken out: every
  /// `(unknown context at $<hex>).` removed, every `(<name> in _<hex>)` replaced by `<name>`.
  /// Anything else in parentheses is kept.
  package static func removingAnonymousContexts(from text: String) -> String {
    guard text.contains("(") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "(") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let end = unknownContextEnd(rest[afterOpen...]) {
        rest = rest[end...]
      } else if let (name, end) = privateTypeName(rest[afterOpen...]) {
        result += name
        rest = rest[end...]
      } else {
        result.append("(")
        rest = rest[afterOpen...]
      }
    }
    return result + rest
  }

  /// Where the text after `(` of `(unknown context at $<hex>).` ends, if it is one.
  private static func unknownContextEnd(_ text: Substring) -> Substring.Index? {
    let prefix = "unknown context at $"
    guard text.hasPrefix(prefix) else { return nil }
    let digits = text.dropFirst(prefix.count).prefix(while: \.isHexDigit)
    guard !digits.isEmpty, digits.endIndex < text.endIndex else { return nil }
    let tail = text[digits.endIndex...]
    guard tail.hasPrefix(").") else { return nil }
    return tail.index(tail.startIndex, offsetBy: 2)
  }

  /// The name in the text after `(` of `(<name> in _<hex>)`, and where it ends, if it is one.
  private static func privateTypeName(_ text: Substring) -> (Substring, Substring.Index)? {
    let name = text.prefix { $0 != " " && !"()<>,.".contains($0) }
    guard !name.isEmpty else { return nil }
    let tail = text[name.endIndex...]
    guard tail.hasPrefix(" in _") else { return nil }
    let digits = tail.dropFirst(" in _".count).prefix(while: \.isHexDigit)
    guard !digits.isEmpty, digits.endIndex < text.endIndex, text[digits.endIndex] == ")"
    else { return nil }
    return (name, text.index(after: digits.endIndex))
  }
}

extension ReportedTypeName {
  /// The type's name without any module, its generic arguments' included, and without anonymous
  /// contexts (as in `qualified(_:)`): `MyApp.Box<Swift.Optional<MyApp.Plain>>` becomes
  /// `Box<Optional<Plain>>`. For the dependency graph, whose nodes name types without their modules.
  package static func withoutModules(_ type: Any.Type) -> String {
    removingModules(from: removingAnonymousContexts(from: _typeName(type, qualified: true)))
  }

  /// `name`, a type's name as the runtime qualifies it, without the first component of each dotted
  /// path of two or more identifiers that no `.` precedes: a nominal type's module. After a generic
  /// type's `>`, `.Inner` continues that type's path and is kept whole. A raw identifier (between
  /// backticks) is one identifier, whatever it holds (dots, angle brackets), with its spaces as
  /// they were written: the runtime spells each as a no-break space (U+00A0), as names are mangled.
  package static func removingModules(from name: String) -> String {
    var result = ""
    var rest = Substring(name)
    var previous: Character?
    while let first = rest.first {
      guard first == "`" || first == "_" || first.isLetter else {
        result.append(first)
        previous = first
        rest = rest.dropFirst()
        continue
      }
      var components: [Substring] = []
      while true {
        let identifier = identifierPrefix(of: rest)
        components.append(identifier)
        rest = rest[identifier.endIndex...]
        guard rest.first == ".", let next = rest.dropFirst().first,
          next == "`" || next == "_" || next.isLetter
        else { break }
        rest = rest.dropFirst()
      }
      let isModuleQualified = previous != "." && components.count > 1
      result += components.dropFirst(isModuleQualified ? 1 : 0).map { component in
        component.first == "`"
          ? String(component.map { $0 == "\u{A0}" ? " " : $0 }) : String(component)
      }.joined(separator: ".")
      previous = components.last?.last
    }
    return result
  }

  /// The identifier `text` starts with: a raw identifier up to its closing backtick (the rest of
  /// `text` when there is none), or letters, digits, `_` and `$`.
  private static func identifierPrefix(of text: Substring) -> Substring {
    if text.first == "`" {
      guard let close = text.dropFirst().firstIndex(of: "`") else { return text }
      return text[...close]
    }
    return text.prefix { $0 == "_" || $0 == "$" || $0.isLetter || $0.isNumber }
  }
}
