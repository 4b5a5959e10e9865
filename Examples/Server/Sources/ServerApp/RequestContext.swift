import Dependencies

/// What the handler knows of the request it serves, set by `RequestScope` for the request's
/// whole scope.
public struct RequestContext: Sendable, Equatable {
  /// The request's id: the client's `X-Request-ID`, or one made for it.
  public var id: String
  public var path: String

  public init(id: String, path: String) {
    self.id = id
    self.path = path
  }
}

extension DependencyValues {
  /// The request being served; outside any request, a context of none (id "-").
  public var requestContext: RequestContext {
    get { self[RequestContextKey.self] }
    set { self[RequestContextKey.self] = newValue }
  }
}

private enum RequestContextKey: DependencyKey {
  static let liveValue = RequestContext(id: "-", path: "")
}
