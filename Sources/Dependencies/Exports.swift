// `import Dependencies` gives the satellite libraries too, as the classic package's re-exports do:
// issue reporting (`reportIssue`, `unimplemented`, `withErrorReporting`, `isTesting`), its classic
// name XCTestDynamicOverlay (`XCTFail`, `_XCTIsTesting`), concurrency helpers (`LockIsolated`,
// `withMainSerialExecutor`, `Task.megaYield`, stream helpers) and, with the Clocks trait (on by
// default), clocks (`TestClock`, `ImmediateClock`).
@_exported import ConcurrencyExtras
@_exported import IssueReporting
@_exported import XCTestDynamicOverlay

#if Clocks || ClassicDefaultTraits
  @_exported import Clocks
#endif
