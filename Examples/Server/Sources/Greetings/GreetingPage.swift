/// The body of a greeting response: the request's id as the client sent it, then as each part of
/// the handler saw it, then the greeting. A load test checks that every part saw the id the
/// client sent (scripts/server-isolation.lua): a request that saw another's is counted.
///
///     request 42: seen 42 42 42 42 42 42
///     Hello, Ada Lovelace!
public struct GreetingPage: Sendable {
  public var requestID: String
  public var seen: [String]
  public var greeting: String

  public init(requestID: String, seen: [String], greeting: String) {
    self.requestID = requestID
    self.seen = seen
    self.greeting = greeting
  }

  public var text: String {
    "request \(requestID): seen \(seen.joined(separator: " "))\n\(greeting)\n"
  }
}
