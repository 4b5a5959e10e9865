import Dependencies

// Dependencies the benchmarks read, declared as users declare them, so that both implementations
// run the same workload.

/// A client of closures without captures, like most real dependencies.
struct BenchClient: DependencyKey, Sendable {
  var fetch: @Sendable (Int) -> Int
  var name: String
  static let liveValue = BenchClient(fetch: { $0 &+ 1 }, name: "live")
}

enum BenchNumberKey: DependencyKey {
  static let liveValue = 0
}

/// A string a request scope sets beside its number and client (a request's tag).
enum BenchTagKey: DependencyKey {
  static let liveValue = "live"
}

/// The client a second scope overrides (a key other than the one the measured reads use).
let otherBenchClient = BenchClient(fetch: { $0 &+ 2 }, name: "other")

extension DependencyValues {
  var benchClient: BenchClient {
    get { self[BenchClient.self] }
    set { self[BenchClient.self] = newValue }
  }
  var benchNumber: Int {
    get { self[BenchNumberKey.self] }
    set { self[BenchNumberKey.self] = newValue }
  }
  var benchTag: String {
    get { self[BenchTagKey.self] }
    set { self[BenchTagKey.self] = newValue }
  }
}

// Thousands of distinct key types for "N overrides in context": `Filler<A, B, C, D>` over ten digit
// types gives 10,000 distinct metatypes, instantiated at run time.

protocol Digit {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

protocol IntKey: DependencyKey where Value == Int {}

enum Filler<A: Digit, B: Digit, C: Digit, D: Digit>: IntKey {
  // Spelled out: the classic library infers no `Value` here (its default is `Self`).
  typealias Value = Int
  static var liveValue: Int { 0 }
}

/// `count` distinct key types (at most 10,000).
func fillerKeys(_ count: Int) -> [any IntKey.Type] {
  let digits: [any Digit.Type] = [
    D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
  ]
  func key<A: Digit, B: Digit, C: Digit, D: Digit>(
    _: A.Type, _: B.Type, _: C.Type, _: D.Type
  ) -> any IntKey.Type {
    Filler<A, B, C, D>.self
  }
  return (0..<count).map { (n: Int) -> any IntKey.Type in
    let a: any Digit.Type = digits[n / 1000 % 10]
    let b: any Digit.Type = digits[n / 100 % 10]
    let c: any Digit.Type = digits[n / 10 % 10]
    let d: any Digit.Type = digits[n % 10]
    return key(a, b, c, d)
  }
}

/// `values` with `keys` overridden.
func setting(_ keys: [any IntKey.Type], in values: inout DependencyValues) {
  func set<K: IntKey>(_: K.Type) { values[K.self] = 1 }
  for key in keys { set(key) }
}
