/// Reports a caught error as an issue: in a test, fails the test; in a live run, logs it.
///
/// ```swift
/// do {
///   try await client.save(draft)
/// } catch {
///   reportIssue(error, "Saving the draft failed")
/// }
/// ```
///
/// The message reads "Caught error: <error>", followed by `message` when there is one. In a test,
/// collect or expect the issue like any other:
///
/// ```swift
/// withDependencies {
///   $0.database.save = { _ in throw DatabaseError.full }
/// } operation: {
///   model.saveButtonTapped()  // reports "Caught error: full"
/// }
/// ```
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let note = message().map { ": \($0)" } ?? ""
  reportIssue(
    "Caught error: \(error)\(note)",
    fileID: fileID, filePath: filePath, line: line, column: column)
}
