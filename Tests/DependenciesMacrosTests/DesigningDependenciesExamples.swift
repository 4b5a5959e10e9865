import Dependencies
import DependenciesMacros
import DependenciesTestSupport
import Testing

// The code of the DependenciesMacros article "Designing dependencies", which shows the regions
// between `// snippet:` markers verbatim (scripts/check-links.py checks that they match).

// snippet: client
@DependencyClient
struct NumberFactClient: Sendable {
  var fact: @Sendable (_ number: Int) async throws -> String
  var isPrime: @Sendable (_ number: Int) -> Bool = { _ in false }
}
// end snippet: client

// snippet: keys
extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(
    fact: { number in "\(number) is a number." },
    isPrime: { number in number > 1 && (2..<number).allSatisfy { number % $0 != 0 } }
  )
  static let testValue = NumberFactClient()
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
// end snippet: keys

// snippet: feature
struct NumberFeature {
  @Dependency(\.numberFact) var numberFact

  func describe(_ number: Int) async throws -> String {
    let fact = try await numberFact.fact(number: number)
    return numberFact.isPrime(number: number) ? "\(fact) It is prime." : fact
  }
}
// end snippet: feature

// snippet: entry
struct Greeting: Sendable {
  var greet: @Sendable (_ name: String) -> String

  static let english = Greeting { "Hello, \($0)!" }
  static let test = Greeting { "Hi \($0)" }
}

extension DependencyValues {
  @DependencyEntry(liveValue: Greeting.english)
  var greeting = Greeting.test
}
// end snippet: entry

@Suite struct DesigningDependenciesExamples {
  // snippet: test
  @Test func describesPrimes() async throws {
    let description = try await withDependencies {
      $0.numberFact.fact = { "\($0) is the number of the day." }
      $0.numberFact.isPrime = { _ in true }
    } operation: {
      try await NumberFeature().describe(7)
    }
    #expect(description == "7 is the number of the day. It is prime.")
  }
  // end snippet: test

  // snippet: unimplemented-test
  @Test func reportsEndpointsTheTestDidNotOverride() async {
    await withKnownIssue {
      _ = try? await withDependencies {
        $0.numberFact.fact = { "\($0) is odd." }
      } operation: {
        try await NumberFeature().describe(3)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Unimplemented: 'NumberFactClient.isPrime'" }
    }
  }
  // end snippet: unimplemented-test

  @Test func liveValues() async throws {
    let description = try await withDependencies {
      $0.context = .live
    } operation: {
      try await NumberFeature().describe(7)
    }
    #expect(description == "7 is a number. It is prime.")
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.greeting) var greeting
      #expect(greeting.greet("Blob") == "Hello, Blob!")
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting.greet("Blob") == "Hi Blob")
  }
}
