// The functions the classic IssueReporting looks up at run time to reach XCTest (see
// SwiftTestingEntryPoints.swift for how it finds them).

import IssueReporting

/// The classic IssueReporting's hook for `XCTFail`.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable (String, StaticString, UInt) -> Void`.
///
/// ```swift
/// let fail = _XCTFail() as! @Sendable (String, StaticString, UInt) -> Void
/// ```
@_silgen_name("$s25IssueReportingTestSupport8_XCTFailypyF")
public func _XCTFail() -> Any { fail }

@Sendable private func fail(_ message: String, file: StaticString, line: UInt) {
  guard XCTestRuntime.fail(message, file: file, line: line) else {
    return unreachable("A failure", message, fileID: "\(file)", line: Int(line))
  }
}

/// The classic IssueReporting's hook for `XCTExpectFailure`, which only Apple platforms' XCTest
/// has: elsewhere the classic hook runs the block, and so does this one.
///
/// Not for calling: the classic IssueReporting looks it up only where XCTest has Objective-C.
///
/// ```swift
/// _ = _XCTExpectFailure()  // a closure, for the classic IssueReporting only
/// ```
@_silgen_name("$s25IssueReportingTestSupport17_XCTExpectFailureypyF")
public func _XCTExpectFailure() -> Any { expectFailure }

@Sendable private func expectFailure(
  _ failureReason: String?, enabled: Bool?, strict: Bool?, failingBlock: () throws -> Void
) rethrows {
  try failingBlock()
}
