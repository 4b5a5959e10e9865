import Foundation

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

  /// Runs the plugin with `input` on its standard input (then closed); fails if it does not exit
  /// within `seconds`.
  static func run(input: Data, seconds: Double = 20) throws -> Result {
    let process = Process()
    process.executableURL = try url()
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()

    // Write and read on other threads, so that neither side can block the other on a full pipe.
    let group = DispatchGroup()
    let output = LockedData()
    let errors = LockedData()
    DispatchQueue.global().async(group: group) {
      try? stdin.fileHandleForWriting.write(contentsOf: input)
      try? stdin.fileHandleForWriting.close()
    }
    DispatchQueue.global().async(group: group) {
      output.set(stdout.fileHandleForReading.readDataToEndOfFile())
    }
    DispatchQueue.global().async(group: group) {
      errors.set(stderr.fileHandleForReading.readDataToEndOfFile())
    }
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw TimedOut()
    }
    process.waitUntilExit()
    _ = group.wait(timeout: .now() + 5)
    return Result(
      status: process.terminationStatus, stdout: output.get(),
      stderr: String(decoding: errors.get(), as: UTF8.self))
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

/// Data written by one thread and read by another.
final class LockedData: @unchecked Sendable {
  // @unchecked: `data` is only touched with `lock` held.
  private let lock = NSLock()
  private var data = Data()

  func set(_ data: Data) {
    lock.lock()
    self.data = data
    lock.unlock()
  }

  func get() -> Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}
