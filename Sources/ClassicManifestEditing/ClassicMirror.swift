import Foundation

/// The SwiftPM mirror that points the classic library's URL (pointfreeco/swift-dependencies) at
/// another repository, for a whole graph: with one pointed at this package, a dependency that
/// still lists the classic library gets this package, and SwiftPM no longer finds two locations
/// for the one identity `swift-dependencies`.
///
/// `swift package config set-mirror --original https://github.com/pointfreeco/swift-dependencies
/// --mirror <URL>` writes it to the package's `.swiftpm/configuration/mirrors.json` (and with
/// `--global`, to `~/.swiftpm/configuration/mirrors.json`).
///
/// ```swift
/// ClassicMirror.find(packageDirectory: app)  // "https://github.com/example/swift-dependencies"
/// ```
public enum ClassicMirror {
  /// The mirror configured for the package in `directory`, else for the user in `home`.
  public static func find(
    packageDirectory: URL,
    home: URL = FileManager.default.homeDirectoryForCurrentUser
  ) -> String? {
    for directory in [packageDirectory, home] {
      let file = directory.appendingPathComponent(".swiftpm/configuration/mirrors.json")
      if let data = try? Data(contentsOf: file), let mirror = mirror(in: data) { return mirror }
    }
    return nil
  }

  /// The classic library's mirror in a `mirrors.json`.
  public static func mirror(in json: Data) -> String? {
    guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let entries = root["object"] as? [[String: Any]]
    else { return nil }
    return entries.first { entry in
      (entry["original"] as? String)?.lowercased().contains("pointfreeco/swift-dependencies")
        == true
    }?["mirror"] as? String
  }
}
