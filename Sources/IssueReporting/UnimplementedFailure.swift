/// The error an unimplemented throwing endpoint throws after reporting.
///
/// ```swift
/// do {
///   try await client.fetch(1)
/// } catch let failure as UnimplementedFailure {
///   print(failure.description)  // "APIClient.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Sendable {
  /// The description the endpoint was created with.
  public let description: String

  /// Creates the failure.
  public init(description: String) {
    self.description = description
  }
}
