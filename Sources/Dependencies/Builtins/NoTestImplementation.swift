/// Reports that a feature read a built-in dependency that has no test implementation (the
/// calendar, locale, time zone or preferred locales of the device) in a test, without overriding
/// it. Called from such a key's `testValue`, so it runs once per test (per cache of defaults).
///
/// Only reads through a `@Dependency` property report, at the place of the read: a direct access
/// such as `$0.calendar.timeZone = …` inside `withDependencies` is an override in the making.
func _reportNoTestImplementation(_ name: String, example: String) {
  guard let site = _DefaultComputation.wrapperSite else { return }
  reportIssue(
    """
    @Dependency(\\.\(name)) has no test implementation, but was read from a test context.

    Its live value comes from the machine running the test, which makes the test depend on \
    where it runs. Override it for the test, for example:

        withDependencies {
          $0.\(name) = \(example)
        } operation: { … }
    """,
    fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}
