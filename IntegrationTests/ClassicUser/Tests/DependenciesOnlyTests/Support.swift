import Dependencies
import Foundation

/// A client declared as classic users declare one, with an unimplemented test endpoint.
struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient { "Hello, \($0)!" }
  static let testValue = GreetingClient(
    greet: unimplemented("GreetingClient.greet", placeholder: ""))
}

extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

struct SaveError: Error, Equatable {}
