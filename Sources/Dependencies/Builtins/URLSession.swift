// Part of the FoundationNetworking trait (on by default): see Package.swift.
#if FoundationNetworking || ClassicDefaultTraits
  // `URLSession` is FoundationNetworking's where that module exists (Linux), else Foundation's.
  #if canImport(FoundationNetworking)
    internal import Foundation
    public import FoundationNetworking
  #else
    public import Foundation
  #endif

  extension DependencyValues {
    /// The URL session features make network requests with.
    ///
    /// ```swift
    /// @Dependency(\.urlSession) var urlSession
    /// let (data, _) = try await urlSession.data(from: URL(string: "https://example.com")!)
    /// ```
    ///
    /// Prefer wrapping the network in a dependency of your own (an API client) and overriding
    /// that in tests; where a feature uses the session directly, override the session:
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.ephemeral
    /// configuration.protocolClasses = [StubProtocol.self]
    /// withDependencies {
    ///   $0.urlSession = URLSession(configuration: configuration)
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `URLSession.shared`. In tests the default is a session (one per test)
    /// whose every request reports an issue, "Unimplemented: @Dependency(\.urlSession)", and fails
    /// with an error, so no test reaches the network by accident.
    public var urlSession: URLSession {
      get { self[URLSessionKey.self] }
      set { self[URLSessionKey.self] = newValue }
    }

    private enum URLSessionKey: DependencyKey {
      static var liveValue: URLSession { .shared }
      static var testValue: URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [_UnimplementedURLProtocol.self]
        return URLSession(configuration: configuration)
      }
    }
  }

  /// The error requests of the test session fail with.
  struct _UnimplementedURLSessionError: Error {}

  /// Handles every request of the test session: reports, then fails the request.
  ///
  /// The issue is reported when the session asks whether this protocol handles the request, which
  /// happens while the task is created, in the caller's task (so the report reaches the running
  /// test); loading, on the session's own queue, only fails the request.
  private final class _UnimplementedURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
      let url = request.url?.absoluteString ?? "a URL"
      reportIssue(
        #"""
        Unimplemented: @Dependency(\.urlSession)

        A test made a request to \#(url) with the default test session. Override the \
        urlSession dependency, or better, the API client that uses it.
        """#)
      return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
      request
    }

    override func startLoading() {
      client?.urlProtocol(self, didFailWithError: _UnimplementedURLSessionError())
    }

    override func stopLoading() {}
  }
#endif
