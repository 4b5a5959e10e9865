import Dependencies
import Foundation
import IssueCollecting
import Testing

@Suite struct DateGeneratorTests {
  @Test func liveReturnsTheCurrentDate() {
    isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.date) var date
        @Dependency(\.date.now) var now
        let before = Date()
        let generated = [date(), now]
        let after = Date()
        for value in generated {
          #expect(before <= value && value <= after)
        }
      }
    }
  }

  /// As in the classic library, `date` has no test value: a test that reads it without overriding
  /// it reports once (the default is cached per test) and gets the live date.
  @Test func aTestReadWithoutOverrideReportsOnceAndServesTheLiveDate() {
    let before = Date()
    let (values, reporter) = collectingIssues {
      @Dependency(\.date) var date
      @Dependency(\.date.now) var now
      return [date(), now, date.now]
    }
    #expect(values.allSatisfy { before <= $0 && $0 <= Date() })
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(
        #"@Dependency(\.date) has no test implementation, but was accessed from a test context"#)
        == true)
  }

  /// Reports name the built-in keys as the classic library does: nested in `DependencyValues`.
  @Test func reportsNameTheKeyAsTheClassicLibraryDoes() {
    let (_, reporter) = collectingIssues {
      @Dependency(\.date) var date
      _ = date.now
      prepareDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) }
    }
    #expect(reporter.messages.count == 2)
    for message in reporter.messages {
      #expect(
        message.contains(
          "  Key:\n    DependencyValues.DateGeneratorKey\n  Value:\n    DateGenerator"))
    }
  }

  @Test func overridingNow() {
    let fixed = Date(timeIntervalSince1970: 1_234_567_890)
    let (values, reporter) = collectingIssues {
      withDependencies {
        $0.date.now = fixed
      } operation: {
        @Dependency(\.date) var date
        @Dependency(\.date.now) var now
        return [date(), date.now, now]
      }
    }
    #expect(values == [fixed, fixed, fixed])
    #expect(reporter.messages.isEmpty)
  }

  @Test func constantAndCustomGenerators() {
    let start = Date(timeIntervalSince1970: 0)
    let calls = LockIsolated(0.0)
    let values = isolated {
      withDependencies {
        $0.date = DateGenerator {
          calls.withValue {
            $0 += 1
            return start.addingTimeInterval($0)
          }
        }
      } operation: {
        @Dependency(\.date) var date
        return [date(), date(), date.now]
      }
    }
    #expect(values == [1, 2, 3].map { start.addingTimeInterval($0) })

    let constant = DateGenerator.constant(start)
    #expect(constant() == start)
    #expect(constant.now == start)
  }

  @Test func settingNowOnAGeneratorValue() {
    var generator = DateGenerator { Date() }
    generator.now = Date(timeIntervalSince1970: 42)
    #expect(generator() == Date(timeIntervalSince1970: 42))
  }
}
