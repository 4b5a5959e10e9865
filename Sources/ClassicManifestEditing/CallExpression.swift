/// A call such as `.package(url: "…", from: "1.0.0")` or `.product(name: "X", package: "y")`
/// found in a manifest: its name, where it is, and its arguments.
///
/// ```swift
/// let tokens = try SwiftTokens(#"[.product(name: "Clocks", package: "swift-clocks")]"#)
/// let call = CallExpression.all(named: "product", in: tokens)[0]
/// call.stringArgument("package")  // "swift-clocks"
/// ```
public struct CallExpression: Sendable {
  /// One argument: its label (`nil` for an unlabeled one) and its tokens.
  public struct Argument: Sendable {
    public var label: String?
    /// The index of the argument's first value token (after `label:`) in the tokens.
    public var valueStart: Int
    /// The index after the argument's last token.
    public var valueEnd: Int
  }

  /// The member called: `package` for `.package(…)`.
  public var name: String
  /// The byte offset of the leading `.`.
  public var start: Int
  /// The byte offset after the closing `)`.
  public var end: Int
  /// The arguments, in order.
  public var arguments: [Argument]
  /// The tokens the call was found in.
  public var tokens: SwiftTokens

  /// Every call `.name(…)` in `tokens`, outermost first, in source order (calls nested in the
  /// arguments of another are found too).
  public static func all(named name: String, in tokens: SwiftTokens) -> [CallExpression] {
    let list = tokens.tokens
    var calls: [CallExpression] = []
    var index = 0
    while index + 2 < list.count {
      defer { index += 1 }
      guard list[index].kind == .punctuation(UInt8(ascii: ".")),
        list[index + 1].kind == .identifier(name),
        list[index + 2].kind == .punctuation(UInt8(ascii: "(")),
        list[index + 1].start == list[index].end
      else { continue }
      guard let (arguments, close) = arguments(openingAt: index + 2, in: list) else { continue }
      calls.append(
        CallExpression(
          name: name, start: list[index].start, end: list[close].end, arguments: arguments,
          tokens: tokens))
    }
    return calls
  }

  /// The arguments of the call whose `(` is token `open`, and the index of its `)`.
  private static func arguments(
    openingAt open: Int, in list: [SwiftTokens.Token]
  ) -> ([Argument], Int)? {
    var arguments: [Argument] = []
    var depth = 0
    var argumentStart = open + 1
    var index = open
    while index < list.count {
      switch list[index].kind {
      case .punctuation(UInt8(ascii: "(")), .punctuation(UInt8(ascii: "[")),
        .punctuation(UInt8(ascii: "{")):
        depth += 1
      case .punctuation(UInt8(ascii: ")")), .punctuation(UInt8(ascii: "]")),
        .punctuation(UInt8(ascii: "}")):
        depth -= 1
        if depth == 0 {
          if argumentStart < index {
            arguments.append(argument(from: argumentStart, to: index, in: list))
          }
          return (arguments, index)
        }
      case .punctuation(UInt8(ascii: ",")) where depth == 1:
        arguments.append(argument(from: argumentStart, to: index, in: list))
        argumentStart = index + 1
      default:
        break
      }
      index += 1
    }
    return nil
  }

  private static func argument(from start: Int, to end: Int, in list: [SwiftTokens.Token])
    -> Argument
  {
    if end - start >= 2, case .identifier(let label) = list[start].kind,
      list[start + 1].kind == .punctuation(UInt8(ascii: ":"))
    {
      return Argument(label: label, valueStart: start + 2, valueEnd: end)
    }
    return Argument(label: nil, valueStart: start, valueEnd: end)
  }

  /// The argument labelled `label`, if the call has one.
  public func argument(_ label: String) -> Argument? {
    arguments.first { $0.label == label }
  }

  /// The value of the argument labelled `label` when it is a plain string literal.
  public func stringArgument(_ label: String) -> String? {
    guard let argument = argument(label), argument.valueEnd == argument.valueStart + 1,
      case .string(let value) = tokens.tokens[argument.valueStart].kind
    else { return nil }
    return value
  }

  /// The 1-based line the call starts on.
  public var line: Int { tokens.line(of: start) }

  /// The call's source text.
  public var text: String { tokens.text(start, end) }
}
