import ChildTestRun
import Dependencies
import Foundation
import Testing

/// A whole Swift Testing run whose Testing is not laid out as the bridge expects (the child process
/// gives every read a bridge over such a layout of its real tests): the run fails with one issue,
/// which names the cause, recorded in the first test that needed isolation; every other test passes,
/// and none of them sees another's cached values.
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct UnexpectedTestingLayoutRunTests {
  /// `Test.Case` without `_kind`: each case is named by reflection, and keeps its values while it
  /// runs.
  @Test func withoutTheCasesKindEachCaseHasACacheOfItsOwn() async throws {
    let run = try await childRun(.caseWithoutKind)
    #expect(run.status != 0, "\(run)")
    #expect(occurrences(of: "recorded an issue", in: run.output) == 1, "\(run)")
    #expect(run.output.contains("• Expected: Test.Case to store `_kind`."), "\(run)")
    #expect(run.output.contains("• Instead: each test case gets a cache of its own"), "\(run)")
    #expect(run.output.contains("with 1 issue"), "\(run)")
  }

  /// No `Test.current`: nothing names a test, and each read gets a cache of its own.
  @Test func withoutTheRunningTestEachReadHasACacheOfItsOwn() async throws {
    let run = try await childRun(.noCurrentTestSymbol)
    #expect(run.status != 0, "\(run)")
    #expect(occurrences(of: "recorded an issue", in: run.output) == 1, "\(run)")
    #expect(
      run.output.contains("• Found: no symbol $s7Testing4TestV7currentACSgvgZ."), "\(run)")
    #expect(run.output.contains("• Instead: nothing names the running test case"), "\(run)")
    #expect(run.output.contains("with 1 issue"), "\(run)")
  }

  private func childRun(_ layout: TestingLayout) async throws -> ChildTestRun.Outcome {
    try await ChildTestRun.run(
      "\(UnexpectedTestingLayoutChildRun.prefix)\(layout.rawValue)",
      filter: "UnexpectedTestingLayoutChild/")
  }

  private func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }
}

/// The child runs of `UnexpectedTestingLayoutRunTests`: each gives the bridge one unexpected layout
/// of the real running test and case.
enum UnexpectedTestingLayoutChildRun {
  static let prefix = "unexpected-testing-layout-"

  /// The layout this child run gives the bridge, from the child run's name; nil in any other run.
  static let layout: TestingLayout? = {
    guard let name = ProcessInfo.processInfo.environment[ChildTestRun.variable],
      name.hasPrefix(prefix)
    else { return nil }
    return TestingLayout(rawValue: String(name.dropFirst(prefix.count)))
  }()
}

/// The tests `UnexpectedTestingLayoutRunTests` runs in child processes; skipped in any other run.
/// Each counts from one with a stateful test value: none sees another's.
@Suite(
  .enabled(
    if: UnexpectedTestingLayoutChildRun.layout != nil,
    "runs only in UnexpectedTestingLayoutRunTests' child runs")
)
struct UnexpectedTestingLayoutChild {
  static let layout = UnexpectedTestingLayoutChildRun.layout

  /// Gives every read of this process a bridge over `layout`; each test evaluates it before its
  /// first read.
  static let bridgeIsInstalled: Void = {
    guard let layout else { return }
    _TestCaches.useBridge(_SwiftTestingBridge(facts: layout.facts(wrapping: .runtime)))
  }()

  @Test func aTest() {
    Self.countsFromOne()
  }

  @Test func anotherTest() {
    Self.countsFromOne()
  }

  @Test(arguments: 0..<3)
  func aCase(_ argument: Int) {
    Self.countsFromOne()
  }

  private static func countsFromOne() {
    _ = bridgeIsInstalled
    @Dependency(IterationCounterKey.self) var counter
    #expect(counter.next() == 1)
    // A case named by reflection keeps its cache; a read that nothing names has a fresh one.
    #expect(counter.next() == (layout?.fallback == .freshCachePerRead ? 1 : 2))
  }
}

extension TestingLayout {
  /// The real running test and case, as this layout shows them (implemented for the layouts the
  /// child runs use).
  func facts(wrapping real: _SwiftTestingFacts) -> _SwiftTestingFacts {
    var facts = real
    switch self {
    case .caseWithoutKind:
      facts.currentTestCase = {
        real.currentTestCase().map {
          RealCaseWithoutKind(kind: Mirror(reflecting: $0).descendant("_kind")!)
        }
      }
    case .noCurrentTestSymbol:
      facts.missingForCurrentTest = ["symbol $s7Testing4TestV7currentACSgvgZ"]
      facts.currentTest = { nil }
    default:
      fatalError("\(self) is not a layout of the child runs")
    }
    return facts
  }
}

/// `Test.Case` with its kind under another name (the real kind, of any type).
private struct RealCaseWithoutKind {
  var kind: Any
}
