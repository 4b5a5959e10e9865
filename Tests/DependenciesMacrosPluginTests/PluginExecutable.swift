import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `DependenciesMacrosPlugin` executable, and a way to talk to it with a deadline.
///
/// SwiftPM builds a `.macro` target as an executable named `<target>-tool` in the build directory
/// (`.build/<triple>/debug/DependenciesMacrosPlugin-tool`), next to the test bundle on Linux and a
/// few levels above the bundle's executable on macOS. The tests look for it upwards from the
/// running executable; `DEPENDENCIES_MACROS_PLUGIN` names another one.
enum PluginExecutable {
  static let name = "DependenciesMacrosPlugin-tool"

  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "\(PluginExecutable.name) not found; looked in:\n" + searched.joined(separator: "\n")
        + "\n(set DEPENDENCIES_MACROS_PLUGIN to its path)"
    }
  }

  static func url() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["DEPENDENCIES_MACROS_PLUGIN"] {
      return URL(fileURLWithPath: path)
    }
    var searched: [String] = []
    var starts: [URL] = []
    #if os(Linux)
      starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
    #endif
    starts.append(Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
    starts += CommandLine.arguments.dropFirst().filter { $0.hasPrefix("/") }.map {
      URL(fileURLWithPath: $0)
    }
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent(name)
        searched.append(candidate.path)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw NotFound(searched: searched)
  }

  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  struct TimedOut: Error, CustomStringConvertible {
    var description: String { "\(PluginExecutable.name) did not exit within the deadline" }
  }

  /// Runs the plugin with `input` on its standard input; fails if it does not exit within
  /// `seconds`.
  ///
  /// Standard input, output and error are files (so that neither side can block the other on a
  /// full pipe), and the process is started with `posix_spawn` and waited for with `waitpid`
  /// (Foundation's `Process` leaks a weak reference per run, which LeakSanitizer reports).
  static func run(input: Data, seconds: Double = 20) throws -> Result {
    let executable = try url().path
    var template = Array(
      "\(NSTemporaryDirectory())/DependenciesMacrosPluginTests-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SpawnFailed(errno: errno) }
    let directory = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let inputPath = directory + "/stdin"
    let outputPath = directory + "/stdout"
    let errorPath = directory + "/stderr"
    try writeFile(inputPath, [UInt8](input))

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
    defer { arguments.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, arguments, environ)
    guard spawned == 0 else { throw SpawnFailed(errno: spawned) }

    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(seconds)
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard Date() < deadline else {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        throw TimedOut()
      }
      usleep(10_000)
    }
    // Exited: the status in bits 8–15; killed by a signal: 128 + the signal, as shells report it.
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      stdout: Data(try readFile(outputPath)),
      stderr: String(decoding: try readFile(errorPath), as: UTF8.self))
  }

  // Files are read and written with read(2) and write(2): FoundationEssentials' `Data(contentsOf:)`
  // leaks its buffer for small files, which LeakSanitizer reports.

  private static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw SpawnFailed(errno: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }

  private static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw SpawnFailed(errno: errno) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      guard count > 0 else { throw SpawnFailed(errno: errno) }
      written += count
    }
  }

  struct SpawnFailed: Error, CustomStringConvertible {
    var errno: Int32
    var description: String { "running \(PluginExecutable.name) failed: errno \(errno)" }
  }

  /// The messages, each framed as the protocol frames it.
  static func framed(_ messages: [Data]) -> Data {
    var data = Data()
    for message in messages {
      withUnsafeBytes(of: UInt64(message.count).littleEndian) { data.append(contentsOf: $0) }
      data.append(message)
    }
    return data
  }

  /// The messages in framed output; fails on a partial frame.
  static func unframed(_ data: Data) throws -> [Data] {
    let bytes = [UInt8](data)
    var messages: [Data] = []
    var position = 0
    while position < bytes.count {
      guard position + 8 <= bytes.count else { throw PartialFrame() }
      let length = (0..<8).reduce(0) { $0 | Int(bytes[position + $1]) << (8 * $1) }
      guard position + 8 + length <= bytes.count else { throw PartialFrame() }
      messages.append(Data(bytes[(position + 8)..<(position + 8 + length)]))
      position += 8 + length
    }
    return messages
  }

  struct PartialFrame: Error {}
}
