import NIOCore
import NIOHTTP1

/// An HTTP request as the application sees it: its head and its whole body.
public struct Request: Sendable {
  public var method: HTTPMethod
  /// The request target: the path and the query.
  public var uri: String
  public var headers: HTTPHeaders
  public var body: ByteBuffer

  public init(
    method: HTTPMethod = .GET, uri: String, headers: HTTPHeaders = [:], body: ByteBuffer = .init()
  ) {
    self.method = method
    self.uri = uri
    self.headers = headers
    self.body = body
  }

  /// The path: the target without its query.
  public var path: Substring {
    uri.prefix { $0 != "?" }
  }
}
