import Dependencies
import Testing
import XCTest

/// Reports the library's issues as test failures: a Swift Testing `Issue` at the place of the read
/// when a Swift Testing test is running, `XCTFail` otherwise.
///
/// Installed process-wide the first time a trait or ``DependenciesTestCase`` runs; after that every
/// `reportIssue` (strict keys, missing live values, unimplemented endpoints) fails the test that
/// caused it, and the other tests keep running.
struct TestSupportReporter: IssueReporter {
  static func install() {
    _ = installOnce
  }

  private static let installOnce: Void = {
    IssueReporters.installed = TestSupportReporter()
  }()

  func reportIssue(_ message: String, at site: IssueSite) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: site.fileID, filePath: site.filePath, line: Int(site.line),
          column: Int(site.column)))
    } else if let testCase = DependenciesTestCase.running {
      testCase.recordDependencyFailure(message, at: site)
    } else {
      XCTFail("\(site): \(message)")
    }
  }
}
