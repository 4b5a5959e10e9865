import Foundation

/// The packages of a package's graph, found by reading manifests: the root's dependencies, then
/// theirs, each where SwiftPM puts it (a `path:` relative to the package that lists it, a URL's
/// checkout in the root's `.build/checkouts`).
///
/// A reading, not a resolution: a dependency whose location is not a string literal, a registry
/// package, or a URL not checked out (not resolved yet, or left out because no product needs it)
/// is not followed; those are ``unfollowed``. A checkout that no manifest of the graph lists (left
/// from an earlier resolution) is not in it.
///
/// ```swift
/// let graph = GraphPackages.read(root: URL(fileURLWithPath: "App"), manifest: text)
/// graph.packages.map(\.identity)  // ["swift-custom-dump", "swift-dependencies", "xctest-dynamic-overlay"]
/// ```
public struct GraphPackages: Sendable {
  /// One package of the graph (not the root).
  public struct Package: Sendable, Equatable {
    package init(identity: String, directory: URL, manifest: String, listedBy: Set<String>) {
      self.identity = identity
      self.directory = directory
      self.manifest = manifest
      self.listedBy = listedBy
    }

    /// Its identity, as SwiftPM gives it (lowercased).
    public var identity: String
    /// Where its manifest is.
    public var directory: URL
    /// Its `Package.swift`.
    public var manifest: String
    /// The identities of the packages that list it; the root is ``GraphPackages/rootName``.
    public var listedBy: Set<String>
  }

  /// How ``Package/listedBy`` names the root package.
  public static let rootName = "<root>"

  /// The packages, by identity, in the order they were found (breadth first).
  public var packages: [Package]
  /// A dependency the reading did not follow.
  public struct Unfollowed: Sendable, Equatable {
    /// The identity of the package that lists it (``GraphPackages/rootName`` for the root).
    public var lister: String
    /// Its location as written.
    public var location: String
  }

  /// The dependencies the reading did not follow.
  public var unfollowed: [Unfollowed]

  package init(packages: [Package], unfollowed: [Unfollowed] = []) {
    self.packages = packages
    self.unfollowed = unfollowed
  }

  /// The package with `identity`, if the graph has it.
  public subscript(identity: String) -> Package? {
    packages.first { $0.identity == identity.lowercased() }
  }

  /// Reads the graph of the package in `root` whose manifest is `manifest` (the manifest as it
  /// will be: for the switch, the edited text).
  public static func read(root: URL, manifest: String) -> GraphPackages {
    let checkouts = root.appendingPathComponent(".build/checkouts")
    let checkoutNames = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
    var graph = GraphPackages(packages: [], unfollowed: [])
    var queue: [(lister: String, directory: URL, manifest: String)] = [
      (rootName, root, manifest)
    ]
    while !queue.isEmpty {
      let (lister, directory, text) = queue.removeFirst()
      guard let source = try? ManifestSource(text) else { continue }
      for call in CallExpression.all(named: "package", in: source) {
        let package = PackageCall(call)
        guard let identity = package.identity,
          let location = dependencyDirectory(
            package, listedIn: directory, checkouts: checkouts, checkoutNames: checkoutNames)
        else {
          graph.unfollowed.append(Unfollowed(lister: lister, location: package.location))
          continue
        }
        if let index = graph.packages.firstIndex(where: { $0.identity == identity }) {
          graph.packages[index].listedBy.insert(lister)
          continue
        }
        let manifestFile = location.appendingPathComponent("Package.swift")
        guard let dependencyText = try? String(contentsOf: manifestFile, encoding: .utf8) else {
          graph.unfollowed.append(Unfollowed(lister: lister, location: package.location))
          continue
        }
        graph.packages.append(
          Package(
            identity: identity, directory: location, manifest: dependencyText,
            listedBy: [lister]))
        queue.append((identity, location, dependencyText))
      }
    }
    return graph
  }

  /// Where the package of `package` is: its `path:` from `directory`, or its URL's checkout.
  private static func dependencyDirectory(
    _ package: PackageCall, listedIn directory: URL, checkouts: URL, checkoutNames: [String]
  ) -> URL? {
    guard let identity = package.identity else { return nil }
    if let path = package.call.stringArgument("path") {
      return URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    }
    guard package.call.stringArgument("url") != nil,
      let name = checkoutNames.first(where: { $0.lowercased() == identity })
    else { return nil }
    return checkouts.appendingPathComponent(name)
  }
}
