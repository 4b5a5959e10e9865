import Foundation
import Greetings
import HTTPServing
import Logging

// The server of ServerApp without a dependency library: the same routes and the same handler,
// with every value passed by hand. The resources are made once in `main`, the request's values in
// the responder (where ServerApp's middleware enters the request's scope), and each function takes
// what it needs as arguments.

/// The server's resources, made at start-up.
struct Resources: Sendable {
  var settings: ServerSettings
  var logger: Logger
  var directory: UserDirectory
  var auditLog: AuditLog
}

/// What one request's handler works with: the resources, the request's context and its logger.
struct RequestValues: Sendable {
  var resources: Resources
  var requestID: String
  var path: String
  var logger: Logger
}

/// The application: makes each request's values, then routes it.
struct PlainApplication: Responder {
  let resources: Resources

  func respond(to request: Request) async throws -> Response {
    let id = request.headers.first(name: "X-Request-ID") ?? UUID().uuidString
    var logger = resources.logger
    logger[metadataKey: "request-id"] = "\(id)"
    let values = RequestValues(
      resources: resources, requestID: id, path: String(request.path), logger: logger)
    let path = request.path
    if request.method == .GET, path.hasPrefix("/hello/") {
      return await hello(String(path.dropFirst("/hello/".count)), request, values)
    }
    if request.method == .GET, path == "/health" {
      return Response(text: "ok\n")
    }
    return Response(status: .notFound, text: "not found\n")
  }

  /// ServerApp's handler, each value passed by hand.
  func hello(_ user: String, _ request: Request, _ values: RequestValues) async -> Response {
    let atStart = values.requestID
    let greeting = await greet(user, values)
    let afterAwait = values.requestID
    async let inChildTask = values.requestID
    let inTask = await Task { values.requestID }.value
    let inLogger = values.logger[metadataKey: "request-id"].map { "\($0)" } ?? "-"

    values.resources.auditLog.record(requestID: values.requestID, user: user)
    values.logger.debug("greeted \(user)")
    let seen = [atStart, greeting.requestID, afterAwait, await inChildTask, inTask, inLogger]
    let page = GreetingPage(
      requestID: request.headers.first(name: "X-Request-ID") ?? values.requestID, seen: seen,
      greeting: greeting.text)
    return Response(text: page.text)
  }

  /// The greeter of ServerApp.
  func greet(_ user: String, _ values: RequestValues) async -> (text: String, requestID: String) {
    let name = await values.resources.directory.displayName(for: user)
    return ("\(values.resources.settings.greetingWord), \(name)!", values.requestID)
  }
}
