/// What answers requests: the application's routes, wrapped in its middleware.
public protocol Responder: Sendable {
  func respond(to request: Request) async throws -> Response
}

/// Code that runs around every request, with the rest of the chain as `next`: the shape of a
/// Hummingbird or Vapor middleware.
public protocol Middleware: Sendable {
  func respond(to request: Request, next: any Responder) async throws -> Response
}

extension Responder {
  /// This responder behind `middleware`, the first one outermost: a request goes through each in
  /// turn, then to this responder.
  public func wrapped(in middleware: [any Middleware]) -> any Responder {
    middleware.reversed().reduce(self as any Responder) { next, middleware in
      MiddlewareResponder(middleware: middleware, next: next)
    }
  }
}

/// One middleware in front of the rest of the chain.
private struct MiddlewareResponder: Responder {
  let middleware: any Middleware
  let next: any Responder

  func respond(to request: Request) async throws -> Response {
    try await middleware.respond(to: request, next: next)
  }
}

/// A responder made of a closure.
public struct ClosureResponder: Responder {
  private let body: @Sendable (Request) async throws -> Response

  public init(_ body: @escaping @Sendable (Request) async throws -> Response) {
    self.body = body
  }

  public func respond(to request: Request) async throws -> Response {
    try await body(request)
  }
}
