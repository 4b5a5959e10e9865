/// Reports that a test read a built-in dependency that has no test implementation (the calendar,
/// locale, time zone or preferred locales of the machine) without overriding it. Called from the
/// `testValue` of such a key (a `_ReportsTestReads` key), so it runs once per test (per cache of
/// default values), at the place of the read.
///
/// A read that an update closure makes to modify the value (`$0.calendar.timeZone = …` inside
/// `withDependencies`) is part of an override and reports nothing: there is no read site then.
func _reportNoTestImplementation(_ name: String, example: String) {
  guard let site = _DefaultComputation.readSite else { return }
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
