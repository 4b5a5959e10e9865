import IssueCollecting
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

struct StorageError: Error, Equatable {}

@Suite struct UnimplementedTests {
  @Test func messagesAreWordedAsClassic() {
    let line = #line + 1
    let log: @Sendable (String) -> Void = unimplemented("Logger.log")
    let (_, reporter) = collectingIssues { log("hello") }
    #expect(
      reporter.messages == [
        """
        Unimplemented: Logger.log …

          Defined in 'messagesAreWordedAsClassic()' at:
            IssueReportingTests/UnimplementedTests.swift:\(line)

          Invoked with:
            "hello"
        """
      ])
  }

  @Test func withoutADescription() {
    let line = #line + 1
    let callback: @Sendable () -> Void = unimplemented()
    let (_, reporter) = collectingIssues { callback() }
    #expect(
      reporter.messages == [
        """
        Unimplemented …

          Defined in 'withoutADescription()' at:
            IssueReportingTests/UnimplementedTests.swift:\(line)

          Invoked with:
            ()
        """
      ])
  }

  @Test func inASwiftTestingTestTheIssueIsRecordedAtTheDefinition() {
    let line = #line + 1
    let callback: @Sendable (Int) -> Void = unimplemented("Model.callback")
    withKnownIssue {
      callback(42)
    } matching: { issue in
      issue.description == """
        Issue recorded (error): Unimplemented: Model.callback …

          Defined in 'inASwiftTestingTestTheIssueIsRecordedAtTheDefinition()' at:
            IssueReportingTests/UnimplementedTests.swift:\(line)

          Invoked with:
            42
        """
        && issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileName == "UnimplementedTests.swift"
    }
  }

  @Test func nonThrowingEndpointsReportAndReturnThePlaceholder() async {
    let client = NumberClient()
    let (values, reporter) = await collectingIssues {
      client.log("hello")
      return (client.count(), await client.describe(7, "seven"))
    }
    #expect(values.0 == 0)
    #expect(values.1 == "?")
    #expect(reporter.messages.count == 3)
    #expect(reporter.messages[0].hasPrefix("Unimplemented: NumberClient.log …"))
    #expect(reporter.messages[0].hasSuffix("Invoked with:\n    \"hello\""))
    #expect(reporter.messages[1].hasPrefix("Unimplemented: NumberClient.count …"))
    #expect(reporter.messages[2].hasSuffix(#"Invoked with:\#n    (7, "seven")"#))
    // Reported where the endpoint was defined.
    #expect(reporter.sites.allSatisfy { $0.fileID.hasSuffix("UnimplementedTests.swift") })
  }

  @Test func throwingEndpointsReportAndThrowUnimplementedFailure() async {
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
    #expect(reporter.messages[0].hasPrefix("Unimplemented: NumberClient.fetch …"))
    #expect(reporter.messages[0].hasSuffix("Invoked with:\n    42"))
  }

  @Test func typedThrowingEndpointsThrowTheGivenError() async {
    let load: @Sendable (String) throws(StorageError) -> Int = unimplemented(
      "Storage.load", throwing: StorageError())
    let fetch: @Sendable (String) async throws(StorageError) -> Int = unimplemented(
      throwing: StorageError())
    let (errors, reporter) = await collectingIssues {
      var errors: [StorageError] = []
      do throws(StorageError) { _ = try load("a") } catch { errors.append(error) }
      do throws(StorageError) { _ = try await fetch("b") } catch { errors.append(error) }
      return errors
    }
    #expect(errors == [StorageError(), StorageError()])
    #expect(reporter.messages.count == 2)
    #expect(reporter.messages[0].hasPrefix("Unimplemented: Storage.load …"))
    #expect(reporter.messages[1].hasPrefix("Unimplemented …"))
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
    #expect(reporter.messages[5].hasSuffix("Invoked with:\n    (1, 2, 3, 4, 5)"))
  }

  @Test func aValueThatReportsRightAway() {
    let (value, reporter) = collectingIssues {
      let value: Int = unimplemented("Settings.retries", placeholder: 3)
      return value
    }
    #expect(value == 3)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages[0].hasPrefix("Unimplemented: Settings.retries …"))
    #expect(!reporter.messages[0].contains("Invoked with"))
  }

  @Test func moduleQualifiedWithNoArguments() throws {
    final class Model: Sendable {
      let callback: @Sendable () throws -> Void = IssueReporting.unimplemented()
    }
    let (error, reporter) = collectingIssues { () -> (any Error)? in
      do {
        try Model().callback()
        return nil
      } catch {
        return error
      }
    }
    let failure = try #require(error as? UnimplementedFailure)
    #expect(failure.description == "")
    #expect(
      reporter.messages.first?.hasPrefix("Unimplemented …\n\n  Defined in 'Model' at:") == true)
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
