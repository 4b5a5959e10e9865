import Clocks
import IssueCollecting

/// Waits, without relying on timing, until `count` tasks are sleeping on `clock`.
func waitForSleepers(_ clock: TestClock<Duration>, count: Int) async {
  await clock._waitForSleepers(count: count)
}
