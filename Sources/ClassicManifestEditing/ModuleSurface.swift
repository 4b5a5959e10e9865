import Foundation

/// What one module of a package gives the files that import it, as its sources say: the names
/// it declares `public` at its top level, and the modules it re-exports (`@_exported import`).
///
/// ```swift
/// let surface = ModuleSurface.read(module: "IssueReporting", package: directory, manifest: text)
/// surface?.names.contains("reportIssue")  // true
/// ```
public struct ModuleSurface: Sendable, Equatable {
  /// The top-level `public` and `open` names of its files.
  public var names: Set<String>
  /// The modules its files `@_exported import`.
  public var reexports: Set<String>

  public init(names: Set<String>, reexports: Set<String>) {
    self.names = names
    self.reexports = reexports
  }

  /// The surface of the files `texts`.
  public init(sources texts: [String]) {
    let outlines = texts.compactMap { try? SourceOutline($0) }
    names = Set(outlines.flatMap(\.publicNames))
    reexports = Set(outlines.flatMap { $0.imports.filter(\.exported).map(\.module) })
  }

  /// The surface of `module`, a target of the package in `package` whose manifest is `manifest`:
  /// its sources are in the target's `path:`, else in `Sources/<module>`. Nil when they are not
  /// found.
  public static func read(module: String, package: URL, manifest: String) -> ModuleSurface? {
    let path =
      (try? ManifestSource(manifest)).flatMap { source in
        CallExpression.all(named: "target", in: source)
          .first { $0.stringArgument("name") == module }?
          .stringArgument("path")
      } ?? "Sources/\(module)"
    let directory = package.appendingPathComponent(path)
    let files = SwiftSourceFiles.list(under: directory)
    guard !files.isEmpty else { return nil }
    return ModuleSurface(
      sources: files.compactMap { try? String(contentsOf: $0, encoding: .utf8) })
  }
}
