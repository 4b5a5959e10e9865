import Dependencies
import Foundation
import GracefulShutdownCore
import Testing

#if canImport(Glibc)
  import Glibc
  private let systemPipe = Glibc.pipe
#elseif canImport(Darwin)
  import Darwin
  private let systemPipe = Darwin.pipe
#endif

/// The GracefulShutdown example, run as a child process and stopped with a real signal: it stops
/// taking requests, waits for those in flight, then closes every resource once, dependents first.
@Suite struct GracefulShutdownTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalStopsTheServerGracefully(_ signal: Int32) async throws {
    let server = try ChildProcess(GracefulShutdownTests.executable, arguments: ["--stdin"])
    defer { server.terminate() }
    try await server.waitForLine("ready")
    // After its warm-up it logs the dependencies it built, with the order they will shut down in.
    try await server.waitForLine("dependencies after warm-up:")
    try await server.waitForLine(
      "shutdown order: 1. AuditLog, Metrics · 2. SessionStore · 3. Database · 4. Journal")

    server.send("request 1 ada")
    server.send("request 2 grace")
    try await server.waitForLine("request 1: started")
    try await server.waitForLine("request 2: started")

    server.signal(signal)
    let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
    try await server.waitForLine(
      "received \(name): no longer accepting requests, waiting for 2 in flight")
    server.send("request 3 alan")
    try await server.waitForLine("request 3: refused, the server is shutting down")
    // Requests are in flight: nothing is closed yet.
    #expect(
      server.lines.firstIndex { $0.hasPrefix("audit log:") && $0 != "audit log: opened" } == nil)

    server.send("complete 2")
    server.send("complete 1")
    let status = try await server.waitForExit()
    let lines = server.lines
    #expect(status == 0, "\(lines)")

    func position(_ prefix: String) -> Int? {
      let matches = lines.indices.filter { lines[$0].hasPrefix(prefix) }
      #expect(matches.count == 1, "'\(prefix)' appears \(matches.count) times in \(lines)")
      return matches.first
    }
    let finished1 = position("request 1: finished")
    let finished2 = position("request 2: finished")
    let drained = position("drained: no request in flight")
    let audit = position("audit log: flushed 2 entries")
    let sessions = position("sessions: saved 2 sessions to the database")
    let database = position("database: closed")
    let metrics = position("metrics: stopped exporting")
    let journal = position("journal: closed")
    guard let finished1, let finished2, let drained, let audit, let sessions, let database,
      let metrics, let journal
    else { return }
    // Drained before anything closes; dependents before what they read; the journal last.
    #expect(finished1 < drained && finished2 < drained)
    #expect(drained < audit && drained < metrics)
    #expect(audit < sessions && sessions < database && database < journal)
    #expect(metrics < journal)
    #expect(lines.last == "shut down cleanly")
    #expect(!lines.contains { $0.contains("ERROR") || $0.hasPrefix("AFTER CLOSE") }, "\(lines)")
  }

  /// The example's executable, built beside this test bundle (ExamplesTests depends on it).
  static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["GRACEFUL_SHUTDOWN_EXECUTABLE"] {
      return URL(fileURLWithPath: path)
    }
    #if os(Linux)
      let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      let bundle =
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        ?? Bundle.main.bundleURL
    #endif
    return bundle.deletingLastPathComponent().appendingPathComponent("GracefulShutdown")
  }()
}

/// A child process whose standard input the test writes and whose standard output it reads line
/// by line. Started with `posix_spawn` (Foundation's `Process` keeps objects of its own alive, which
/// the AddressSanitizer run reports as leaks).
final class ChildProcess: Sendable {
  struct Timeout: Error, CustomStringConvertible {
    let waitingFor: String
    let lines: [String]
    var description: String { "timed out waiting for \(waitingFor); output so far: \(lines)" }
  }

  struct SpawnFailed: Error, CustomStringConvertible {
    let path: String
    let error: Int32
    var description: String { "could not start \(path): \(String(cString: strerror(error)))" }
  }

  private let pid: pid_t
  private let input: Int32
  private let output = LineBuffer()
  /// The exit status, once the child has exited (written by the waiting thread).
  private let status = LockIsolated<Int32?>(nil)
  private let exited = DispatchSemaphore(value: 0)
  /// How long a wait may take before the test fails (generous: CI machines are busy).
  private let limit: DispatchTimeInterval = .seconds(60)

  init(_ executable: URL, arguments: [String]) throws {
    let (stdinRead, stdinWrite) = try Self.pipe()
    let (stdoutRead, stdoutWrite) = try Self.pipe()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The child's standard input and output (dup2 clears close-on-exec on the copies).
    posix_spawn_file_actions_adddup2(&actions, stdinRead, 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutWrite, 1)

    let path = executable.path
    let environment = ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let error = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(stdinRead)
    close(stdoutWrite)
    guard error == 0 else {
      close(stdinWrite)
      close(stdoutRead)
      throw SpawnFailed(path: path, error: error)
    }
    self.pid = pid
    input = stdinWrite

    let output = output
    Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while case let count = read(stdoutRead, &buffer, buffer.count), count > 0 {
        output.append(Data(buffer[..<count]))
      }
      close(stdoutRead)
      output.finish()
    }.start()
    let status = status
    let exited = exited
    let child = pid
    Thread {
      var raw: Int32 = 0
      while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
      // A normal exit's status is in bits 8 to 15; a signal's number in the low 7 bits.
      let code = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
      status.setValue(code)
      exited.signal()
    }.start()
  }

  deinit {
    close(input)
  }

  /// A pipe whose two ends are closed in child processes (other tests start children too).
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard systemPipe(&ends) == 0 else { throw SpawnFailed(path: "pipe", error: errno) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Every line written so far.
  var lines: [String] { output.lines }

  /// Writes `line` to the child's standard input.
  func send(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
  }

  /// Sends `signal` to the child.
  func signal(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Waits until the child has written `line`.
  func waitForLine(_ line: String) async throws {
    let output = output
    let limit = limit
    let found = await onThread { output.wait(for: line, limit: limit) }
    if !found { throw Timeout(waitingFor: "'\(line)'", lines: output.lines) }
  }

  /// Waits until the child has exited and its output is read; returns its exit status.
  func waitForExit() async throws -> Int32 {
    let exited = exited
    let output = output
    let limit = limit
    let done = await onThread {
      exited.wait(timeout: .now() + limit) == .success && output.waitForEnd(limit: limit)
    }
    guard done, let status = status.value else {
      throw Timeout(waitingFor: "the process to exit", lines: output.lines)
    }
    return status
  }

  /// Ends the child if it still runs.
  func terminate() {
    if status.value == nil { kill(pid, SIGKILL) }
  }

  /// Runs a blocking wait on a thread of its own, off the cooperative pool.
  private func onThread(_ body: @escaping @Sendable () -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }
}

/// The lines a child process wrote, as they come.
final class LineBuffer: @unchecked Sendable {
  // @unchecked Sendable: every stored property is only touched with `condition` locked.
  private let condition = NSCondition()
  private var complete: [String] = []
  private var partial = Data()
  private var ended = false

  var lines: [String] {
    condition.lock()
    defer { condition.unlock() }
    return complete
  }

  func append(_ data: Data) {
    condition.lock()
    partial.append(data)
    while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
      complete.append(String(decoding: partial[..<newline], as: UTF8.self))
      partial.removeSubrange(...newline)
    }
    condition.broadcast()
    condition.unlock()
  }

  func finish() {
    condition.lock()
    if !partial.isEmpty { complete.append(String(decoding: partial, as: UTF8.self)) }
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until `line` was written; false after `limit`, or when the output ended without it.
  func wait(for line: String, limit: DispatchTimeInterval) -> Bool {
    waitUntil(limit: limit) { $0.complete.contains(line) }
  }

  /// Waits until the output ended; false after `limit`.
  func waitForEnd(limit: DispatchTimeInterval) -> Bool {
    waitUntil(limit: limit) { $0.ended }
  }

  private func waitUntil(limit: DispatchTimeInterval, _ done: (LineBuffer) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit.seconds)
    condition.lock()
    defer { condition.unlock() }
    while !done(self) {
      if ended || !condition.wait(until: deadline) { return done(self) }
    }
    return true
  }
}

extension DispatchTimeInterval {
  fileprivate var seconds: TimeInterval {
    if case .seconds(let seconds) = self { return TimeInterval(seconds) }
    return 60
  }
}
