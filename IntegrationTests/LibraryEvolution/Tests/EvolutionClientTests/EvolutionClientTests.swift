import Dependencies
import DependenciesTestSupport
import EvolutionClient
import Testing

// The client tested as users test it, compiled against the library's resilient modules.

@Suite struct EvolutionClientTests {
  @Test(.dependency(\.requestID, 42))
  func traitOverride() {
    let model = GreetingModel()
    #expect(model.requestID == 42)
    #expect(model.requestIDByType == 42)
    #expect(model.greeting(for: "Ada") == "Hello from a test, Ada (request 42)")
  }

  @Test func withDependenciesOverride() async {
    let model = withDependencies {
      $0.greeter = Greeter(salutation: "Hey")
      $0.counter.next = { $0 * 10 }
    } operation: {
      GreetingModel()
    }
    #expect(model.greeting(for: "Bo") == "Hey, Bo (request 0)")
    #expect(model.number(after: 3) == 30)
    let later = await withDependencies {
      $0.requestID = 5
    } operation: {
      await Task.yield()
      return model.greeting(for: "Bo")
    }
    #expect(later == "Hey, Bo (request 5)")
  }

  @Test func cachedTestValue() {
    let model = GreetingModel()
    #expect(model.greeter === model.greeterByType)
    #expect(model.greeter.salutation == "Hello from a test")
  }

  @Test func unimplementedEndpointReportsAnIssue() {
    withKnownIssue {
      _ = GreetingModel().number(after: 1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Counter.next") }
    }
  }
}
