import ConcurrencyExtras
import Testing

@Suite struct ResultCatchingTests {
  struct Failure: Error, Equatable {}

  func value(_ value: Int) async throws -> Int {
    await Task.yield()
    if value < 0 { throw Failure() }
    return value
  }

  func typedValue(_ value: Int) async throws(Failure) -> Int {
    await Task.yield()
    if value < 0 { throw Failure() }
    return value
  }

  @Test func capturesTheValue() async throws {
    let result = await Result { try await value(42) }
    #expect(try result.get() == 42)
  }

  @Test func capturesTheError() async {
    let result = await Result { try await value(-1) }
    #expect(throws: Failure.self) { try result.get() }
  }

  @Test func typedThrowsKeepTheErrorType() async {
    let result = await Result { () async throws(Failure) -> Int in try await typedValue(-1) }
    let typed: Result<Int, Failure> = result
    #expect(typed == .failure(Failure()))
  }

  static func seven() async throws(Failure) -> Int { 7 }

  @Test func theErrorTypeIsInferredFromAFunction() async {
    let result = await Result(catching: Self.seven)
    let typed: Result<Int, Failure> = result
    #expect(typed == .success(7))
  }

  @Test func aNonThrowingBodyGivesNever() async {
    let result: Result<Int, Never> = await Result {
      await Task.yield(); return 1
    }
    #expect(result == .success(1))
  }

  @MainActor @Test func aClosureWrittenOnAnActorRunsOnIt() async {
    final class MainActorModel {
      var count = 0
    }
    let model = MainActorModel()
    let result = await Result { () async -> Int in
      MainActor.assertIsolated()
      model.count += 1
      return model.count
    }
    #expect(result == .success(1))
  }
}
