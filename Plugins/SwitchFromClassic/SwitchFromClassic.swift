import Foundation
import PackagePlugin

/// `swift package switch-from-classic`: prints, or with `--apply` writes, the edit that lets a
/// manifest written for the classic library resolve with this package: the classic satellite
/// packages (xctest-dynamic-overlay / swift-issue-reporting, swift-concurrency-extras,
/// swift-clocks) go, and their products come from this package.
///
/// A manifest that lists a satellite beside this package does not load (two modules named
/// IssueReporting), and SwiftPM runs no plugin of a graph that does not load. So the plugin runs
/// from this package's checkout, which resolution made before the error:
///
///     swift package --package-path .build/checkouts/swift-dependencies switch-from-classic
///     swift package --package-path .build/checkouts/swift-dependencies switch-from-classic --apply
///
/// It finds your package above the checkout (or takes `--package-dir DIR`). Run from a package
/// whose graph loads, it edits that package. It writes only an edit that passes its check
/// (`swift package dump-package` on copies of the manifest before and after, or, where that
/// cannot run, a reading of the edited text), and otherwise stops, naming the file and line.
/// Options: `--apply`, `--package-dir DIR`, `--identity NAME` (this package's identity in your
/// manifest; by default the checkout's name, or swift-dependencies).
///
/// `swift package` exits with 1 for any plugin that fails, so the plugin fails only when the
/// tool refused (nothing written) or did not understand its arguments; the tool's last line
/// names its own exit status (ClassicManifestEditing.SwitchStatus), with which
/// `swift run … SwitchFromClassicTool` exits.
@main
struct SwitchFromClassic: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let help = extractor.extractFlag(named: "help") > 0
    let packageDirectory = extractor.extractOption(named: "package-dir").last
    var identity = extractor.extractOption(named: "identity").last
    let apply = extractor.extractFlag(named: "apply") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError(
        "unknown arguments \(extractor.remainingArguments); it takes --apply, --package-dir DIR,"
          + " --identity NAME, --help")
    }
    if help {
      let process = try Process.run(
        try context.tool(named: "SwitchFromClassicTool").url, arguments: ["--help"])
      process.waitUntilExit()
      return
    }

    let root = context.package.directoryURL
    let rootIsThisPackage = context.package.targets.contains { $0.name == "SwitchFromClassicTool" }
    let target: URL
    if let packageDirectory {
      target = URL(
        fileURLWithPath: packageDirectory,
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } else if rootIsThisPackage {
      // Run with --package-path on a checkout: <package>/.build/checkouts/<identity>.
      let components = root.standardizedFileURL.pathComponents
      guard components.count > 3, components[components.count - 3] == ".build",
        components[components.count - 2] == "checkouts"
      else {
        throw PluginError(
          "this package is not a checkout of yours (.build/checkouts/NAME): give your package's"
            + " directory with --package-dir DIR")
      }
      target = root.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
      identity = identity ?? components.last
    } else {
      target = root
      identity =
        identity
        ?? context.package.dependencies.first { dependency in
          dependency.package.targets.contains { $0.name == "SwitchFromClassicTool" }
        }?.package.id
    }

    let tool = try context.tool(named: "SwitchFromClassicTool")
    var toolArguments = ["--package-dir", target.standardizedFileURL.path]
    if let identity { toolArguments += ["--identity", identity] }
    // The tool checks its edit with `swift package dump-package` (on copies, in a temporary
    // directory): the toolchain's `swift`, when SwiftPM lets the plugin find it. Without it,
    // the tool checks the edit by reading it, and says so.
    if let swift = try? context.tool(named: "swift") {
      toolArguments += ["--swift", swift.url.path]
    }
    if apply { toolArguments.append("--apply") }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    // SwiftPM ends `swift package` with status 1 for any plugin that fails, whatever its own
    // status: so the plugin fails only where nothing was written because something must change
    // by hand first (1), or for bad arguments (2), and ends normally otherwise, the tool's last
    // line naming its status (0 written; 3 written, with steps left; 4 nothing to do; 5 not
    // written without --apply). The tool run with `swift run` exits with that status itself.
    switch process.terminationStatus {
    case 1: throw PluginError("refused (see above); nothing was written")
    case 2: throw PluginError("the arguments were not understood")
    default: return
    }
  }
}

/// An error whose description is its message, for SwiftPM to print.
struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
