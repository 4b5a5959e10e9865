import Clients
import Dependencies
import Testing

// The classic `unimplemented` without a placeholder: each endpoint reports an issue, then returns
// a value made up from its result type.
@Suite struct UnimplementedWithoutPlaceholderTests {
  @Dependency(\.numberFact) var numberFact

  @Test func eachEndpointReportsThenReturnsAValueOfItsType() async throws {
    withKnownIssue { #expect(numberFact.fact(42) == "") }
    withKnownIssue { #expect(numberFact.count() == 0) }
    withKnownIssue { #expect(numberFact.isFavorite(1) == false) }
    withKnownIssue { #expect(numberFact.favorites() == []) }
    withKnownIssue { #expect(numberFact.mood() == .curious) }
    withKnownIssue { #expect(numberFact.level() == NumberFactClient.Level(rawValue: 0)) }
    withKnownIssue { #expect(numberFact.lastFact() == nil) }
    await withKnownIssue { #expect(await numberFact.asyncFact(1) == "") }
    try await withKnownIssue {
      var count = 0
      for await _ in numberFact.updates() { count += 1 }
      #expect(count == 0)
      try await numberFact.save("x")
    }
  }

  @Test func theReportNamesTheEndpointAndItsArguments() {
    withKnownIssue {
      _ = numberFact.fact(42)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("Unimplemented: NumberFactClient.fact …") && text.contains("42")
    }
  }

  @Test func anOverrideIsNotReported() {
    withDependencies {
      $0.numberFact.fact = { "\($0) is a number" }
    } operation: {
      #expect(numberFact.fact(7) == "7 is a number")
    }
  }
}
