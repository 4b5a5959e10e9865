import Foundation

/// The files of a package that, under `moduleAliases`, see a name twice: they import this
/// package (`Dependencies` re-exports its `IssueReporting`, renamed) and the other package's
/// module of the same name (`import IssueReporting` now means that one), and both declare the
/// name. Each unqualified use is then ambiguous ("ambiguous use of 'isTesting'") until it is
/// named with its module, or the file drops the other package's import.
///
/// Read from the sources, not compiled: the names are those both modules' files declare
/// `public` at their top level (with what they re-export), and a use is an identifier not
/// written after a `.`. The compiler may still pick one of two overloads where the types tell
/// them apart; each listed use is one it may refuse.
///
/// ```swift
/// let files = AmbiguousNames.find(
///   package: app, manifest: edited, renamed: ["IssueReporting"], identity: "swift-dependencies",
///   graph: graph)
/// files[0].path  // "Sources/Sharing/Reference.swift"
/// files[0].uses.map(\.name)  // ["isTesting", "reportIssue"]
/// ```
public enum AmbiguousNames {
  /// One file that sees names twice.
  public struct File: Sendable, Equatable {
    /// Its path, from the package's directory.
    public var path: String
    /// Its imports of the other package's modules (renamed ones of this package's names).
    public var otherImports: [SourceOutline.Import]
    /// The unqualified uses of names both declare: lines and names.
    public var uses: [Use]
    /// Whether it also uses names only the other package's modules declare: dropping their
    /// import would lose those.
    public var usesOtherOnlyNames: Bool
  }

  /// One use: its line and the name.
  public struct Use: Sendable, Equatable {
    public var line: Int
    public var name: String

    /// The use of `name` on `line`.
    public init(line: Int, name: String) {
      self.line = line
      self.name = name
    }
  }

  /// The files of the package in `package` (its targets' directories, by `manifest`) that see
  /// names twice, while this package's modules `renamed` carry aliases; `identity` is this
  /// package's identity, whose sources `graph` finds, as it finds the satellites'.
  public static func find(
    package: URL, manifest: String, renamed: [String], identity: String, graph: GraphPackages
  ) -> [File] {
    guard !renamed.isEmpty, let this = graph[identity] else { return [] }
    var surfaces = Surfaces(this: this, renamed: Set(renamed), graph: graph)
    var files: [File] = []
    var seen: Set<String> = []
    for directory in SwiftSourceFiles.targetDirectories(package: package, manifest: manifest) {
      for url in SwiftSourceFiles.list(under: directory) where seen.insert(url.path).inserted {
        guard let text = try? String(contentsOf: url, encoding: .utf8),
          let outline = try? SourceOutline(text)
        else { continue }
        let imported = outline.imports.map(\.module)
        let ours = surfaces.names(ours: imported)
        let others = surfaces.names(others: imported)
        let both = ours.intersection(others)
        guard !both.isEmpty else { continue }
        let uses = outline.uses(of: both).map { Use(line: $0.line, name: $0.name) }
        guard !uses.isEmpty else { continue }
        let path = String(
          url.standardizedFileURL.path.dropFirst(package.standardizedFileURL.path.count + 1))
        files.append(
          File(
            path: path,
            otherImports: outline.imports.filter { surfaces.renamed.contains($0.module) },
            uses: uses,
            usesOtherOnlyNames: !outline.uses(of: others.subtracting(ours)).isEmpty))
      }
    }
    return files
  }

  /// The modules' surfaces, read once each: this package's, and the other packages' modules of
  /// the renamed names (those of this package stand in for a satellite whose sources are not
  /// found).
  private struct Surfaces {
    let this: GraphPackages.Package
    let renamed: Set<String>
    let graph: GraphPackages
    private var read: [String: ModuleSurface?] = [:]

    init(this: GraphPackages.Package, renamed: Set<String>, graph: GraphPackages) {
      self.this = this
      self.renamed = renamed
      self.graph = graph
    }

    /// The names a file that imports `modules` gets from this package: through the modules
    /// that are this package's (`Dependencies`, an alias such as `DependenciesIssueReporting`,
    /// or a colliding name that is not renamed), and what they re-export.
    mutating func names(ours modules: [String]) -> Set<String> {
      var pending = modules.compactMap { module -> String? in
        if renamed.contains(module) { return nil }
        if module.hasPrefix("Dependencies"),
          renamed.contains(String(module.dropFirst("Dependencies".count)))
        {
          return String(module.dropFirst("Dependencies".count))
        }
        return module
      }
      return closure(&pending, ours: true)
    }

    /// The names a file that imports `modules` gets from the other packages' modules of the
    /// renamed names, and what they re-export.
    mutating func names(others modules: [String]) -> Set<String> {
      var pending = modules.filter(renamed.contains)
      return closure(&pending, ours: false)
    }

    /// The names of the modules `pending` and of what they re-export, all this package's
    /// (`ours`) or all the other packages'.
    private mutating func closure(_ pending: inout [String], ours: Bool) -> Set<String> {
      var names: Set<String> = []
      var visited: Set<String> = []
      while let module = pending.popLast() {
        guard visited.insert(module).inserted,
          let found = surface(module, ours: ours)
        else { continue }
        names.formUnion(found.names)
        pending += found.reexports
      }
      return names
    }

    /// The surface of this package's `module` (`ours`), or of the other packages' module of
    /// that name, read once.
    private mutating func surface(_ module: String, ours: Bool) -> ModuleSurface? {
      let key = "\(ours) \(module)"
      if let found = read[key] { return found }
      let owner =
        ours
        ? this
        : graph.packages.first { package in
          package.identity != this.identity
            && ClassicPackages.collidingModules[package.identity]?.contains(module) == true
        }
      let surface =
        owner.flatMap {
          ModuleSurface.read(module: module, package: $0.directory, manifest: $0.manifest)
        } ?? ModuleSurface.read(module: module, package: this.directory, manifest: this.manifest)
      read[key] = surface
      return surface
    }
  }
}
