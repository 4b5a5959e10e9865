import Foundation
import Testing

// What the tests of this target share: where the repository and the fixture are, and running swift.

/// The repository's root: this file is IntegrationTests/SwitchFromClassic/Tests/<target>/<file>.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let fixture = repository.appendingPathComponent(
  "IntegrationTests/SwitchFromClassic/Fixture")
/// Where the tests run the plugin from this library's package (`--scratch-path`): one place for
/// all of them, kept between runs, so that its tool is built once. SwiftPM lets one process at a
/// time use it; the others wait. Not the package's own .build: `make test` runs this package's
/// tests while the package part builds and tests in that one, which SwiftPM would keep them
/// waiting for.
let pluginBuild = repository.appendingPathComponent(
  "IntegrationTests/SwitchFromClassic/.build/plugin-build")

/// `swift package switch-from-classic` on the package in `directory`, run from this library's
/// package as a user runs it from a checkout, in ``pluginBuild``.
func switchFromClassic(packageDir directory: URL) -> [String] {
  [
    "package", "--package-path", repository.path,
    "--scratch-path", pluginBuild.path,
    "switch-from-classic", "--package-dir", directory.path,
  ]
}

/// The tool the plugin built in ``pluginBuild``, to run without SwiftPM in between.
func builtTool() -> URL? {
  let walker = FileManager.default.enumerator(at: pluginBuild, includingPropertiesForKeys: nil)
  while let url = walker?.nextObject() as? URL {
    // SwiftPM 6.3 names a plugin's tool `<product>-tool`.
    if ["SwitchFromClassicTool", "SwitchFromClassicTool-tool"].contains(url.lastPathComponent),
      FileManager.default.isExecutableFile(atPath: url.path)
    {
      return url
    }
  }
  return nil
}

/// The stand-ins of swift-custom-dump and of the satellites it brings in, which the ModuleAliases
/// fixtures share.
let moduleAliasesFixture = repository.appendingPathComponent("IntegrationTests/ModuleAliases")

/// The status the tool names on its last line (`switch-from-classic: exit status 3: …`).
func namedStatus(_ output: String) -> Int32? {
  let marker = "switch-from-classic: exit status "
  guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else {
    return nil
  }
  return Int32(line.dropFirst(marker.count).prefix { $0.isNumber })
}

/// The flags `make test` builds the integration packages with (scripts/run-tests.py: the shared
/// module cache, no index of the system modules; one a line), for the fixtures' `swift build`,
/// `swift test` and `swift run`, and the plugin's build of its tool (`swift package`). None when
/// the tests run without it.
let buildFlags =
  ProcessInfo.processInfo.environment["SWITCH_FROM_CLASSIC_BUILD_FLAGS"]?
  .split(separator: "\n").map(String.init) ?? []

/// Runs `swift` (or $SWIFT) with `arguments`; returns its exit status and its output.
/// `unsetting` names environment variables to leave out, `setting` adds `NAME=value` ones.
func swift(
  _ arguments: [String], in directory: URL, unsetting: [String] = [], setting: [String] = []
) throws -> (Int32, String) {
  var arguments = arguments
  if let command = arguments.first, ["build", "test", "run", "package"].contains(command) {
    arguments.insert(contentsOf: buildFlags, at: 1)
  }
  return try run(
    URL(fileURLWithPath: "/usr/bin/env"),
    unsetting.flatMap { ["-u", $0] } + setting
      + [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"] + arguments,
    in: directory)
}

/// Points the GitHub dependencies of the package in `directory` at the offline copies in
/// ../shared/vendor (scripts/vendor-mirrors.sh, which runs the vendor's mirrors.sh).
func useVendoredPackages(in directory: URL) throws {
  let (status, output) = try run(
    repository.appendingPathComponent("scripts/vendor-mirrors.sh"), [directory.path],
    in: directory)
  guard status == 0 else { throw VendorUnavailable(output: output) }
}

/// scripts/vendor-mirrors.sh failed (its output says why).
struct VendorUnavailable: Error, CustomStringConvertible {
  var output: String
  var description: String { "scripts/vendor-mirrors.sh failed: \(output)" }
}

/// Runs `executable` with `arguments`; returns its exit status and its output.
func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Replaces `old` with `new` in the file at `url`, as a user's hand edit; `old` must be there.
func edit(_ url: URL, _ old: String, _ new: String) throws {
  let text = try String(contentsOf: url, encoding: .utf8)
  #expect(text.contains(old), "\(url.lastPathComponent) has no \(old)")
  try text.replacingOccurrences(of: old, with: new).write(
    to: url, atomically: true, encoding: .utf8)
}
