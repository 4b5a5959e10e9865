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
