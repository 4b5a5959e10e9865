extension _SwiftTestingBridge {
  /// A fact about Swift Testing that the bridge reads and that this process's Testing library does
  /// not have as expected: what was expected, what was found, and what the bridge does instead.
  ///
  /// The first read that meets it reports it as an issue in the running test (`message`), once per
  /// process for each `fact`; see `_SwiftTestingBridge.currentTestCase()`.
  package struct Deviation: Equatable, Sendable {
    /// What isolates the tests when the running case cannot be named as expected.
    package enum Fallback: Equatable, Sendable {
      /// The test was found and identified, and its case is named by the full reflection of the
      /// `Test.Case` value (`dump`), which shows every stored property, including whatever Testing
      /// itself tells its cases apart by. Each test case still has a cache of its own, but it is
      /// kept until the process exits, and the iterations of a case (`--repetitions`) share it.
      case caseNamedByReflection
      /// Nothing names the running case, so nothing may be shared: every read of a default value
      /// gets a cache of its own, used for that read only.
      case freshCachePerRead
    }

    /// The fact, in a few words (`Test.Case._kind`): the same fact is reported once.
    package let fact: String
    /// What the bridge expected.
    package let expected: String
    /// What it found.
    package let found: String
    /// What it does instead.
    package let fallback: Fallback

    /// A deviation of `fact`.
    package init(fact: String, expected: String, found: String, fallback: Fallback) {
      self.fact = fact
      self.expected = expected
      self.found = found
      self.fallback = fallback
    }

    /// The text: the cause, what the library does instead, and what to do.
    package var message: String {
      """
      swift-dependencies cannot tell Swift Testing's test cases apart the way it expects, so it \
      isolates tests without a .dependencies trait another way. This toolchain's Testing library \
      is not what swift-dependencies expects:
      • Expected: \(expected).
      • Found: \(found).
      • Instead: \(instead)
      Tests and suites with the .dependencies trait do not depend on this: the trait isolates each \
      test case on its own (@Suite(.dependencies) struct FeatureTests { … }). Please report this \
      issue to swift-dependencies with your toolchain's version (swift --version). It is reported \
      once per process.
      """
    }

    private var instead: String {
      switch fallback {
      case .caseNamedByReflection:
        """
        each test case gets a cache of its own, named by its test's id and the full reflection of \
        its Test.Case value, so no two test cases share cached dependency values or \
        prepareDependencies values. Those caches are kept until the process exits (their values \
        are shut down then), and the iterations of a case in a repeated run (--repetitions) share \
        its cache.
        """
      case .freshCachePerRead:
        """
        nothing names the running test case, so no two reads share a cache: every read of a \
        default value in a test without the trait computes the value afresh (a value that needs \
        shutting down is shut down soon after), and values given by prepareDependencies are not \
        kept. A test that counts on a cached value (a stateful test value read twice, a prepared \
        value) fails; no test sees another's values.
        """
      }
    }
  }
}
