import Clocks
import ConcurrencyExtras
import IssueReporting
import XCTestDynamicOverlay

/// Describes a value, naming the satellite modules this package was built against: the
/// stand-ins, whatever the user's package calls this library's modules of the same names.
public func customDump(_ value: Any) -> String {
  let modules = [
    IssueReporting.standInModule, XCTestDynamicOverlay.standInModule,
    ConcurrencyExtras.standInModule, Clocks.standInModule,
  ]
  return "\(value) (built with \(modules.joined(separator: ", ")))"
}

/// Compares two values as swift-custom-dump's `expectNoDifference` does, reporting a difference
/// with the stand-in IssueReporting's `reportIssue`: what it reported, or nil.
public func expectNoDifference(_ expression1: String, _ expression2: String) -> String? {
  guard expression1 != expression2 else { return nil }
  return IssueReporting.reportIssue("\(expression1) differs from \(expression2)")
}
