import Clocks
import IssueReporting
import XCTestDynamicOverlay

// Names the classic satellites declare, here from this library.
let clock = ImmediateClock()
try await clock.sleep(for: .seconds(60))
print("isTesting: \(isTesting), immediate clock slept")
