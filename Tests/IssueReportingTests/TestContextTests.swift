import IssueReporting
import Testing

@Suite struct TestContextTests {
  @Test func isTestingUnderSwiftTest() {
    #expect(isTesting)
  }

  @Test func inASwiftTestingTest() throws {
    let context = try #require(TestContext.current)
    #expect(context.isSwiftTesting)
    guard case .swiftTesting(let testing?) = context else {
      Issue.record("Expected the running test, got \(context)")
      return
    }
    // The identity is Swift Testing's own: stable within the test, distinct across tests.
    guard case .swiftTesting(let again?) = TestContext.current else { return }
    #expect(testing.test.id == again.test.id)
    #expect(testing == again)
    #expect("\(testing.test.id.rawValue)".contains("inASwiftTestingTest"))
  }

  @Test(.tags(.example)) func traitsAreTheTestsTraits() {
    guard case .swiftTesting(let testing?) = TestContext.current else {
      Issue.record("Expected the running test")
      return
    }
    #expect(testing.test.traits.contains { $0 is Tag.List })
  }

  @Test func outsideTheTestsTaskItIsXCTest() async {
    // As in the classic library: in a test process, no Swift Testing test on this task.
    let context = await Task.detached { TestContext.current }.value
    #expect(context?.isSwiftTesting == false)
    if case .xcTest? = context {
    } else {
      Issue.record("Expected .xcTest, got \(String(describing: context))")
    }
  }
}

extension Tag {
  @Tag static var example: Self
}
