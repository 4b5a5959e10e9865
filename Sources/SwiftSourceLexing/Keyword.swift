/// The Swift keywords the readers of this package act on, as one typed set: a reader asks
/// `cursor.isAt(.var)` or `Keyword(text)`, never compares a token with a string spelled again in
/// each file.
///
/// The lexer makes no difference between keywords and identifiers (it cannot: most of Swift's
/// keywords are contextual, `get`, `some`, `package`, `async` are keywords in one position and
/// names in another), so a ``Keyword`` is what an identifier token's text spells; which keywords
/// a construct accepts is the reader's business (`Keyword.declarationIntroducers` and the other
/// sets in the readers). A backquoted name (`` `class` ``) is never a keyword.
///
/// ```swift
/// Keyword("var")  // .var
/// Keyword("`var`")  // nil
/// Keyword.class.isReserved  // true: a property named `class` needs backquotes
/// ```
package enum Keyword: String, CaseIterable, Sendable {
  // Declarations.
  case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `func`, `import`, `init`
  case `let`, `macro`, `operator`, `precedencegroup`, `protocol`, `struct`, `subscript`
  case `typealias`, `var`, actor

  // Modifiers.
  case `fileprivate`, `internal`, `private`, `public`, open, package
  case `static`, final, override, mutating, nonmutating, lazy, weak, unowned, optional
  case required, convenience, dynamic, indirect, prefix, postfix, infix, nonisolated
  case distributed, consuming, borrowing, isolated, unsafe, reasync, transferring, sending
  case __consuming, __owned, __shared, _const, __setter_access, _compilerInitialized
  case safe, nonsending

  // Parameters and types.
  case `inout`, `rethrows`, `throws`, async, some, any, each, `Any`, `Self`, `Type`, `Protocol`
  case of

  // Statements.
  case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`
  case `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
  case discard, yield

  // Expressions.
  case `as`, `await`, `false`, `is`, `nil`, `self`, `super`, `true`, `try`
  case wildcard = "_"

  // Accessors.
  case get, set, willSet, didSet, _modify, _read, modify, read, unsafeAddress
  case unsafeMutableAddress

  /// The keyword `text` spells, if any.
  package init?(_ text: some StringProtocol) {
    self.init(rawValue: String(text))
  }

  /// Whether a declaration with this name must write it in backquotes (`` var `class` ``):
  /// the keywords Swift reserves everywhere but after `.`.
  package var isReserved: Bool {
    switch self {
    case .associatedtype, .class, .deinit, .enum, .extension, .fileprivate, .func, .import,
      .`init`, .inout, .internal, .let, .operator, .private, .precedencegroup, .protocol,
      .public, .rethrows, .static, .struct, .subscript, .typealias, .var, .break, .case, .catch,
      .continue, .default, .defer, .do, .else, .fallthrough, .for, .guard, .if, .in, .repeat,
      .return, .throw, .switch, .where, .while, .Any, .as, .await, .false, .is, .nil, .self,
      .Self, .super, .throws, .true, .try, .wildcard:
      return true
    default:
      return false
    }
  }

  /// Keywords after which an operand (rather than a binary operator) starts: after them a `/`
  /// opens a regular expression literal, not a division.
  package var precedesOperand: Bool {
    switch self {
    case .return, .in, .case, .where, .if, .guard, .while, .try, .await, .throw, .else, .switch,
      .is, .as, .let, .var:
      return true
    default:
      return false
    }
  }
}
