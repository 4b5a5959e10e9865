import Dependencies
import Foundation

// A server-request scenario, simulated in process (Examples/Server is a real server, and
// `make server-bench` measures it under load): every request enters a scope that overrides the
// request-scoped dependencies (its id, a logger and a database client made for it), then reads five
// dependencies at several points, across `await`s, `async let` child tasks and a task group. Each
// read of a request-scoped dependency checks that it carries the request's own id; any mismatch
// fails the run.

/// The id of the request being handled (-1 outside any request).
enum RequestIDKey: DependencyKey {
  static let liveValue = -1
}

/// A logger that tags its lines with the request id.
struct RequestLogger: DependencyKey, Sendable {
  var requestID: Int
  var label: String
  var minimumLevel: Int
  static let liveValue = RequestLogger(requestID: -1, label: "server", minimumLevel: 2)

  func log(level: Int, _ message: @autoclosure () -> String) {
    if level >= minimumLevel { print("[\(label) #\(requestID)] \(message())") }
  }
}

/// A database client stub, made per request.
struct DatabaseClient: DependencyKey, Sendable {
  var requestID: Int
  var fetchUser: @Sendable (Int) async -> Int
  static let liveValue = DatabaseClient(requestID: -1) { $0 }
}

/// Server-wide settings, never overridden: read from the default-value cache.
struct ServerConfig: DependencyKey, Sendable {
  var maxBodyBytes: Int
  var region: String
  static let liveValue = ServerConfig(maxBodyBytes: 1 << 20, region: "local")
}

extension DependencyValues {
  var requestID: Int {
    get { self[RequestIDKey.self] }
    set { self[RequestIDKey.self] = newValue }
  }
  var requestLogger: RequestLogger {
    get { self[RequestLogger.self] }
    set { self[RequestLogger.self] = newValue }
  }
  var database: DatabaseClient {
    get { self[DatabaseClient.self] }
    set { self[DatabaseClient.self] = newValue }
  }
  var serverConfig: ServerConfig {
    get { self[ServerConfig.self] }
    set { self[ServerConfig.self] = newValue }
  }
}

/// The per-request stubs.
func requestDatabase(_ id: Int) -> DatabaseClient {
  DatabaseClient(requestID: id) { user in
    await Task.yield()  // a suspension, as a query would have
    return user &+ id
  }
}

func requestLogger(_ id: Int) -> RequestLogger {
  RequestLogger(requestID: id, label: "request", minimumLevel: 2)
}

/// One request. Returns the number of reads that saw another request's id.
enum RequestHandler {
  static func handle(_ id: Int) async -> Int {
    await withDependencies {
      $0.requestID = id
      $0.requestLogger = requestLogger(id)
      $0.database = requestDatabase(id)
    } operation: {
      var mismatches = readFive(id)
      @Dependency(\.database) var database
      let user = await database.fetchUser(7)
      mismatches += readFive(id)
      async let first = child(id)
      async let second = child(id)
      mismatches += await first + second
      mismatches += await withTaskGroup(of: Int.self) { group in
        for _ in 0..<2 { group.addTask { await child(id) } }
        return await group.reduce(0, +)
      }
      @Dependency(\.requestLogger) var logger
      logger.log(level: 0, "user \(user) served")
      return mismatches + readFive(id)
    }
  }

  static func child(_ id: Int) async -> Int {
    let mismatches = readFive(id)
    await Task.yield()
    return mismatches + readFive(id)
  }

  /// Reads the five dependencies; counts request-scoped ones carrying an id other than `id`.
  static func readFive(_ id: Int) -> Int {
    @Dependency(\.requestID) var requestID
    @Dependency(\.requestLogger) var logger
    @Dependency(\.database) var database
    @Dependency(\.serverConfig) var config
    @Dependency(\.benchClient) var client
    var mismatches = 0
    if requestID != id { mismatches += 1 }
    if logger.requestID != id { mismatches += 1 }
    if database.requestID != id { mismatches += 1 }
    blackHole(config.maxBodyBytes &+ client.fetch(id))
    return mismatches
  }
}

/// Hands out request ids (unique over the whole run) and tallies mismatches.
final class RequestLedger: @unchecked Sendable {
  // @unchecked Sendable: every stored property is only touched with `lock` held.
  private let lock = NSLock()
  private var nextID = 1
  private var mismatches = 0
  private var served = 0

  func ids(_ count: Int) -> Range<Int> {
    lock.lock()
    defer { lock.unlock() }
    nextID += count
    return nextID - count..<nextID
  }

  func record(served count: Int, mismatches found: Int) {
    lock.lock()
    defer { lock.unlock() }
    served += count
    mismatches += found
  }

  var totals: (served: Int, mismatches: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (served, mismatches)
  }
}

/// Serves `ids` with `concurrency` workers, each handling one request at a time.
func serve(
  _ ids: Range<Int>, concurrency: Int, _ handle: @escaping @Sendable (Int) async -> Int
) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for worker in 0..<concurrency {
      group.addTask {
        var mismatches = 0
        var id = ids.lowerBound + worker
        while id < ids.upperBound {
          mismatches += await handle(id)
          id += concurrency
        }
        return mismatches
      }
    }
    return await group.reduce(0, +)
  }
}

/// Requests per second with one request at a time and with one per core; exits the process when
/// any request saw a dependency of another.
func runServerScenario(_ settings: BenchmarkSettings, _ report: Report) {
  let group = "Server scenario (3 request-scoped + 2 default dependencies read at 11 points)"
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let ledger = RequestLedger()
  for concurrency in Set([1, cores]).sorted() {
    // Samples 4x the usual length: one request takes microseconds and involves several tasks.
    let rate = measureAsync(settings, operationsPerRound: 1, sampleScale: 4) { requests in
      let ids = ledger.ids(requests)
      let mismatches = await serve(ids, concurrency: concurrency) {
        await RequestHandler.handle($0)
      }
      ledger.record(served: requests, mismatches: mismatches)
    }
    let totals = ledger.totals
    if totals.mismatches > 0 {
      FileHandle.standardError.write(
        Data(
          ("error: server scenario: \(totals.mismatches) reads saw another request's dependencies"
            + " (\(totals.served) requests)\n").utf8))
      exit(1)
    }
    report.add(
      throughputRow(
        group, "requests, concurrency \(concurrency)", parameter: concurrency, unit: "req/s",
        rate))
  }
  let totals = ledger.totals
  print("(server scenario: \(totals.served) requests served, every read saw its own request)")
}
