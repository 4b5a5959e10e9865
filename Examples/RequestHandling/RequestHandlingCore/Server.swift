import Dependencies
import Foundation

/// A request from a user.
public struct Request: Sendable {
  public var user: String
  public init(user: String) { self.user = user }
}

/// What a request's handler saw, at each point where it read its context.
public struct Response: Sendable {
  /// The context the server set for the request.
  public var context: RequestContext
  /// Each read of `\.requestContext` while handling it, labelled with where it happened.
  public var observations: [(label: String, seen: RequestContext)]

  /// True when every read saw this request's own context.
  public var isIsolated: Bool {
    observations.allSatisfy { $0.seen == context }
  }
}

/// Handles requests concurrently, giving each its own request-scoped dependencies.
public struct Server: Sendable {
  @Dependency(\.uuid) var uuid

  public init() {}

  /// Handles one request: binds its context for everything the handler does, including the
  /// suspension points and the child tasks along the way.
  public func handle(_ request: Request) async -> Response {
    let context = RequestContext(requestID: uuid(), user: request.user)
    return await withDependencies {
      $0.requestContext = context
    } operation: {
      await Handler().respond()
    }
  }

  /// Handles all `requests` at the same time and returns their responses in order.
  public func handleConcurrently(_ requests: [Request]) async -> [Response] {
    await withTaskGroup(of: (Int, Response).self) { group in
      for (index, request) in requests.enumerated() {
        group.addTask { (index, await handle(request)) }
      }
      var responses = [Response?](repeating: nil, count: requests.count)
      for await (index, response) in group {
        responses[index] = response
      }
      return responses.map { $0! }
    }
  }
}

/// The code that runs for a request. It never receives the context as an argument: it reads it.
struct Handler {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  func respond() async -> Response {
    var observations: [(label: String, seen: RequestContext)] = []
    observations.append(("on entry", currentContext()))

    // Simulated work: a short, random wait, so that the requests interleave.
    await simulatedLatency()
    observations.append(("after a suspension", currentContext()))

    // A child task inherits the dependencies of the task that starts it…
    async let fromChild = contextAfterLatency()
    observations.append(("in a child task", await fromChild))

    // …and so do the tasks of a task group.
    let fromGroup = await withTaskGroup(of: RequestContext.self) { group in
      for _ in 0..<3 {
        group.addTask { await contextAfterLatency() }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for seen in fromGroup {
      observations.append(("in a task-group task", seen))
    }

    return Response(context: currentContext(), observations: observations)
  }

  /// The request context as the current task sees it.
  func currentContext() -> RequestContext {
    @Dependency(\.requestContext) var context
    return context
  }

  func contextAfterLatency() async -> RequestContext {
    await simulatedLatency()
    return currentContext()
  }

  func simulatedLatency() async {
    let milliseconds = withRandomNumberGenerator { Int.random(in: 0...20, using: &$0) }
    try? await clock.sleep(for: .milliseconds(milliseconds))
  }
}
