import Clocks
import IssueCollecting

/// Waits, without relying on timing, until `count` tasks are sleeping on `clock`.
func waitForSleepers(_ clock: TestClock<Duration>, count: Int) async {
  await clock._waitForSleepers(count: count)
}

extension Result where Failure == any Error {
  /// The result of the asynchronous `body`: what it returns, or the error it throws.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
