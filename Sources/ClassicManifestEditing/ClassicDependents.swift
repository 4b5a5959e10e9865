/// Finds the packages of a graph that depend on the classic library or its satellites themselves:
/// no edit of the root manifest removes those, and SwiftPM still finds two modules of one name
/// while they are in the graph.
///
/// ```swift
/// let found = ClassicDependents.find(in: [
///   ("swift-composable-architecture", #".package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.9.0")"#)
/// ])
/// // ["swift-composable-architecture": ["swift-dependencies (pointfreeco)"]]
/// ```
public enum ClassicDependents {
  /// For each package (by checkout name) whose manifest lists the classic library
  /// (pointfreeco/swift-dependencies) or one of its satellites, what it lists. Packages that are
  /// themselves the classic library or a satellite are left out: they go with it.
  public static func find(in manifests: [(package: String, manifest: String)]) -> [String: [String]]
  {
    var result: [String: [String]] = [:]
    for (package, manifest) in manifests {
      let identity = package.lowercased()
      if ClassicPackages.satellites[identity] != nil { continue }
      guard let source = try? ManifestSource(manifest) else { continue }
      var listed: [String] = []
      for call in CallExpression.all(named: "package", in: source) {
        let package = PackageCall(call)
        guard let dependency = package.identity else { continue }
        if let satellite = package.satellite {
          listed.append(satellite.identity)
        } else if package.location.lowercased().contains("pointfreeco/swift-dependencies") {
          listed.append("\(dependency) (pointfreeco)")
        }
      }
      if !listed.isEmpty { result[package] = Array(Set(listed)).sorted() }
    }
    return result
  }
}
