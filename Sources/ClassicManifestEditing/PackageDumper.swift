import Foundation

/// Runs `swift package dump-package` on manifest texts, each as `Package.swift` of a temporary
/// directory of its own, for ``ManifestCheck/comparingDumps(original:edited:expectation:)``.
///
/// Both texts are dumped from one directory, so that the paths of `.package(path:)`
/// dependencies, which the dump makes absolute, compare equal. The command runs without
/// SwiftPM's sandbox and with its caches and configuration in that directory: inside a command
/// plugin (where macOS's sandbox allows writing to temporary directories only), a nested
/// sandbox cannot be applied.
public struct PackageDumper: Sendable {
  /// The `swift` executable.
  public let swift: URL

  public init(swift: URL) {
    self.swift = swift
  }

  /// The `swift` named by `explicit` (a path), else the first on `PATH`; or why there is none.
  public static func find(explicit: String?) -> Result<PackageDumper, Unavailable> {
    if let explicit {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        return .failure(Unavailable(reason: "\(explicit) is not an executable"))
      }
      return .success(PackageDumper(swift: URL(fileURLWithPath: explicit)))
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return .success(PackageDumper(swift: candidate))
      }
    }
    return .failure(Unavailable(reason: "no `swift` on PATH"))
  }

  /// Why the dumps could not be compared: `swift` cannot be run here, or does not read the
  /// original manifest (then the edit is checked by reading it instead).
  public struct Unavailable: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
  }

  /// What the dumps gave.
  public enum Outcome: Sendable {
    /// Both manifests read: their JSON.
    case dumped(original: Data, edited: Data)
    /// The original read, the edited one did not: the error, in the edited text's lines.
    case editedFails(String)
    /// The original could not be dumped (or `swift` not run): why.
    case unavailable(Unavailable)
  }

  /// Dumps `original`, then `edited`, as the manifest of a package directory named
  /// `packageName` (the name SwiftPM gives a root package in its messages).
  public func dump(
    original: String, edited: String, packageName: String = "Package", seconds: Double = 120
  ) -> Outcome {
    let files = FileManager.default
    let parent = files.temporaryDirectory.appendingPathComponent(
      "switch-from-classic-check-\(UUID().uuidString)")
    let directory = parent.appendingPathComponent(packageName)
    do {
      try files.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return .unavailable(Unavailable(reason: "could not make a temporary directory: \(error)"))
    }
    defer { try? files.removeItem(at: parent) }
    let originalResult: Result<Data, Unavailable> = dump(original, in: directory, seconds: seconds)
    guard case .success(let originalJSON) = originalResult else {
      if case .failure(let reason) = originalResult {
        return .unavailable(Unavailable(reason: "on the original manifest, \(reason.reason)"))
      }
      return .unavailable(Unavailable(reason: "no dump"))
    }
    switch dump(edited, in: directory, seconds: seconds) {
    case .success(let editedJSON):
      return .dumped(original: originalJSON, edited: editedJSON)
    case .failure(let reason):
      return .editedFails(reason.reason)
    }
  }

  private func dump(_ text: String, in directory: URL, seconds: Double) -> Result<
    Data, Unavailable
  > {
    let manifest = directory.appendingPathComponent("Package.swift")
    do {
      try text.write(to: manifest, atomically: true, encoding: .utf8)
    } catch {
      return .failure(Unavailable(reason: "could not write \(manifest.path): \(error)"))
    }
    let state = directory.appendingPathComponent(".swiftpm-state")
    let process = Process()
    process.executableURL = swift
    process.arguments = [
      "package", "--disable-sandbox", "--manifest-cache", "none",
      "--package-path", directory.path,
      "--scratch-path", state.appendingPathComponent("build").path,
      "--cache-path", state.appendingPathComponent("cache").path,
      "--config-path", state.appendingPathComponent("config").path,
      "--security-path", state.appendingPathComponent("security").path,
      "dump-package",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(Unavailable(reason: "could not run \(swift.path): \(error)"))
    }
    // Read both pipes while it runs (a full pipe would stop it), with a deadline.
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isError) in [(output, false), (errors, true)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, isError: isError)
        group.leave()
      }
    }
    if group.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      group.wait()
      process.waitUntilExit()
      return .failure(
        Unavailable(reason: "`swift package dump-package` did not finish in \(Int(seconds)) s"))
    }
    process.waitUntilExit()
    let (stdout, stderr) = collected.values
    guard process.terminationStatus == 0 else {
      let message = String(decoding: stderr, as: UTF8.self)
        .replacingOccurrences(of: manifest.path, with: "Package.swift")
        .replacingOccurrences(of: directory.path, with: ".")
        .replacingOccurrences(of: directory.deletingLastPathComponent().path, with: "..")
        .split(separator: "\n").filter { !$0.isEmpty }.prefix(8).joined(separator: "\n")
      return .failure(
        Unavailable(
          reason: "`swift package dump-package` failed (status \(process.terminationStatus))"
            + (message.isEmpty ? "" : ": \(message)")))
    }
    return .success(stdout)
  }
}

/// The two outputs of a process, gathered from two threads.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var stdout = Data()
  private var stderr = Data()

  func set(_ data: Data, isError: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if isError { stderr = data } else { stdout = data }
  }

  var values: (Data, Data) {
    lock.lock()
    defer { lock.unlock() }
    return (stdout, stderr)
  }
}
