// Runs some of this test binary's Swift Testing or XCTest tests as a test run of their own, in a
// child process, and returns what the run printed and how it exited.
//
// For behaviour that only a whole run shows: an issue that fails the run rather than a test, values
// shut down before the process exits, a run with `--repetitions`, what one XCTest method leaves to
// the next. The tests the child runs are gated by an environment variable
// (`ChildTestRun.isChild(_:)`), so that in an ordinary run they are skipped with a reason instead of
// failing it; and a test that needs others to run before it in the same process gets them in its
// child, whether or not the ordinary run gives each test a process of its own
// (`swift test --parallel` does, for XCTest).

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Swift Testing or XCTest run of some of this test binary's tests, in a child process.
public enum ChildTestRun {
  /// How a child run ended.
  public struct Outcome: Sendable, CustomStringConvertible {
    /// The exit status: the code of a normal exit, 128 + the signal's number otherwise.
    public var status: Int32
    /// Standard output and standard error, interleaved as they were written.
    public var output: String

    public var description: String { "exit status \(status), output:\n\(output)" }
  }

  /// A child run that could not be started.
  public struct SpawnFailed: Error, CustomStringConvertible {
    let error: Int32
    public var description: String {
      "could not start a child run: \(String(cString: strerror(error)))"
    }
  }

  /// How long a child run may take before it is killed (generous: CI machines are busy).
  public static let timeLimit: DispatchTimeInterval = .seconds(300)

  /// The environment variable that names the child run a process is.
  public static let variable = "SWIFT_DEPENDENCIES_CHILD_TEST_RUN"

  /// Whether this process is the child run `name` (its gated tests run only there).
  public static func isChild(_ name: String) -> Bool {
    ProcessInfo.processInfo.environment[variable] == name
  }

  /// Whether child runs can be started: the test binary is found through `/proc/self/exe`, and
  /// SwiftPM's test binaries take `--testing-library swift-testing` (Linux).
  public static var isSupported: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Runs the Swift Testing tests of this binary that `filter` (a regular expression over test
  /// identifiers) selects, as the child run `name`, with `arguments` added to the command line;
  /// returns once the child has exited.
  public static func run(
    _ name: String, filter: String, arguments: [String] = []
  ) async throws -> Outcome {
    try await run(
      name, arguments: ["--testing-library", "swift-testing", "--filter", filter] + arguments)
  }

  /// Runs the XCTest tests of this binary that `tests` names (`Module.Class` for every method of
  /// the class, in XCTest's order, or `Module.Class/method`), one after the other in the child run
  /// `name`; returns once the child has exited.
  public static func runXCTest(_ name: String, tests: [String]) async throws -> Outcome {
    // The test binary runs XCTest when no `--testing-library` is given; its one argument is
    // XCTest's comma-separated list of the tests to run.
    try await run(name, arguments: [tests.joined(separator: ",")])
  }

  private static func run(_ name: String, arguments: [String]) async throws -> Outcome {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let argv = [executable] + arguments
    var variables = ProcessInfo.processInfo.environment
    variables[variable] = name
    let environment = variables
    return try await withCheckedThrowingContinuation { continuation in
      // Waiting blocks: on a thread of its own, not one of the cooperative pool's. One child at a
      // time: each loads the whole test binary, and tests run in parallel.
      Thread {
        oneAtATime.wait()
        defer { oneAtATime.signal() }
        continuation.resume(
          with: Result { try spawnAndWait(argv, environment: environment) })
      }.start()
    }
  }

  private static let oneAtATime = DispatchSemaphore(value: 1)

  private static func spawnAndWait(_ argv: [String], environment: [String: String]) throws
    -> Outcome
  {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw SpawnFailed(error: errno) }
    // Closed in every other child process (other tests start children too); dup2 clears the flag
    // on the child's copies.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    let arguments = argv.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { (arguments + variables).forEach { free($0) } }
    var pid = pid_t()
    let error = posix_spawn(&pid, argv[0], &actions, nil, arguments, variables)
    close(writeEnd)
    guard error == 0 else {
      close(readEnd)
      throw SpawnFailed(error: error)
    }
    // A child that hangs is killed, so that the test fails rather than hangs (its output says so).
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      if count > 0 {
        output += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(readEnd)
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
    watchdog.cancel()
    // A normal exit's status is in bits 8 to 15; a signal's number in the low 7 bits.
    let status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
    return Outcome(status: status, output: String(decoding: output, as: UTF8.self))
  }
}
