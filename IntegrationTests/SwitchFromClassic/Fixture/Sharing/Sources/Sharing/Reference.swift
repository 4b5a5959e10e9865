import Dependencies

/// What a reference holds; this file imports only Dependencies, and sees each name once.
public struct Reference: Sendable {
  /// The value.
  public var value: String

  /// A reference to `value`, shared when not testing.
  public init(_ value: String) {
    self.value = isTesting ? value : share(value)
  }
}
