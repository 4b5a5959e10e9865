import Dependencies
import DependenciesTestSupport
import Greetings
import HTTPServing
import Logging
import ServerApp
import Testing

/// The application answered without a network: each test gets its own resources, and requests go
/// straight to `application()`, through the request scope to the routes.
@Suite(
  .dependencies {
    var logger = Logger(label: "test")
    logger.logLevel = .critical  // keeps metadata, prints nothing the application logs
    let directory = UserDirectory(region: "test", logger: logger)
    $0.logger = logger
    $0.settings = ServerSettings(greetingWord: "Hi")
    $0.userDirectory = directory
    $0.auditLog = AuditLog(directory: directory, logger: logger)
    $0.uuid = .incrementing
  }
)
struct ServerAppTests {
  @Test func helloGreetsTheUserAndEveryPartSawTheRequest() async throws {
    let response = try await application().respond(
      to: Request(uri: "/hello/ada", headers: ["X-Request-ID": "r1"]))
    #expect(response.status == .ok)
    #expect(
      String(buffer: response.body) == "request r1: seen r1 r1 r1 r1 r1 r1\nHi, Ada Lovelace!\n")
  }

  @Test func aRequestWithoutAnIDGetsOne() async throws {
    let response = try await application().respond(to: Request(uri: "/hello/someone"))
    let id = "00000000-0000-0000-0000-000000000000"
    #expect(
      String(buffer: response.body)
        == "request \(id): seen \(id) \(id) \(id) \(id) \(id) \(id)\nHi, someone!\n")
  }

  // snippet: isolation-test
  @Test func concurrentRequestsEachSeeOnlyTheirOwnValues() async throws {
    let app = application()
    let bodies = try await withThrowingTaskGroup(of: (String, String).self) { group in
      for number in 0..<200 {
        group.addTask {
          let id = "request-\(number)"
          let response = try await app.respond(
            to: Request(uri: "/hello/grace", headers: ["X-Request-ID": id]))
          return (id, String(buffer: response.body))
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    #expect(bodies.count == 200)
    for (id, body) in bodies {
      let seen = Array(repeating: id, count: 6).joined(separator: " ")
      #expect(body == "request \(id): seen \(seen)\nHi, Grace Hopper!\n")
    }
  }
  // end snippet: isolation-test

  @Test func everyGreetingIsAudited() async throws {
    @Dependency(\.auditLog) var auditLog
    @Dependency(\.userDirectory) var directory
    for id in ["a", "b"] {
      _ = try await application().respond(
        to: Request(uri: "/hello/alan", headers: ["X-Request-ID": id]))
    }
    await auditLog.flush()
    #expect(directory.storedEntries == ["a greeted alan", "b greeted alan"])
  }

  @Test func unknownPathsAreNotFound() async throws {
    let response = try await application().respond(to: Request(uri: "/nope"))
    #expect(response.status == .notFound)
  }
}
