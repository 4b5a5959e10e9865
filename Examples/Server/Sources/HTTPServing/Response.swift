import NIOCore
import NIOHTTP1

/// An HTTP response: a status, headers and a body. The server adds `Content-Length` and, when it
/// closes the connection after the response, `Connection: close`.
public struct Response: Sendable {
  public var status: HTTPResponseStatus
  public var headers: HTTPHeaders
  public var body: ByteBuffer

  public init(status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:], body: ByteBuffer) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A plain-text response.
  public init(status: HTTPResponseStatus = .ok, text: String) {
    self.init(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: ByteBuffer(string: text))
  }
}
