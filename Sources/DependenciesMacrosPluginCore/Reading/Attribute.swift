/// An attribute as written: `@DependencyEndpoint(method: "fetch")`, `@Sendable`,
/// `@available(iOS, deprecated: 9999)`.
package struct Attribute: Sendable {
  /// The name as written, without `@` and whitespace: `DependencyEndpoint`,
  /// `DependenciesMacros.DependencyEndpoint`.
  package var name: String
  /// From `@` through the closing parenthesis (or the name).
  package var range: Range<Int>
  /// Between the parentheses of the argument list, if there is one.
  package var arguments: Range<Int>?

  /// The last component of the name (`DependencyEndpoint` for
  /// `DependenciesMacros.DependencyEndpoint`).
  package var baseName: String {
    name.split(separator: ".").last.map(String.init) ?? name
  }

  /// Whether this is `@<name>` or `@<module>.<name>`.
  package func isNamed(_ name: String, module: String) -> Bool {
    self.name == name || self.name == "\(module).\(name)"
  }
}

/// A declaration modifier: `public`, `private(set)`, `static`, `nonisolated(unsafe)`.
package struct Modifier: Sendable {
  package var name: String
  /// `set` of `private(set)`, `unsafe` of `nonisolated(unsafe)`.
  package var detail: String?
  package var range: Range<Int>
}
