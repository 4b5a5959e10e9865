import ChildTestRun
import Dependencies
import Foundation
import Testing

/// A value of a test's cache that needs shutting down: counts the instances alive and the shutdowns,
/// and holds some memory, as a connection pool or a client would.
final class CaseResource: ShutdownableDependency {
  static let alive = LockIsolated(0)
  static let shutDowns = LockIsolated(0)
  let bytes = [UInt8](repeating: 1, count: 64 << 10)
  let name: String

  init(name: String) {
    self.name = name
    Self.alive.withValue { $0 += 1 }
  }

  deinit { Self.alive.withValue { $0 -= 1 } }

  func shutdown() async {
    Self.shutDowns.withValue { $0 += 1 }
    // Unbuffered: the child runs below count these lines after the process has exited.
    FileHandle.standardError.write(Data("shut down: \(name)\n".utf8))
  }
}

enum CaseResourceKey: TestDependencyKey {
  static var testValue: CaseResource {
    CaseResource(name: TestContext.current.map { "\($0)" } ?? "outside any test")
  }
}

/// Waits until `condition` holds, checking it every few milliseconds, for at most `limit` (which only
/// bounds a failure: nothing is timed); returns whether it held.
func waitUntil(limit: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while !condition() {
    guard clock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// The values of a parameterized test's cases (no trait) that need shutting down are shut down and
/// freed while the test runs, soon after each case ends: not all kept until the last case, and none
/// left out.
@Suite struct ParameterizedCaseShutdownTests {
  static let cases = 120
  static let casesDone = LockIsolated(0)

  @Test(arguments: 0..<cases)
  func everyEndedCasesValuesAreShutDownAndFreedWhileTheTestRuns(_ argument: Int) async {
    @Dependency(CaseResourceKey.self) var resource
    #expect(resource.bytes.count == 64 << 10)
    let done = Self.casesDone.withValue {
      $0 += 1
      return $0
    }
    guard done == Self.cases else { return }
    // The last case to get here: every other case has ended or is ending. Their values are shut
    // down and freed while this one still runs; only this case's value is left.
    let settled = await waitUntil {
      CaseResource.shutDowns.value >= Self.cases - 1 && CaseResource.alive.value <= 1
    }
    let (shutDowns, alive) = (CaseResource.shutDowns.value, CaseResource.alive.value)
    #expect(
      settled, "\(shutDowns) of \(Self.cases - 1) ended cases' values shut down, \(alive) alive")
  }
}

/// Runs `test` of `TestCacheRunChild` as a Swift Testing run of its own, with `arguments`.
private func childRun(_ test: String, arguments: [String] = []) async throws -> ChildTestRun.Outcome
{
  try await ChildTestRun.run(
    "test-cache-run", filter: "TestCacheRunChild/\(test)\\(", arguments: arguments)
}

@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct TestCacheRunTests {
  /// Every test cache's values that need it are shut down before the process exits: those of a test
  /// that is not parameterized (whose cache lives as long as the run), and those of the last cases
  /// of a parameterized test (no later case is there to sweep their caches).
  @Test func everyTestsValuesAreShutDownBeforeTheProcessExits() async throws {
    let run = try await childRun("(aTestThatIsNotParameterized|aParameterizedTest)")
    #expect(run.status == 0, "\(run)")
    let lines = run.output.split(separator: "\n")
    let plain = lines.filter { $0.hasPrefix("shut down: ") && $0.contains("aTestThatIsNotParam") }
    let cases = lines.filter { $0.hasPrefix("shut down: ") && $0.contains("aParameterizedTest") }
    #expect(plain.count == 1, "\(run)")
    #expect(cases.count == TestCacheRunChild.cases, "\(run)")
  }

  /// A value of an ended case whose background shutdown fails fails the run (no test is there to
  /// fail), at the line that read the value; it is not only printed.
  @Test func aFailedBackgroundShutdownFailsTheRun() async throws {
    let run = try await childRun("aCaseWhoseValueFailsToShutDown")
    #expect(run.status != 0, "\(run)")
    #expect(
      run.output.contains("Test «unknown» recorded an issue at TestCacheRunTests.swift:"), "\(run)")
    #expect(
      run.output.contains("Shutting down FailingResourceKey threw an error: the disk is full"),
      "\(run)")
    #expect(run.output.contains("shut its values down in the background"), "\(run)")
    #expect(run.output.contains("Test run with 1 test in 1 suite failed"), "\(run)")
  }

  /// With `--repetitions`, each iteration of a parameterized test's case starts with a fresh cache.
  @Test func eachIterationOfAParameterizedCaseStartsFresh() async throws {
    let run = try await childRun(
      "countsFromOneInEveryIteration", arguments: ["--repetitions", "3"])
    #expect(run.status == 0, "\(run)")
    #expect(run.output.contains("iteration 3"), "\(run)")
  }

  /// Swift Testing gives no way to tell the iterations of a test that is not parameterized apart:
  /// with `--repetitions`, they share the test's cache, and the run says so, once, with the fix.
  @Test func iterationsOfATestThatIsNotParameterizedAreSaidToShareItsCache() async throws {
    let run = try await childRun(
      "aTestThatIsNotParameterizedRepeated", arguments: ["--repetitions", "2"])
    #expect(run.status == 0, "\(run)")
    let warnings =
      run.output.components(separatedBy: "share its cached dependency values").count - 1
    #expect(warnings == 1, "\(run)")
    #expect(run.output.contains("aTestThatIsNotParameterizedRepeated"), "\(run)")
    #expect(run.output.contains(".dependencies"), "\(run)")
  }
}

/// The tests `TestCacheRunTests` runs in child processes; skipped in any other run.
@Suite(
  .enabled(if: ChildTestRun.isChild("test-cache-run"), "runs only in TestCacheRunTests' child runs")
)
struct TestCacheRunChild {
  static let cases = 12
  static let iterations = LockIsolated<[Int: Int]>([:])

  @Test func aTestThatIsNotParameterized() {
    @Dependency(CaseResourceKey.self) var resource
    #expect(resource.bytes.count == 64 << 10)
  }

  @Test(arguments: 0..<cases)
  func aParameterizedTest(_ argument: Int) {
    @Dependency(CaseResourceKey.self) var resource
    #expect(resource.bytes.count == 64 << 10)
  }

  @Test(arguments: 0..<2)
  func countsFromOneInEveryIteration(_ argument: Int) {
    @Dependency(IterationCounterKey.self) var counter
    #expect(counter.next() == 1)
    let iteration = Self.iterations.withValue {
      $0[argument, default: 0] += 1
      return $0[argument]!
    }
    print("iteration \(iteration)")
  }

  /// Its cases run in order; the last one waits until the values of the others are freed, which
  /// happens once their shutdowns have failed and been reported: while the run is in progress.
  @Test(.serialized, arguments: 0..<3)
  func aCaseWhoseValueFailsToShutDown(_ argument: Int) async {
    @Dependency(FailingResourceKey.self) var resource
    _ = resource
    guard argument == 2 else { return }
    #expect(await waitUntil { FailingResource.alive.value == 1 })
  }

  @Test func aTestThatIsNotParameterizedRepeated() {
    @Dependency(IterationCounterKey.self) var counter
    _ = counter.next()
  }
}

/// A value whose shutdown fails.
final class FailingResource: ShutdownableDependency {
  static let alive = LockIsolated(0)

  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }

  func shutdown() async throws { throw DiskFull() }
}

enum FailingResourceKey: TestDependencyKey {
  static var testValue: FailingResource { FailingResource() }
}
