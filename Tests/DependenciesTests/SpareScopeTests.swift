import CDependencies
import Dependencies
import Foundation
import JoinedThread
import Testing

// When a scope ends and nothing else holds it, the thread keeps the emptied scope object for its
// next scope entry. Users see none of it: a scope used again carries nothing of its last use, a
// value set in a scope goes when the scope ends, a scope that outlived its binding (a model, an
// escaped continuation, a task) is never used again, and the objects a thread keeps go when it
// exits.

enum SpareNumberKey: Dependency.Key {
  static var liveValue: Int { -1 }
  static var testValue: Int { -1 }
}
enum SpareTextKey: Dependency.Key {
  static var liveValue: String { "none" }
  static var testValue: String { "none" }
}
enum SpareWordsKey: Dependency.Key {
  static var liveValue: SixWords { SixWords(a: -1) }
  static var testValue: SixWords { SixWords(a: -1) }
}
/// Boxed: too large for a scope to carry.
enum SpareBoxedKey: Dependency.Key {
  static var liveValue: SevenWords { SevenWords(a: -1) }
  static var testValue: SevenWords { SevenWords(a: -1) }
}

/// What a scope may set: one key of each kind a scope carries (a number, a string, a class, six
/// words) and one it boxes.
private enum SpareSetting: Equatable {
  case number(Int), text(String), object(Int), words(Int), boxed(Int)

  var key: Int {
    switch self {
    case .number: 0
    case .text: 1
    case .object: 2
    case .words: 3
    case .boxed: 4
    }
  }

  static func random(using generator: inout ScopeSequenceGenerator) -> SpareSetting {
    let value = Int(generator.next() % 1000)
    switch generator.next() % 5 {
    case 0: return .number(value)
    case 1: return .text("text \(value) long enough to live on the heap")
    case 2: return .object(value)
    case 3: return .words(value)
    default: return .boxed(value)
    }
  }

  func set(in values: inout DependencyValues, tracking tracker: ReleaseTracker) {
    switch self {
    case .number(let value): values[SpareNumberKey.self] = value
    case .text(let value): values[SpareTextKey.self] = value
    case .object(let value): values[ReleaseTrackedKey.self] = ReleaseTracked(tracker, value)
    case .words(let value): values[SpareWordsKey.self] = SixWords(f: value)
    case .boxed(let value): values[SpareBoxedKey.self] = SevenWords(g: value)
    }
  }

  /// What every key reads here, by key: nothing for a key that reads its default.
  static func read() -> [Int: SpareSetting] {
    @Dependency(SpareNumberKey.self) var number
    @Dependency(SpareTextKey.self) var text
    @Dependency(ReleaseTrackedKey.self) var object
    @Dependency(SpareWordsKey.self) var words
    @Dependency(SpareBoxedKey.self) var boxed
    var read: [Int: SpareSetting] = [:]
    if number != -1 { read[0] = .number(number) }
    if text != "none" { read[1] = .text(text) }
    if let object { read[2] = .object(object.id) }
    if words != SixWords(a: -1) { read[3] = .words(words.f) }
    if boxed != SevenWords(a: -1) { read[4] = .boxed(boxed.g) }
    return read
  }
}

/// A small deterministic generator (a 64-bit linear congruential one, high bits): the randomized
/// test replays from its seed.
private struct ScopeSequenceGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}

@Suite struct SpareScopeTests {
  /// Random nests of scopes, each setting random keys, on one thread, checked against a model of
  /// what is in effect: every read in a scope is what that scope and those around it set, never
  /// what a scope that used the same object before set; every object set is gone once its scope
  /// ends.
  @Test func aScopeUsedAgainCarriesNothingOfItsLastUse() {
    var mismatches: [String] = []
    let tracker = ReleaseTracker()
    func enter(depth: Int, model: [Int: SpareSetting], generator: inout ScopeSequenceGenerator) {
      let settings = (0..<(1 + Int(generator.next() % 3))).map { _ in
        SpareSetting.random(using: &generator)
      }
      var inner = model
      for setting in settings { inner[setting.key] = setting }
      withDependencies {
        for setting in settings { setting.set(in: &$0, tracking: tracker) }
      } operation: {
        let read = SpareSetting.read()
        if read != inner { mismatches.append("depth \(depth): read \(read), expected \(inner)") }
        for _ in 0..<Int(generator.next() % 3) where depth < 4 {
          enter(depth: depth + 1, model: inner, generator: &generator)
        }
      }
    }
    for seed in 1...3 as ClosedRange<UInt64> {
      var generator = ScopeSequenceGenerator(seed: seed)
      for _ in 0..<500 { enter(depth: 0, model: [:], generator: &generator) }
      #expect(
        tracker.released.count == tracker.made, "seed \(seed): objects outlived their scopes")
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A value set in a scope goes when the scope ends, though the scope object waits for the
  /// thread's next entry.
  @Test func aValueGoesWhenItsScopeEnds() {
    let tracker = ReleaseTracker()
    for round in 0..<20 {
      withDependencies {
        $0[ReleaseTrackedKey.self] = ReleaseTracked(tracker, round)
      } operation: {
        @Dependency(ReleaseTrackedKey.self) var value
        #expect(value?.id == round)
      }
      #expect(tracker.released == Array(0...round), "round \(round)")
    }
  }

  /// A scope that outlived its binding — held by a model, an escaped continuation, a task — is
  /// never used again: each still reads its own values after many more scopes on the same thread.
  @Test func aScopeThatOutlivesItsBindingIsNeverUsedAgain() async {
    final class Model: @unchecked Sendable {
      // @unchecked Sendable: the property wrapper is only read after initialisation.
      @Dependency(SpareNumberKey.self) var number
      @Dependency(SpareTextKey.self) var text
    }
    let model = withDependencies {
      $0[SpareNumberKey.self] = 1
      $0[SpareTextKey.self] = "model"
    } operation: {
      Model()
    }
    let continuation = withDependencies {
      $0[SpareNumberKey.self] = 2
    } operation: {
      withEscapedDependencies { $0 }
    }
    let gate = Gate()
    let task = withDependencies {
      $0[SpareNumberKey.self] = 3
    } operation: {
      Task { () -> Int in
        await gate.wait()
        @Dependency(SpareNumberKey.self) var number
        return number
      }
    }
    for round in 0..<200 {
      withDependencies {
        $0[SpareNumberKey.self] = 1000 + round
        $0[SpareTextKey.self] = "round \(round)"
      } operation: {
        @Dependency(SpareNumberKey.self) var number
        #expect(number == 1000 + round)
      }
    }
    #expect(model.number == 1)
    #expect(model.text == "model")
    continuation.yield {
      @Dependency(SpareNumberKey.self) var number
      #expect(number == 2)
    }
    gate.open()
    #expect(await task.value == 3)
  }

  /// A default kept by one scope that also read another's overrides (a model's, read through a
  /// continuation of the first) remembers that other scope weakly, to know when it is gone: once
  /// it is, the default is released when the next one is kept in its place. Later scopes on the
  /// same thread, reading through models of their own, get defaults of their own values, never
  /// that one, and it is released.
  @Test func aDefaultThatReadAScopeThatEndedIsNeverServedAgain() {
    live {
      // The scopes' operations return nothing: a returned object would keep its scope alive (for
      // `withDependencies(from:)`), and the scope would not end when its operation does.
      let request = inRequest(of: "Ada") { withEscapedDependencies { $0 } }
      weak var first: LocalizedGreeting?
      withDependencies {
        $0.locale = Locale(identifier: "de_DE")
      } operation: {
        let model = LocalizedModel()
        let greeting = request.yield { model.greeting }
        #expect(greeting.text == "de_DE: Ada")
        first = greeting
      }
      for identifier in ["fr_FR", "it_IT", "es_ES"] {
        withDependencies {
          $0.locale = Locale(identifier: identifier)
        } operation: {
          let model = LocalizedModel()
          let greeting = request.yield { model.greeting }
          #expect(greeting.text == "\(identifier): Ada")
          #expect(greeting !== first)
        }
      }
      #expect(first == nil, "the default that read a scope that is gone is still kept")
    }
  }

  /// Many requests at once, each on tasks that move between threads, with a scope nested in each:
  /// a scope ends on whichever thread its task is on, which keeps it, and none sees another's
  /// values.
  @Test func concurrentRequestsEachSeeTheirOwnValues() async {
    let mismatches = LockIsolated<[String]>([])
    await withTaskGroup(of: Void.self) { group in
      for request in 0..<64 {
        group.addTask {
          for round in 0..<50 {
            let id = request * 1000 + round
            await withDependencies {
              $0[SpareNumberKey.self] = id
              $0[SpareTextKey.self] = "request \(id)"
            } operation: {
              await Task.yield()
              withDependencies {
                $0[SpareWordsKey.self] = SixWords(f: id)
              } operation: {
                @Dependency(SpareNumberKey.self) var number
                @Dependency(SpareTextKey.self) var text
                @Dependency(SpareWordsKey.self) var words
                if number != id || text != "request \(id)" || words.f != id {
                  mismatches.withValue { $0.append("\(id): \(number), \(text), \(words.f)") }
                }
              }
              await Task.yield()
              @Dependency(SpareNumberKey.self) var number
              @Dependency(SpareWordsKey.self) var words
              if number != id || words.f != 6 {
                mismatches.withValue { $0.append("\(id) after: \(number), \(words.f)") }
              }
            }
          }
        }
      }
    }
    #expect(mismatches.value.isEmpty, "\(mismatches.value.prefix(5))")
  }

  /// A thread keeps the scope objects of its ended scopes, as many as it had nested at once, and
  /// they go when the thread exits. A ThreadSanitizer build keeps none (`dck_spare_scope_may_keep`
  /// is false there). (The live counter is process-wide and exists in
  /// debug builds: the check runs in a process of its own, and is skipped in release builds.)
  @Test(
    .enabled(
      if: dck_debug_live_spare_scopes() >= 0, "the C core's live counters exist in debug builds"))
  func aThreadsSpareScopesGoWhenItExits() async {
    await #expect(processExitsWith: .success) {
      let before = dck_debug_live_spare_scopes()
      let keptWhileRunning = LockIsolated<Int64>(-1)
      @Sendable func nest(_ depth: Int) {
        withDependencies {
          $0[SpareNumberKey.self] = depth
        } operation: {
          if depth < 5 { nest(depth + 1) }
        }
      }
      let expected = LockIsolated<Int64>(-1)
      runJoinedThread {
        expected.setValue(isThreadSanitizerBuild ? 0 : 5)
        nest(1)
        nest(1)  // takes the five kept by the first nest, and keeps them again
        keptWhileRunning.setValue(dck_debug_live_spare_scopes() - before)
      }
      let after = dck_debug_live_spare_scopes()
      if keptWhileRunning.value != expected.value || after != before {
        FileHandle.standardError.write(
          Data("kept \(keptWhileRunning.value) while running, \(after - before) after\n".utf8))
        exit(EXIT_FAILURE)
      }
    }
  }

  /// A scope at the root that sets a number, used again by a scope at the root that sets another
  /// key (the thread keeps such a scope with its root in it, and the next one changes only the
  /// root's key): each reads its own key's value, and the other key's default. On a thread of its
  /// own, where nothing else is bound, as on a server's event loop.
  @Test func aScopeAtTheRootUsedAgainForAnotherKeyReadsOnlyThatKey() {
    let misread = LockIsolated<[String]>([])
    runJoinedThread {
      for round in 0..<100 {
        withDependencies {
          $0[SpareNumberKey.self] = round
        } operation: {
          @Dependency(SpareNumberKey.self) var number
          @Dependency(SpareWordsKey.self) var words
          if number != round || words != SixWords(a: -1) {
            misread.withValue { $0.append("round \(round): \(number), \(words)") }
          }
        }
        withDependencies {
          $0[SpareWordsKey.self] = SixWords(f: round)
        } operation: {
          @Dependency(SpareNumberKey.self) var number
          @Dependency(SpareWordsKey.self) var words
          if number != -1 || words != SixWords(f: round) {
            misread.withValue { $0.append("round \(round): \(number), \(words)") }
          }
        }
      }
    }
    #expect(misread.value.isEmpty, "\(misread.value.prefix(5))")
  }

  /// A default computed from a scope's override is kept by that scope (one instance for the
  /// scope), and goes when the scope ends: the next scope, which uses the same object, computes its
  /// own. The scope sets a number at the root, on a thread of its own: the thread would keep it
  /// with its root as it is, had the scope kept nothing.
  @Test func aDefaultAScopeKeptGoesWhenTheScopeEnds() {
    let tracker = ReleaseTracker()
    let misread = LockIsolated<[String]>([])
    runJoinedThread {
      DerivedFromNumberKey.$tracker.withValue(tracker) {
        for round in 0..<20 {
          withDependencies {
            $0[SpareNumberKey.self] = round
          } operation: {
            @Dependency(DerivedFromNumberKey.self) var first
            @Dependency(DerivedFromNumberKey.self) var second
            if first.id != round || first !== second {
              misread.withValue { $0.append("round \(round): \(first.id), \(second.id)") }
            }
          }
          if tracker.released != Array(0...round) {
            misread.withValue { $0.append("after round \(round): released \(tracker.released)") }
          }
        }
      }
    }
    #expect(misread.value.isEmpty, "\(misread.value.prefix(5))")
  }

  /// A default read through a model's property, computed from the model's override and from the
  /// current scope's (a number set at the root, on a thread of its own), is kept by the model's
  /// scope for as long as that scope is current: in the scopes that come after it, which may use
  /// the same object, the model reads a value computed from their number, never from an ended
  /// scope's.
  @Test func aDefaultThatAlsoReadAnEndedScopeIsComputedAgain() {
    final class Model: @unchecked Sendable {
      // @unchecked Sendable: the property wrapper is only read after initialisation.
      @Dependency(TextAndNumberKey.self) var both
    }
    let model = withDependencies {
      $0[SpareTextKey.self] = "model"
    } operation: {
      Model()
    }
    let misread = LockIsolated<[String]>([])
    runJoinedThread {
      for round in 0..<50 {
        withDependencies {
          $0[SpareNumberKey.self] = round
        } operation: {
          let both = model.both
          if both != "model \(round)" {
            misread.withValue { $0.append("round \(round): \(both)") }
          }
        }
      }
    }
    #expect(misread.value.isEmpty, "\(misread.value.prefix(5))")
  }

  /// Scopes entered at the root again and again, one in another (the thread keeps each scope
  /// object with its root left in it, and builds the next root over it), leave no trie node
  /// behind: not while the thread keeps the objects, and not once it has exited. (Live counters
  /// exist in debug builds: see above.)
  @Test(
    .enabled(
      if: dck_debug_live_trie_nodes() >= 0, "the C core's live counters exist in debug builds"))
  func scopesUsedAgainAtTheRootLeaveNoTrieNode() async {
    await #expect(processExitsWith: .success) {
      let before = dck_debug_live_trie_nodes()
      let whileRunning = LockIsolated<Int64>(-1)
      let misread = LockIsolated(0)
      runJoinedThread {
        for number in 0..<100 {
          withDependencies {
            $0[SpareNumberKey.self] = number
          } operation: {
            withDependencies {
              $0[SpareNumberKey.self] = number + 1
            } operation: {
              @Dependency(SpareNumberKey.self) var read
              if read != number + 1 { misread.withValue { $0 += 1 } }
            }
          }
        }
        whileRunning.setValue(dck_debug_live_trie_nodes() - before)
      }
      let after = dck_debug_live_trie_nodes() - before
      if whileRunning.value != 0 || after != 0 || misread.value != 0 {
        FileHandle.standardError.write(
          Data(
            "\(whileRunning.value) trie nodes left while running, \(after) after, \(misread.value) misread\n"
              .utf8))
        exit(EXIT_FAILURE)
      }
    }
  }
}

/// A value that records, in its tracker, when it goes.
final class ReleaseTracked: Sendable {
  let tracker: ReleaseTracker
  let id: Int
  init(_ tracker: ReleaseTracker, _ id: Int) {
    self.tracker = tracker
    self.id = id
    tracker.recordMade()
  }
  deinit { tracker.record(id) }
}

/// How many `ReleaseTracked` values were made, and the ids of those that went, in order.
final class ReleaseTracker: Sendable {
  private let count = LockIsolated(0)
  private let ids = LockIsolated<[Int]>([])
  var made: Int { count.value }
  var released: [Int] { ids.value }
  func recordMade() { count.withValue { $0 += 1 } }
  func record(_ id: Int) { ids.withValue { $0.append(id) } }
}

/// A default computed from `SpareNumberKey`: a new object for each number, recorded in the tracker
/// the test binds.
enum DerivedFromNumberKey: Dependency.Key {
  @TaskLocal static var tracker = ReleaseTracker()
  static var liveValue: ReleaseTracked { testValue }
  static var testValue: ReleaseTracked {
    @Dependency(SpareNumberKey.self) var number
    return ReleaseTracked(tracker, number)
  }
}

/// A default computed from `SpareTextKey` and `SpareNumberKey`.
enum TextAndNumberKey: Dependency.Key {
  static var liveValue: String { testValue }
  static var testValue: String {
    @Dependency(SpareTextKey.self) var text
    @Dependency(SpareNumberKey.self) var number
    return "\(text) \(number)"
  }
}

enum ReleaseTrackedKey: Dependency.Key {
  static var liveValue: ReleaseTracked? { nil }
  static var testValue: ReleaseTracked? { nil }
}

/// Whether this process runs with ThreadSanitizer (its runtime, which the build links, defines
/// `__tsan_init`).
let isThreadSanitizerBuild = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
