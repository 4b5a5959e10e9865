import SwiftSourceLexing

/// A call such as `.package(url: "…", from: "1.0.0")` or `.product(name: "X", package: "y")`
/// found in a manifest: its name, where it is, and its arguments.
///
/// ```swift
/// let source = try ManifestSource(#"[.product(name: "Clocks", package: "swift-clocks")]"#)
/// let call = CallExpression.all(named: "product", in: source)[0]
/// call.stringArgument("package")  // "swift-clocks"
/// ```
public struct CallExpression: Sendable {
  /// One argument: its label (`nil` for an unlabeled one) and its tokens.
  public struct Argument: Sendable {
    public var label: String?
    /// The index of the argument's first value token (after `label:`).
    public var valueStart: Int
    /// The index after the argument's last token.
    public var valueEnd: Int
  }

  /// The member called: `package` for `.package(…)`.
  public var name: String
  /// The index of the leading `.` token.
  public var dot: Int
  /// The index of the closing `)` token.
  public var close: Int
  /// The arguments, in order.
  public var arguments: [Argument]
  /// The source the call was found in.
  public var source: ManifestSource

  /// Every call `.name(…)` in `source`, in source order (calls nested in the arguments of
  /// another are found too). `Package.Dependency.package(…)` is one: ``dot`` is the `.` before
  /// `package`.
  public static func all(named name: String, in source: ManifestSource) -> [CallExpression] {
    let tokens = source.tokens
    var calls: [CallExpression] = []
    for index in tokens.indices.dropLast(2)
    where source.isPunctuation(index, ".") && source.isIdentifier(index + 1, name)
      && source.isPunctuation(index + 2, "(") && tokens[index + 1].start == tokens[index].end
    {
      guard let close = source.matching[index + 2] else { continue }
      calls.append(
        CallExpression(
          name: name, dot: index, close: close,
          arguments: arguments(from: index + 2, to: close, in: source), source: source))
    }
    return calls
  }

  /// The arguments between the `(` at `open` and the `)` at `close`.
  static func arguments(from open: Int, to close: Int, in source: ManifestSource) -> [Argument] {
    source.elements(between: open, and: close).map {
      argument(from: $0.tokens.lowerBound, to: $0.tokens.upperBound, in: source)
    }
  }

  private static func argument(from start: Int, to end: Int, in source: ManifestSource) -> Argument
  {
    if end - start >= 2, source.tokens[start].kind == .identifier,
      source.isPunctuation(start + 1, ":")
    {
      return Argument(label: source.text(start), valueStart: start + 2, valueEnd: end)
    }
    return Argument(label: nil, valueStart: start, valueEnd: end)
  }

  /// The argument labelled `label`, if the call has one.
  public func argument(_ label: String) -> Argument? {
    arguments.first { $0.label == label }
  }

  /// The value of the argument labelled `label` when it is a plain string literal.
  public func stringArgument(_ label: String) -> String? {
    literalArgument(label)?.value
  }

  /// What the argument labelled `label` holds when it is one string literal (interpolated or
  /// not).
  package func literalArgument(_ label: String) -> StringLiteralValue? {
    guard let argument = argument(label), argument.valueEnd == argument.valueStart + 1 else {
      return nil
    }
    return source.stringLiteral(argument.valueStart)
  }

  /// The byte offset of the leading `.`.
  public var start: Int { source.tokens[dot].start }
  /// The byte offset after the closing `)`.
  public var end: Int { source.tokens[close].end }

  /// The 1-based line the call starts on.
  public var line: Int { source.line(of: start) }

  /// The call's source text.
  public var text: String { source.text(start, end) }
}
