/// The library's reports of a dependency used where it can't be, worded as the classic library words
/// them (users match on the wording with `withKnownIssue { … } matching: …`): a live-only
/// ``DependencyKey`` read in a test, a ``TestDependencyKey`` read in a live context, and a key that
/// `prepareDependencies` can no longer set.
///
/// The first runs while the default is computed for the read, so the read's site and the property
/// it went through are in `_DefaultComputation.readSite`; the second is given the read's site.
enum _DependencyReports {
  /// How a report names a dependency: its key and value types, and the `DependencyValues` property
  /// it was used through, if any.
  struct Names: Sendable {
    let key: String
    let value: String
    let isKeyItsValue: Bool
    /// The property name (`date`), or nil for `@Dependency(Key.self)` and `$0[Key.self]`.
    let property: String?

    init<Key, Value>(_ key: Key.Type, _ value: Value.Type, property function: StaticString?) {
      self.key = ReportedTypeName.qualified(Key.self)
      self.value = ReportedTypeName.qualified(Value.self)
      self.isKeyItsValue = Key.self == Value.self
      // An accessor's `#function` is the property's name; called from anywhere else (`$0[Key.self]`
      // in a closure or function), `#function` has parentheses and names no property.
      let name = function.map { "\($0)" }
      self.property = name.flatMap { $0.contains("(") ? nil : $0 }
    }

    /// `@Dependency(\.property)` or `@Dependency(Key.self)`.
    var argument: String { property.map { "\\.\($0)" } ?? "\(key).self" }

    /// The "Location / Dependency (or Key and Value)" block of a report.
    func describe(at site: _ReadSite?) -> String {
      var description = ""
      if let site {
        description += "  Location:\n    \(site.fileID):\(site.line)\n"
      }
      description +=
        isKeyItsValue
        ? "  Dependency:\n    \(value)"
        : "  Key:\n    \(key)\n  Value:\n    \(value)"
      return description
    }
  }

  /// A test read a key that implements only `liveValue`. Called from the default `testValue`,
  /// which runs once per test (per cache of default values).
  static func reportNoTestImplementation<Key, Value>(_ key: Key.Type, _ value: Value.Type) {
    let site = _DefaultComputation.readSite
    let names = Names(Key.self, Value.self, property: site?.property)
    let (argument, override) =
      site == nil
      ? ("A dependency", "the dependency")
      : (
        "@Dependency(\(names.argument))", names.property.map { "'\($0)'" } ?? "'\(names.key).self'"
      )
    report(
      """
      \(argument) has no test implementation, but was accessed from a test context:

      \(names.describe(at: site))

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests.

      To fix, override \(override) with a test value. If you are using the Composable \
      Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
      'withDependencies' to define a scope for the override. If you'd like to provide a default \
      value for all tests, implement the 'testValue' requirement of the 'DependencyKey' protocol.
      """,
      site: site)
  }

  /// A live context read a key that has no `liveValue`, at `site`. Made by every such read (that
  /// does not set values), as in the classic library, not only by the one that computes the value.
  static func reportNoLiveImplementation<Key, Value>(
    _ key: Key.Type, _ value: Value.Type, site: _ReadSite?
  ) {
    let names = Names(Key.self, Value.self, property: site?.property)
    let argument = site == nil ? "A dependency" : "@Dependency(\(names.argument))"
    report(
      """
      \(argument) has no live implementation, but was accessed from a live context.

      \(names.describe(at: site))

      To fix you can do one of two things:

      • Conform '\(names.key)' to the 'DependencyKey' protocol by providing a live implementation \
      of your dependency, and make sure that the conformance is linked with this current \
      application.

      • Override the implementation of '\(names.key)' using 'withDependencies'. This is typically \
      done at the entry point of your application, but can be done later too.
      """,
      site: site)
  }

  /// `prepareDependencies` could not set a key: its default was already read, or it was prepared
  /// before.
  static func reportAlreadyPrepared(
    _ names: Names, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reportIssue(
      """
      @Dependency(\(names.argument)) has already been accessed or prepared.

      \(names.describe(at: nil))

      A global dependency can only be prepared a single time and cannot be accessed beforehand. \
      Prepare dependencies as early as possible in the lifecycle of your application.

      To temporarily override a dependency in your application, use 'withDependencies' to do so in \
      a well-defined scope.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private static func report(_ message: String, site: _ReadSite?) {
    guard let site else { return reportIssue(message) }
    reportIssue(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
  }
}
