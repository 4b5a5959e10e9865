import Dependencies
import Greetings
import HTTPServing

/// The application: its routes behind the request scope. The server gives it every request.
public func application() -> any Responder {
  Routes().wrapped(in: [RequestScope()])
}

/// The routes: `GET /hello/<user>` greets a user, `GET /health` says the server is up.
struct Routes: Responder {
  func respond(to request: Request) async throws -> Response {
    let path = request.path
    if request.method == .GET, path.hasPrefix("/hello/") {
      return await hello(String(path.dropFirst("/hello/".count)), request)
    }
    if request.method == .GET, path == "/health" {
      return Response(text: "ok\n")
    }
    return Response(status: .notFound, text: "not found\n")
  }

  // snippet: handler
  /// Greets `user`, and says which request each part of the handler saw: its start, the greeter
  /// (after its lookup's `await`), the code after that `await`, a child task (`async let`), an
  /// unstructured task, and the logger's metadata. Each must see the request's own id.
  func hello(_ user: String, _ request: Request) async -> Response {
    @Dependency(\.requestContext) var context
    @Dependency(\.greeter) var greeter
    @Dependency(\.auditLog) var auditLog
    @Dependency(\.logger) var logger

    let atStart = context.id
    let greeting = await greeter.greet(user)
    let afterAwait = context.id
    async let inChildTask = currentRequestID()
    let inTask = await Task { currentRequestID() }.value
    let inLogger = logger[metadataKey: "request-id"].map { "\($0)" } ?? "-"

    auditLog.record(requestID: context.id, user: user)
    logger.debug("greeted \(user)")
    let seen = [atStart, greeting.requestID, afterAwait, await inChildTask, inTask, inLogger]
    let page = GreetingPage(
      requestID: request.headers.first(name: "X-Request-ID") ?? context.id, seen: seen,
      greeting: greeting.text)
    return Response(text: page.text)
  }
  // end snippet: handler
}

/// The id of the request the current task serves.
private func currentRequestID() -> String {
  @Dependency(\.requestContext) var context
  return context.id
}
