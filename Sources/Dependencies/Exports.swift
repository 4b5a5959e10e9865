// `import Dependencies` gives the satellite libraries too, as the classic package's re-exports do:
// issue reporting (`reportIssue`, `unimplemented`, `withErrorReporting`, `isTesting`), concurrency
// helpers (`LockIsolated`, `ActorIsolated`, `withMainSerialExecutor`, `Task.megaYield`, stream
// helpers) and clocks (`TestClock`, `ImmediateClock`).
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import IssueReporting
