import Dependencies

/// A plain value dependency, overridden in scopes.
public enum RequestIDKey: DependencyKey {
  public static let liveValue = 0
  public static let testValue = 0
}

extension DependencyValues {
  public var requestID: Int {
    get { self[RequestIDKey.self] }
    set { self[RequestIDKey.self] = newValue }
  }
}
