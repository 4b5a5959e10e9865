import CustomDump
import Dependencies

/// Describes `number` with the client's fact, dumped with the other package.
public func describe(_ number: Int) async throws -> String {
  @Dependency(\.numberClient) var client
  @Dependency(\.descriptionPrefix) var prefix
  return customDump("\(prefix): \(try await client.fact(number: number))")
}

/// Compares two descriptions with the other package, which reports a difference with its
/// IssueReporting (the stand-in's, which only returns what it would report).
public func difference(_ description: String, _ expected: String) -> String? {
  expectNoDifference(description, expected)
}
