/// XCTest's `XCTFail`, reached at run time without linking XCTest.
///
/// `XCTFail(_:file:line:)` takes only standard-library types, so its symbol is called through a
/// plain `@convention(thin)` function type. The file and line passed are the report's own, so the
/// failure points at the user's line, never at this library.
/// `Tests/IssueReportingTests/RuntimeSymbolsTests.swift` pins the symbol.
package enum XCTestRuntime {
  /// The mangled names this library looks up in XCTest.
  package enum Names {
    /// `XCTFail(_: String, file: StaticString, line: UInt)`
    static let fail = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    /// Every symbol looked up.
    package static let symbols = [fail]
  }

  /// Whether XCTest is loaded and `XCTFail` was found.
  package static var isAvailable: Bool { fail != nil }

  /// Fails the running XCTest test with `message` at `file`:`line`, as `XCTFail` does (outside a
  /// test method XCTest ignores the failure). Returns false when XCTest could not be reached.
  @discardableResult
  package static func fail(_ message: String, file: StaticString, line: UInt) -> Bool {
    guard let fail else { return false }
    unsafeBitCast(fail, to: (@convention(thin) (String, StaticString, UInt) -> Void).self)(
      message, file, line)
    return true
  }

  /// Resolved once. Immutable after initialisation, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static let fail = RuntimeSymbols.address(of: Names.fail)
}
