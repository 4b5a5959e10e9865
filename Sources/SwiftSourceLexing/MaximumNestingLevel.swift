/// How deeply the readers of this package let constructs nest: types in types
/// (`Optional<Optional<…>>`, `[[…]]`, `() -> () -> …`), brackets in brackets, interpolations in
/// string literals.
///
/// Reading nested constructs takes stack for each level, and a reader that met a declaration
/// nested a few hundred levels deep would overflow its stack and crash, which the compiler reports
/// only as "failed to receive result from plugin". So the readers stop at this level with an
/// error naming the construct instead, as swift-syntax's parser does for the same reason (its
/// `maximumNestingLevel` is 256 in release builds too), and as the compiler's own parser does
/// for brackets and braces ("structure nesting level exceeded maximum of 256").
package enum MaximumNestingLevel {
  /// The deepest level the readers read: 256.
  package static let value = 256
}
