// `swift run RequestHandling`: eight simulated requests at once, each with its own request-scoped
// dependencies. Prints what each request's handler saw, and fails if any read saw another
// request's values.
import Dependencies
import Foundation
import RequestHandlingCore

let users = ["ada", "grace", "alan", "barbara", "edsger", "frances", "donald", "margaret"]
let responses = await Server().handleConcurrently(users.map(Request.init(user:)))

for response in responses {
  let id = response.context.requestID.map { String($0.uuidString.prefix(8)) } ?? "none"
  print("request \(id) for \(response.context.user):")
  for (label, seen) in response.observations {
    let seenID = seen.requestID.map { String($0.uuidString.prefix(8)) } ?? "none"
    let mark = seen == response.context ? "ok" : "LEAKED"
    print(
      "  \(label.padding(toLength: 22, withPad: " ", startingAt: 0)) \(seen.user)/\(seenID) \(mark)"
    )
  }
}

func contextOutsideAnyRequest() -> RequestContext {
  @Dependency(\.requestContext) var context
  return context
}
let outside = contextOutsideAnyRequest()
print("outside any request: \(outside.user)")

let leaks = responses.filter { !$0.isIsolated }.count
guard leaks == 0, outside.requestID == nil else {
  print("FAILED: \(leaks) request(s) saw another request's dependencies")
  exit(1)
}
print("no leakage across \(responses.count) concurrent requests")
