import IssueReporting
import Testing

/// A client declared as classic code declares one, with unimplemented test endpoints.
struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String = unimplemented("NumberClient.fetch")
  var count: @Sendable () -> Int = unimplemented("NumberClient.count", placeholder: 0)
  var log: @Sendable (String) -> Void = unimplemented("NumberClient.log")
  var load: @Sendable (Int) throws -> [Int] = unimplemented("NumberClient.load")
  var describe: @Sendable (Int, String) async -> String = unimplemented(
    "NumberClient.describe", placeholder: "?")
}

@Suite struct UnimplementedTests {
  @Test func nonThrowingEndpointsReportAndReturnThePlaceholder() async {
    let client = NumberClient()
    let (values, reporter) = await collectingIssues {
      client.log("hello")
      return (client.count(), await client.describe(7, "seven"))
    }
    #expect(values.0 == 0)
    #expect(values.1 == "?")
    #expect(reporter.messages.count == 3)
    #expect(reporter.messages[0].hasPrefix("Unimplemented: NumberClient.log"))
    #expect(reporter.messages[0].contains(#"Called with: "hello""#))
    #expect(reporter.messages[1].hasPrefix("Unimplemented: NumberClient.count"))
    #expect(reporter.messages[2].contains(#"Called with: (7, "seven")"#))
    // Reported where the endpoint was defined.
    #expect(reporter.sites.allSatisfy { $0.fileID.hasSuffix("UnimplementedTests.swift") })
  }

  @Test func throwingEndpointsReportAndThrow() async {
    let client = NumberClient()
    let (errors, reporter) = await collectingIssues {
      var errors: [String] = []
      do { _ = try await client.fetch(42) } catch let failure as UnimplementedFailure {
        errors.append(failure.description)
      } catch {}
      do { _ = try client.load(1) } catch let failure as UnimplementedFailure {
        errors.append(failure.description)
      } catch {}
      return errors
    }
    #expect(errors == ["NumberClient.fetch", "NumberClient.load"])
    #expect(reporter.messages.count == 2)
    #expect(reporter.messages[0].contains("Unimplemented: NumberClient.fetch"))
    #expect(reporter.messages[0].contains("Called with: 42"))
  }

  @Test func aritiesZeroToFive() async {
    let (results, reporter) = await collectingIssues {
      let f0: @Sendable () -> Int = unimplemented("f0", placeholder: 0)
      let f1: @Sendable (Int) -> Int = unimplemented("f1", placeholder: 1)
      let f2: @Sendable (Int, Int) async -> Int = unimplemented("f2", placeholder: 2)
      let f3: @Sendable (Int, Int, Int) throws -> Int = unimplemented("f3", placeholder: 3)
      let f4: @Sendable (Int, Int, Int, Int) async throws -> Int = unimplemented(
        "f4", placeholder: 4)
      let f5: @Sendable (Int, Int, Int, Int, Int) -> Int = unimplemented("f5", placeholder: 5)
      return [
        f0(), f1(1), await f2(1, 2), (try? f3(1, 2, 3)) ?? -1,
        (try? await f4(1, 2, 3, 4)) ?? -1, f5(1, 2, 3, 4, 5),
      ]
    }
    #expect(results == [0, 1, 2, 3, 4, 5])
    #expect(reporter.messages.count == 6)
    #expect(reporter.messages[5].contains("Called with: (1, 2, 3, 4, 5)"))
  }

  @Test func aValueThatReportsRightAway() {
    let (value, reporter) = collectingIssues {
      let value: Int = unimplemented("Settings.retries", placeholder: 3)
      return value
    }
    #expect(value == 3)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages[0].hasPrefix("Unimplemented: Settings.retries"))
    #expect(!reporter.messages[0].contains("Called with"))
  }

  @Test func overriddenEndpointsDoNotReport() async throws {
    var client = NumberClient()
    client.fetch = { "\($0) is a good number." }
    let (value, reporter) = await collectingIssues {
      try? await client.fetch(3)
    }
    #expect(value == "3 is a good number.")
    #expect(reporter.messages.isEmpty)
  }
}

@Suite struct WithErrorReportingTests {
  struct Failure: Error {}

  @Test func returnsTheValueWhenNothingThrows() {
    let (value, reporter) = collectingIssues {
      withErrorReporting { 42 }
    }
    #expect(value == 42)
    #expect(reporter.messages.isEmpty)
  }

  @Test func reportsThrownErrorsAndReturnsNil() {
    let (value, reporter) = collectingIssues {
      withErrorReporting("Loading settings") { () throws -> Int in throw Failure() }
    }
    #expect(value == nil)
    #expect(reporter.messages == ["Caught error: Failure(): Loading settings"])
    #expect(reporter.sites.first?.fileID.hasSuffix("UnimplementedTests.swift") == true)
  }

  @Test func cancellationIsNotAnIssue() async {
    let (value, reporter) = await collectingIssues {
      await withErrorReporting { () async throws -> Int in throw CancellationError() }
    }
    #expect(value == nil)
    #expect(reporter.messages.isEmpty)
  }

  @Test func asyncReportsThrownErrors() async {
    let (value, reporter) = await collectingIssues {
      await withErrorReporting { () async throws -> Int in
        await Task.yield()
        throw Failure()
      }
    }
    #expect(value == nil)
    #expect(reporter.messages == ["Caught error: Failure()"])
  }

  @Test func optionalResultsAreFlattened() async {
    let (values, _) = await collectingIssues {
      let sync: Int? = withErrorReporting { () throws -> Int? in nil }
      let async: Int? = await withErrorReporting { () async throws -> Int? in 5 }
      return [sync, async]
    }
    #expect(values == [nil, 5])
  }

  @Test func explicitReporters() {
    let explicit = CollectingReporter()
    let (_, reporter) = collectingIssues {
      withErrorReporting(to: [explicit]) { throw Failure() }
    }
    #expect(explicit.messages == ["Caught error: Failure()"])
    #expect(reporter.messages.isEmpty)
  }

  @Test func reportIssueWithAnError() {
    let (_, reporter) = collectingIssues {
      reportIssue(Failure())
      reportIssue(Failure(), "while saving")
    }
    #expect(
      reporter.messages == ["Caught error: Failure()", "Caught error: Failure(): while saving"])
  }

  @Test func isTestingUnderSwiftTest() {
    #expect(isTesting)
  }
}
