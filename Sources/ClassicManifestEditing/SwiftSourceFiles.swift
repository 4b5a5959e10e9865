import Foundation

/// The Swift source files of a package's directories.
public enum SwiftSourceFiles {
  /// The `.swift` files under `directory`, sorted by path; hidden directories and `.build` are
  /// left out. Empty when the directory does not exist.
  public static func list(under directory: URL) -> [URL] {
    guard
      let walker = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walker {
      if url.lastPathComponent == ".build" {
        walker.skipDescendants()
      } else if url.pathExtension == "swift" {
        files.append(url)
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The directories of the targets of the package in `package` whose manifest is `manifest`:
  /// `Sources` and `Tests`, and the `path:` of each target declared with one.
  public static func targetDirectories(package: URL, manifest: String) -> [URL] {
    var paths = ["Sources", "Tests"]
    if let source = try? ManifestSource(manifest) {
      for kind in ["target", "testTarget", "executableTarget", "macro"] {
        for call in CallExpression.all(named: kind, in: source) {
          if let path = call.stringArgument("path") { paths.append(path) }
        }
      }
    }
    var seen: Set<String> = []
    return paths.compactMap { path in
      let url = package.appendingPathComponent(path).standardizedFileURL
      return seen.insert(url.path).inserted ? url : nil
    }
  }
}
