import Dependencies
import Foundation
import HTTPServing

// snippet: scope
/// Runs each request in a scope of its own: everything the rest of the chain reads while it serves
/// the request, in the tasks it starts too, sees this request's context and a logger that tags
/// each line with the request's id. Nothing of one request's scope reaches another.
public struct RequestScope: Middleware {
  public init() {}

  public func respond(to request: Request, next: any Responder) async throws -> Response {
    @Dependency(\.uuid) var uuid
    let id = request.headers.first(name: "X-Request-ID") ?? uuid().uuidString
    return try await withDependencies {
      $0.requestContext = RequestContext(id: id, path: String(request.path))
      $0.logger[metadataKey: "request-id"] = "\(id)"
    } operation: {
      try await next.respond(to: request)
    }
  }
}
// end snippet: scope
