/// Where a dependency was read: carried into failure messages.
///
/// Clients see it (`@frozen`): inlined reads build it from the reading property's fields.
@frozen @usableFromInline
struct _ReadSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt
  /// The `DependencyValues` property the read went through (`date` for `@Dependency(\.date)`), or
  /// nil for `@Dependency(Key.self)`.
  @usableFromInline var property: StaticString?

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// This site, read through the property whose accessor is `function` (the `#function` of the
  /// subscript's caller: the property's name).
  @inlinable
  func through(property function: StaticString) -> _ReadSite {
    var site = self
    site.property = function
    return site
  }
}
