import SwiftSourceLexing

/// `#if` around attributes (SE-0367):
///
/// ```swift
/// #if hasAttribute(preconcurrency)
/// @preconcurrency
/// #endif
/// var fetch: () -> Void = {}
/// ```
///
/// Swift makes such a block part of the declaration after it (its attribute list), so the
/// compiler sends it at the start of that declaration, and a type's member list holds one
/// declaration, not a `#if` block and a declaration. The reader recognises the block by
/// swift-syntax's rule (`Lookahead.consumeIfConfigOfAttributes`): every clause holds only
/// attributes and such blocks, at least one attribute in all, and `#endif` starts a line. It
/// skips such blocks before a declaration that is not a property; a property's attributes decide
/// what the macros generate (`@DependencyEndpointIgnored`, `@DependencyEndpoint(method:)`,
/// `@Dependency`, a property wrapper), and which clause is active is the compiler's to know, so a
/// property with one is an error naming it (``unsupportedConditionalAttributes(_:of:)``).
extension SyntaxReader {
  /// At a `#if` block of attributes: skips it and returns its range. Elsewhere (another `#if`
  /// block included), returns nil without moving.
  mutating func skipConditionalAttributes() -> Range<Int>? {
    guard isAtDirective("#if") else { return nil }
    var lookahead = self
    guard lookahead.skipConditionalAttributeClauses() else { return nil }
    // The lookahead decides, as swift-syntax's does; the block is skipped to its own `#endif`
    // (the lookahead can stop at a nested one: `#if A @a #if B #endif #endif`).
    let start = cursor.current.start
    var depth = 0
    repeat {
      if isAtDirective("#if") { depth += 1 }
      if isAtDirective("#endif") { depth -= 1 }
      guard !cursor.isAtEnd, (try? cursor.skipBalanced()) != nil else { return nil }
    } while depth > 0
    return start..<cursor.previousEnd
  }

  /// Whether the cursor is at a `#if` block of attributes.
  func isAtConditionalAttributes() -> Bool {
    var lookahead = self
    return lookahead.skipConditionalAttributes() != nil
  }

  /// From `#if`: skips the clauses while they hold attributes; true when the block holds at least
  /// one and ends with `#endif` at the start of a line. A nested block without attributes ends
  /// the skip at its `#endif`, as in swift-syntax. Blocks nested deeper than
  /// ``MaximumNestingLevel`` are not taken for attributes (the member reader then skips them).
  private mutating func skipConditionalAttributeClauses(depth: Int = 1) -> Bool {
    guard depth <= MaximumNestingLevel.value else { return false }
    var sawAttribute = false
    repeat {
      // `#if`, `#elseif` or `#else`, and the condition, to the end of the line.
      cursor.advance()
      while !cursor.isAtEnd, !cursor.current.newlineBefore {
        guard (try? cursor.skipBalanced()) != nil else { return false }
      }
      while true {
        if cursor.isAt("@") {
          guard (try? readAttribute()) != nil else { return false }
          sawAttribute = true
        } else if isAtDirective("#if") {
          // A nested block without attributes is skipped as far as it goes, as swift-syntax does.
          if skipConditionalAttributeClauses(depth: depth + 1) { sawAttribute = true }
        } else {
          break
        }
      }
    } while isAtDirective("#elseif") || isAtDirective("#else")
    guard sawAttribute, cursor.current.newlineBefore, isAtDirective("#endif") else { return false }
    cursor.advance()
    return true
  }

  private func isAtDirective(_ directive: String) -> Bool {
    cursor.current.kind == .pound && cursor.currentText == directive
  }

  /// The error for a property whose attributes are in a `#if` block (at `range`); `name` is the
  /// token after `var` or `let`.
  func unsupportedConditionalAttributes(_ range: Range<Int>, of name: Token) -> ReadError {
    let property = name.kind == .identifier ? "'\(cursor.text(name))'" : "a property"
    return .unsupported(
      "cannot read '#if' around the attributes of \(property): write the attributes without "
        + "'#if', or declare the whole property in each branch of the '#if'",
      at: range)
  }
}
