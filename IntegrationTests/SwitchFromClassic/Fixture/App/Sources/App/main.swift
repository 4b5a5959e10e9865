import Clocks
import Dependencies
import IssueReporting
import XCTestDynamicOverlay

// Names the classic satellites declare, here from this library.
let clock = ImmediateClock()
try await clock.sleep(for: .seconds(60))
print("isTesting: \(isTesting), immediate clock slept")

// Dependencies without its traits: no clock, date or uuid built-ins, the rest as usual.
let context = withDependencies {
  $0.context = .preview
} operation: {
  @Dependency(\.context) var context
  return context
}
print("context: \(context)")
