/// Asks Swift Testing which test case is running on the current task, without linking it.
///
/// The core module must not link Testing, yet a classic user expects every `@Test` (and every
/// argument of a parameterized test) to get its own cached default values with no trait. In a test
/// process the Testing library is loaded, and IssueReporting's `SwiftTestingRuntime` (the one place
/// that names Testing's symbols) returns the running `Test` and `Test.Case` values, which reach the
/// bridge through one seam (`_SwiftTestingFacts`); the bridge turns them into an identity:
///
/// - the test's identity is its public `Identifiable.id`;
/// - a test case's is read by reflection from its stored kind (its arguments' ids and
///   discriminator, see `_SwiftTestingCaseLayout`), since `Test.Case.ID` is not public API.
///
/// Both rest on facts a toolchain update may change: Testing's symbols, and the private layout of
/// `Test.Case`. When one is not as expected, the bridge never lets two tests share a cache, and says
/// so (a `Deviation`, reported as an issue in the first test that meets it, once per process for
/// each fact):
///
/// - the test is found and identified, but its case's layout is not as expected: the case is named
///   by the test's id and the full reflection of the `Test.Case` value
///   (`Deviation.Fallback.caseNamedByReflection`);
/// - no test can be identified (`Test.current` or `Test.Case.current` is missing in a Swift Testing
///   run, or the test is not `Identifiable`): the read is `Running.unidentified`, and
///   `_TestCaches` gives it a cache of its own (`Deviation.Fallback.freshCachePerRead`). Without
///   `Test.Case.current` the cases of a parameterized test could not be told apart, so the test's id
///   alone is not enough.
///
/// Used only in test processes, never on a live read path.
package final class _SwiftTestingBridge: Sendable {
  /// The Swift Testing test case running on this task.
  package struct RunningCase {
    /// The case's identity: its test's id and, for one argument of a parameterized test, the
    /// argument's.
    package var identity: AnyHashable
    /// An object that lives exactly as long as the running case, when there is one: the storage
    /// of the arguments of one case of a parameterized test, which Swift Testing creates for the
    /// case and releases when it ends. Nil for a test that is not parameterized (which lives as long
    /// as the run), and for a case named by reflection.
    package var owner: AnyObject?
  }

  /// What is running on this task, as far as the bridge can tell.
  package enum Running {
    /// A test case, identified.
    case identified(RunningCase)
    /// A Swift Testing test may be running, and nothing identifies it.
    case unidentified
  }

  /// What one read of the running test found.
  package struct Reading {
    /// What is running; nil outside any Swift Testing test.
    package var running: Running?
    /// What was not as expected, if anything.
    package var deviation: Deviation?
  }

  /// Where the facts come from.
  package let facts: _SwiftTestingFacts
  private let report: @Sendable (String) -> Void
  /// The facts already reported (`Deviation.fact`).
  private let reported = _Locked<Set<String>>([])

  /// A bridge that reads `facts` and reports what is not as expected with `report` (by default as
  /// an issue in the running test).
  package init(
    facts: _SwiftTestingFacts,
    report: @escaping @Sendable (String) -> Void = { reportIssue($0) }
  ) {
    self.facts = facts
    self.report = report
  }

  /// What is running on this task: the test case, or `.unidentified`, or nil outside any Swift
  /// Testing test. A deviation met for the first time is reported first.
  package func currentTestCase() -> Running? {
    let reading = read()
    if let deviation = reading.deviation {
      let isNew = reported.withLock { $0.insert(deviation.fact).inserted }
      if isNew { report(deviation.message) }
    }
    return reading.running
  }

  /// What is running on this task, and what was not as expected; reports nothing.
  package func read() -> Reading {
    guard facts.missingForCurrentTest.isEmpty else {
      guard facts.isSwiftTestingRun else { return .outside }
      return Reading(
        running: .unidentified,
        deviation: missing(facts.missingForCurrentTest, lookup: "Test.current"))
    }
    guard let test = facts.currentTest() else { return .outside }
    guard let identifiable = test as? any Identifiable else {
      return Reading(
        running: .unidentified,
        deviation: Deviation(
          fact: "Test: Identifiable", expected: "the running Test to be Identifiable",
          found: "`\(String(reflecting: type(of: test)))`, which is not",
          fallback: .freshCachePerRead))
    }
    let testIdentity = identity(of: identifiable)
    guard facts.missingForCurrentTestCase.isEmpty else {
      return Reading(
        running: .unidentified,
        deviation: missing(facts.missingForCurrentTestCase, lookup: "Test.Case.current"))
    }
    guard let testCase = facts.currentTestCase() else {
      // A test without a case: a suite-level trait's scope.
      return Reading(
        running: .identified(RunningCase(identity: testIdentity, owner: nil)), deviation: nil)
    }
    switch _SwiftTestingCaseLayout.name(testCase) {
    case .success(let named):
      return Reading(
        running: .identified(
          RunningCase(
            identity: AnyHashable(TestCaseIdentity(test: testIdentity, testCase: named.identity)),
            owner: named.owner)),
        deviation: nil)
    case .failure(let unexpected):
      var reflection = ""
      dump(testCase, to: &reflection)
      return Reading(
        running: .identified(
          RunningCase(
            identity: AnyHashable(
              TestCaseIdentity(test: testIdentity, testCase: AnyHashable(reflection))),
            owner: nil)),
        deviation: Deviation(
          fact: unexpected.fact, expected: unexpected.expected, found: unexpected.found,
          fallback: .caseNamedByReflection))
    }
  }

  /// The deviation of a lookup (`Test.current`) that needs `missing`.
  private func missing(_ missing: [String], lookup: String) -> Deviation {
    Deviation(
      fact: lookup, expected: "Testing to have what \(lookup) is looked up by",
      found: "no \(missing.joined(separator: ", no "))", fallback: .freshCachePerRead)
  }

  private struct TestCaseIdentity: Hashable {
    var test: AnyHashable
    var testCase: AnyHashable
  }

  private func identity<T: Identifiable>(of test: T) -> AnyHashable {
    AnyHashable(test.id)
  }
}

extension _SwiftTestingBridge.Reading {
  /// Outside any Swift Testing test.
  fileprivate static var outside: Self { Self(running: nil, deviation: nil) }
}
