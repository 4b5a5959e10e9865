import Foundation

// What the tests of this target share: where the repository and the fixture are, and running swift.

/// The repository's root: this file is IntegrationTests/SwitchFromClassic/Tests/<target>/<file>.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let fixture = repository.appendingPathComponent(
  "IntegrationTests/SwitchFromClassic/Fixture")

/// Runs `swift` (or $SWIFT) with `arguments`; returns its exit status and its output.
func swift(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"] + arguments
  process.currentDirectoryURL = directory
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
