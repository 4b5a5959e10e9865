import Foundation
import IssueCollecting
import Testing
import XCTestDynamicOverlay

/// The classic `unimplemented` forms without a placeholder: a report, then a value made up from
/// the result type. Each test is deprecated, as the forms are, so that calling them doesn't warn.
@Suite struct UnimplementedWithoutPlaceholderTests {
  enum Mood: CaseIterable, Equatable { case calm, busy }
  enum Empty: CaseIterable {}
  struct Level: RawRepresentable, Equatable {
    var rawValue: String
    init?(rawValue: String) { self.rawValue = rawValue }
  }

  /// The value an endpoint returning `Result` returns, and the messages it reports.
  @available(*, deprecated)
  func madeUp<Result>(_: Result.Type = Result.self) -> (Result, [String]) {
    let endpoint: @Sendable (Int) -> Result = unimplemented("Client.endpoint")
    let (value, issues) = collectingIssues { endpoint(7) }
    return (value, issues.messages)
  }

  @available(*, deprecated)
  @Test func eachResultTypeHasItsValue() {
    #expect(madeUp(String.self).0 == "")
    #expect(madeUp(Substring.self).0 == "")
    #expect(madeUp(Character.self).0 == " ")
    #expect(madeUp(Bool.self).0 == false)
    #expect(madeUp(Int.self).0 == 0)
    #expect(madeUp(UInt8.self).0 == 0)
    #expect(madeUp(Int64.self).0 == 0)
    #expect(madeUp(Double.self).0 == 0)
    #expect(madeUp(Float.self).0 == 0)
    #expect(madeUp([Int].self).0 == [])
    #expect(madeUp(Set<Int>.self).0 == [])
    #expect(madeUp([String: Int].self).0 == [:])
    #expect(madeUp(Data.self).0 == Data())
    #expect(madeUp(Decimal.self).0 == 0)
    #expect(madeUp(URL.self).0 == URL(string: "/"))
    #expect(madeUp(Mood.self).0 == .calm)
    #expect(madeUp(Level.self).0 == Level(rawValue: ""))
    #expect(madeUp(Int?.self).0 == nil)
    #expect(madeUp(Empty?.self).0 == nil)
    let before = Date()
    #expect(madeUp(Date.self).0 >= before)
    #expect(madeUp(UUID.self).0 != madeUp(UUID.self).0)
  }

  @available(*, deprecated)
  @Test func streamsAreAlreadyFinished() async throws {
    var count = 0
    for await _ in madeUp(AsyncStream<Int>.self).0 { count += 1 }
    #expect(count == 0)
    await #expect(throws: CancellationError.self) {
      for try await _ in madeUp(AsyncThrowingStream<Int, any Error>.self).0 {}
    }
  }

  @available(*, deprecated)
  @Test func theReportNamesTheEndpointAndItsArgumentsAtColumnZero() {
    let line = #line + 1
    let endpoint: @Sendable (Int, String) -> Int = unimplemented("Client.endpoint")
    let (value, issues) = collectingIssues { endpoint(7, "x") }
    #expect(value == 0)
    #expect(issues.messages.count == 1)
    #expect(issues.messages[0].hasPrefix("Unimplemented: Client.endpoint …"))
    #expect(issues.messages[0].contains(#"(7, "x")"#))
    #expect(issues.reports[0].line == UInt(line))
    #expect(issues.reports[0].column == 0)
  }

  @available(*, deprecated)
  @Test func theAsynchronousFormToo() async {
    let endpoint: @Sendable (Int) async -> [String] = unimplemented("Client.fetch")
    let (value, issues) = await collectingIssues { await endpoint(1) }
    #expect(value == [])
    #expect(issues.messages.count == 1)
  }

  /// A type with nothing to make up stops the process, saying what to do.
  @available(*, deprecated)
  @Test func aTypeWithoutAValueStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct Opaque {}
      let endpoint: @Sendable () -> Opaque = unimplemented("Client.opaque")
      _ = withIssueReporters([]) { endpoint() }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains(#"unimplemented("Client.opaque")"#), "\(message)")
    #expect(message.contains(#"To suppress this crash, provide an explicit "placeholder"."#))
  }
}

@Suite struct XCTUnimplementedTests {
  @available(*, deprecated)
  @Test func eachFormCallsItsUnimplemented() async throws {
    let placeholder: @Sendable () -> Int = XCTUnimplemented("a", placeholder: 3)
    let madeUp: @Sendable () -> Int = XCTUnimplemented("b")
    let throwing: @Sendable () throws -> Int = XCTUnimplemented("c")
    let asyncMadeUp: @Sendable () async -> String = XCTUnimplemented("d")
    let asyncThrowing: @Sendable () async throws -> Int = XCTUnimplemented("e")
    let (values, issues) = await collectingIssues {
      (
        placeholder(), madeUp(), (try? throwing()) == nil, await asyncMadeUp(),
        (try? await asyncThrowing()) == nil
      )
    }
    #expect(values.0 == 3)
    #expect(values.1 == 0)
    #expect(values.2)
    #expect(values.3 == "")
    #expect(values.4)
    #expect(issues.messages.count == 5)
    let failure: XCTUnimplementedFailure = UnimplementedFailure(description: "c")
    #expect(failure.description == "c")
  }
}

@Suite struct XCTFailTests {
  @Test func xctFailReportsAtItsCaller() {
    let line = #line + 1
    let (_, issues) = collectingIssues { XCTFail("failed here") }
    #expect(issues.messages == ["failed here"])
    #expect(issues.reports.first?.filePath == #filePath)
    #expect(issues.reports.first?.line == UInt(line))
  }

  @available(*, deprecated)
  @Test func aContextMovesTheReport() {
    let (_, issues) = collectingIssues {
      XCTFailContext.$current.withValue(XCTFailContext(file: "Elsewhere.swift", line: 42)) {
        XCTFail()
      }
    }
    #expect(issues.messages == [""])
    #expect(issues.reports.first?.filePath == "Elsewhere.swift")
    #expect(issues.reports.first?.line == 42)
  }

  @Test func xctIsTestingIsIsTesting() {
    #expect(_XCTIsTesting == isTesting)
    #expect(_XCTIsTesting)
  }
}
