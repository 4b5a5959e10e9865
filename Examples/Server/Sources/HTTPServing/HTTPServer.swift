import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization

/// An HTTP/1.1 server on SwiftNIO, run as a service of a swift-service-lifecycle `ServiceGroup`.
///
/// Each connection is served by a task of its own, one request after the other (keep-alive), and
/// each request goes to `responder`. On graceful shutdown (the group's, on SIGTERM) the server stops
/// accepting connections, closes those that wait for a request, lets every request in flight finish
/// and answers it with `Connection: close`; `run()` returns once every connection is closed.
public struct HTTPServer: Service {
  public var host: String
  public var port: Int
  public var responder: any Responder
  public var logger: Logger

  public init(host: String = "127.0.0.1", port: Int, responder: any Responder, logger: Logger) {
    self.host = host
    self.port = port
    self.responder = responder
    self.logger = logger
  }

  public func run() async throws {
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .serverChannelOption(.backlog, value: 256)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .bind(host: host, port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
            wrappingChannelSynchronously: channel)
        }
      }
    // With port 0 the system chooses the port: the log says which.
    let port = listener.channel.localAddress?.port.map(String.init) ?? "?"
    logger.info("listening on \(host):\(port)")
    try await withGracefulShutdownHandler {
      // A discarding group: a connection's task is dropped as soon as it ends.
      try await withThrowingDiscardingTaskGroup { connections in
        try await listener.executeThenClose { inbound in
          for try await connection in inbound {
            connections.addTask { await serve(connection) }
          }
        }
      }
    } onGracefulShutdown: {
      listener.channel.close(promise: nil)
    }
    logger.info("stopped: every connection is closed")
  }

  /// Serves one connection's requests until the client closes it, asks to, or the server shuts
  /// down.
  private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>)
    async
  {
    let state = Mutex(ConnectionState())
    do {
      try await withGracefulShutdownHandler {
        try await connection.executeThenClose { inbound, outbound in
          var head: HTTPRequestHead?
          var body = ByteBuffer()
          for try await part in inbound {
            switch part {
            case .head(let requestHead):
              head = requestHead
              body.clear()
              state.withLock { $0.isBusy = true }
            case .body(var chunk):
              body.writeBuffer(&chunk)
            case .end:
              guard let requestHead = head else { continue }
              head = nil
              let request = Request(
                method: requestHead.method, uri: requestHead.uri, headers: requestHead.headers,
                body: body)
              let response = await respond(to: request)
              let closes = !requestHead.isKeepAlive || state.withLock { $0.isClosing }
              try await outbound.write(
                contentsOf: parts(of: response, answering: requestHead, closing: closes))
              let shutdownCame = state.withLock { state in
                state.isBusy = false
                return state.isClosing
              }
              if closes || shutdownCame { return }
            }
          }
        }
      } onGracefulShutdown: {
        let isIdle = state.withLock { state in
          state.isClosing = true
          return !state.isBusy
        }
        if isIdle { connection.channel.close(promise: nil) }
      }
    } catch {
      logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
    }
  }

  /// The responder's response, or a 500 when it throws.
  private func respond(to request: Request) async -> Response {
    do {
      return try await responder.respond(to: request)
    } catch {
      logger.error("request failed", metadata: ["uri": "\(request.uri)", "error": "\(error)"])
      return Response(status: .internalServerError, text: "internal error\n")
    }
  }

  /// The parts to write for `response`: its head, with `Content-Length` and the connection's
  /// fate, its body and the end.
  private func parts(
    of response: Response, answering request: HTTPRequestHead, closing: Bool
  ) -> [HTTPServerResponsePart] {
    var headers = response.headers
    headers.replaceOrAdd(name: "Content-Length", value: "\(response.body.readableBytes)")
    if closing {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if request.version == .http1_0 {
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    let head = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
    return [.head(head), .body(.byteBuffer(response.body)), .end(nil)]
  }
}

/// Whether a connection is serving a request, and whether the server is shutting down: a
/// connection that waits for a request is closed at once, one that serves a request closes once
/// it has answered.
private struct ConnectionState {
  var isBusy = false
  var isClosing = false
}
