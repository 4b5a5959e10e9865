import SwiftSourceLexing

/// Which keywords each construct the reader reads accepts, by role: the reader's grammar, over
/// the one typed set of keywords (``Keyword``).
extension Keyword {
  /// Keywords that start a declaration, after its attributes and modifiers.
  package static let declarationIntroducers: Set<Keyword> = [
    .var, .let, .func, .`init`, .deinit, .subscript, .struct, .class, .enum, .actor, .protocol,
    .extension, .typealias, .associatedtype, .case, .import, .operator, .precedencegroup, .macro,
  ]

  /// Keywords that introduce a type declaration or an extension, whose body holds members.
  package static let typeIntroducers: Set<Keyword> = [
    .struct, .class, .enum, .actor, .protocol, .extension,
  ]

  /// Access-level modifiers.
  package static let accessModifiers: Set<Keyword> = [
    .public, .private, .fileprivate, .internal, .package, .open,
  ]

  /// The other declaration modifiers.
  package static let otherModifiers: Set<Keyword> = [
    .static, .class, .final, .override, .mutating, .nonmutating, .lazy, .weak, .unowned,
    .optional, .required, .convenience, .dynamic, .indirect, .prefix, .postfix, .infix,
    .nonisolated, .distributed, .consuming, .borrowing, .__consuming, .__owned, .__shared,
    .isolated, ._const, .unsafe, .__setter_access, ._compilerInitialized, .reasync, .rethrows,
    .actor, .transferring, .sending,
  ]

  /// What a modifier may have in parentheses: `private(set)`, `nonisolated(unsafe)`.
  package static let modifierDetails: Set<Keyword> = [.set, .unsafe, .safe, .nonsending]

  /// Whether the keyword is spelled like a modifier.
  package var isModifier: Bool {
    Keyword.accessModifiers.contains(self) || Keyword.otherModifiers.contains(self)
  }

  /// Specifiers that may come before a type (`inout Int`, `sending T`).
  package static let typeSpecifiers: Set<Keyword> = [
    .inout, .borrowing, .consuming, .__owned, .__shared, .sending, .transferring, .isolated,
    ._const, .__setter_access,
  ]

  /// The accessors of a property's accessor block.
  package static let accessors: Set<Keyword> = [
    .get, .set, .willSet, .didSet, ._modify, ._read, .modify, .read, .`init`, .unsafeAddress,
    .unsafeMutableAddress,
  ]

  /// Modifiers an accessor may have (`mutating get`, `nonmutating set`).
  package static let accessorModifiers: Set<Keyword> = [
    .mutating, .nonmutating, .__consuming, .borrowing, .consuming,
  ]

  /// The observers a property with a value may have, and `init` (an init accessor).
  package static let observers: Set<Keyword> = [.didSet, .willSet, .`init`]

  /// Effects of a function type, a closure or an accessor.
  package static let effects: Set<Keyword> = [.async, .throws, .rethrows]

  /// Keywords that start a statement or declaration in a closure body, never an expression.
  package static let statementIntroducers: Set<Keyword> = [
    .let, .var, .if, .guard, .for, .while, .repeat, .do, .switch, .return, .throw, .break,
    .continue, .fallthrough, .defer, .import,
  ]

  /// Keywords that start a declaration or statement in a closure body when a name follows them.
  package static let namedStatementIntroducers: Set<Keyword> = [
    .func, .struct, .class, .enum, .actor, .protocol, .typealias, .extension, .macro, .discard,
    .yield,
  ]

  /// Statements a label may precede (`outer: for …`).
  package static let labelableStatements: Set<Keyword> = [
    .for, .while, .repeat, .do, .if, .switch,
  ]
}
