/// The error an unimplemented endpoint of a ``DependencyClient()`` throws, after reporting the
/// call to the running test.
///
/// ```swift
/// let client = APIClient()  // the unimplemented client
/// do {
///   _ = try await client.fetchUser(id: 42)  // reports "Unimplemented: 'APIClient.fetchUser'"
/// } catch let error as Unimplemented {
///   // error.endpoint == "fetchUser"
/// }
/// ```
public struct Unimplemented: Error {
  /// The endpoint's name, `fetchUser`.
  public let endpoint: String

  /// An error for the endpoint named `endpoint`.
  public init(_ endpoint: String) {
    self.endpoint = endpoint
  }
}
