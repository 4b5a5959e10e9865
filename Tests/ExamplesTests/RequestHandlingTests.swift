import DependenciesTestSupport
import Foundation
import RequestHandlingCore
import Testing

/// A seeded random number generator, so that the simulated latencies are the same on every run.
struct LCRNG: RandomNumberGenerator, Sendable {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}

@Suite(
  .dependencies {
    $0.uuid = .incrementing
    $0.continuousClock = ImmediateClock()
    $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
  })
struct RequestHandlingTests {
  @Test func concurrentRequestsNeverSeeEachOthersDependencies() async {
    let users = (0..<200).map { "user\($0)" }
    let responses = await Server().handleConcurrently(users.map(Request.init(user:)))

    #expect(responses.map(\.context.user) == users)
    #expect(Set(responses.map(\.context.requestID)).count == users.count)
    for response in responses {
      #expect(response.observations.count == 6)
      #expect(response.isIsolated, "\(response.context.user) saw \(response.observations)")
    }
  }

  // Real sleeps, so that the requests really interleave across threads.
  @Test(.dependency(\.continuousClock, ContinuousClock()))
  func isolationHoldsWhenRequestsInterleaveInRealTime() async {
    let users = (0..<40).map { "user\($0)" }
    let responses = await Server().handleConcurrently(users.map(Request.init(user:)))
    #expect(responses.allSatisfy { $0.isIsolated })
  }

  @Test func requestIDsComeFromTheUUIDDependency() async {
    let response = await Server().handle(Request(user: "ada"))
    #expect(response.context == RequestContext(requestID: UUID(0), user: "ada"))
  }

  // `RequestContext` has no `testValue`: a test that reads it outside a request gets the
  // `liveValue` (the default chain testValue → previewValue → liveValue).
  @Test func outsideARequestNobodyIsSignedIn() async {
    _ = await Server().handle(Request(user: "ada"))
    @Dependency(\.requestContext) var context
    #expect(context == RequestContext(requestID: nil, user: "anonymous"))
  }
}
