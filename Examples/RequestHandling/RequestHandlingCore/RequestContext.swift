import Dependencies
import Foundation

/// Who is asking: set for each request, read anywhere below the handler without being passed down.
public struct RequestContext: Equatable, Sendable {
  /// The request's identifier.
  public var requestID: UUID?
  /// The authenticated user.
  public var user: String

  public init(requestID: UUID?, user: String) {
    self.requestID = requestID
    self.user = user
  }
}

extension RequestContext: DependencyKey {
  /// Outside any request: no identifier, nobody signed in.
  public static let liveValue = RequestContext(requestID: nil, user: "anonymous")
  /// Tests start outside any request too.
  public static let testValue = liveValue
}

extension DependencyValues {
  /// The context of the request being handled.
  public var requestContext: RequestContext {
    get { self[RequestContext.self] }
    set { self[RequestContext.self] = newValue }
  }
}
