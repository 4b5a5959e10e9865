import ClassicManifestEditing
import Foundation

/// The tool's arguments: `[--package-dir DIR] [--identity NAME] [--swift PATH] [--apply]`.
struct Options {
  /// The package to switch; the current directory unless given.
  var packageDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  /// This package's identity in the manifest.
  var identity = ClassicPackages.classicIdentity
  /// The `swift` that checks the edit with `swift package dump-package`.
  var swift: String?
  /// Whether to write the edit.
  var apply = false

  static let usage =
    "usage: SwitchFromClassicTool [--package-dir DIR] [--identity NAME] [--swift PATH] [--apply]"

  /// What `--help` prints: the usage, each option, and each exit status.
  static var help: String {
    """
    \(usage)
           swift package switch-from-classic [--package-dir DIR] [--identity NAME] [--apply]

    Prints (with --apply, writes) the edit of Package.swift that drops the classic satellite
    packages and takes their products from swift-dependencies, then what other packages of the
    graph still bring in of the classic library and the steps left by hand, with file:line.

      --package-dir DIR  the package to switch (default: the current directory)
      --identity NAME    this package's identity in the manifest (default: swift-dependencies)
      --swift PATH       the swift that checks the edit with `swift package dump-package`
      --apply            write the edit (a symbolic link's target; a byte order mark is kept)
      --help, -h         print this and exit

    Exit status (the last line names it):
    \(SwitchStatus.allCases.map { "  \($0.summary)" }.joined(separator: "\n"))
    """
  }

  /// Reads `arguments`; nil for one it does not understand.
  init?(_ arguments: [String]) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--package-dir":
        guard let value = rest.popFirst() else { return nil }
        packageDirectory = URL(fileURLWithPath: value)
      case "--identity":
        guard let value = rest.popFirst() else { return nil }
        identity = value
      case "--swift":
        guard let value = rest.popFirst() else { return nil }
        swift = value
      case "--apply":
        apply = true
      default:
        return nil
      }
    }
  }
}
