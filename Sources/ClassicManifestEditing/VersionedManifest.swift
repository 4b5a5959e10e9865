/// A manifest file of a package, `Package.swift` or a version-specific one
/// (`Package@swift-5.9.swift`), and whether the toolchains that read it can build this package.
///
/// SwiftPM reads `Package@swift-X.swift` with the toolchains whose version X names
/// (`Package@swift-6.swift`: every Swift 6; `Package@swift-5.9.swift`: Swift 5.9), and, where no
/// file names a toolchain's version, the manifest with the newest tools version it supports.
/// This package needs tools version 6.2: a manifest read only by older toolchains is one the
/// switch leaves as it is, for those toolchains, and says so.
///
/// ```swift
/// VersionedManifest(fileName: "Package@swift-5.9.swift", text: "// swift-tools-version: 5.9")?
///   .isReadByToolchainsThatBuildThisPackage  // false
/// ```
public struct VersionedManifest: Sendable, Equatable {
  /// The tools version this package needs.
  public static let requiredToolsVersion = [6, 2]

  /// The file's name.
  public var fileName: String
  /// The version its name gives (`[5, 9]` for `Package@swift-5.9.swift`); nil for
  /// `Package.swift`.
  public var nameVersion: [Int]?
  /// The version of its `// swift-tools-version:` line, if it has one.
  public var toolsVersion: [Int]?

  /// The manifest named `fileName` with `text`; nil for a name that is not a manifest's.
  public init?(fileName: String, text: String) {
    self.fileName = fileName
    if fileName == "Package.swift" {
      nameVersion = nil
    } else {
      guard fileName.hasPrefix("Package@swift-"), fileName.hasSuffix(".swift") else {
        return nil
      }
      let version = fileName.dropFirst("Package@swift-".count).dropLast(".swift".count)
      let components = version.split(separator: ".", omittingEmptySubsequences: false).map {
        Int($0)
      }
      guard !components.isEmpty, components.count <= 3, components.allSatisfy({ $0 != nil })
      else { return nil }
      nameVersion = components.compactMap { $0 }
    }
    toolsVersion = Self.toolsVersion(in: text)
  }

  /// Whether a toolchain that can build this package (6.2 or later) may read this manifest:
  /// `Package.swift` always; a version-specific one when its name or its tools version says
  /// 6.2 or later, or its name is a major version alone of 6 or later (`Package@swift-6.swift`
  /// is read by Swift 6.2 too).
  public var isReadByToolchainsThatBuildThisPackage: Bool {
    guard let nameVersion else { return true }
    let required = Self.requiredToolsVersion
    if nameVersion.count == 1 { return nameVersion[0] >= required[0] }
    if !nameVersion.lexicographicallyPrecedes(required) { return true }
    if let toolsVersion, !toolsVersion.lexicographicallyPrecedes(required) { return true }
    return false
  }

  /// Why the switch leaves this manifest as it is.
  public var reasonLeftAlone: String {
    let version = nameVersion.map { $0.map(String.init).joined(separator: ".") } ?? ""
    return """
      SwiftPM reads it with Swift \(version) toolchains, which cannot build swift-dependencies \
      (it needs tools version \(Self.requiredToolsVersion.map(String.init).joined(separator: "."))); \
      not edited: keep it for those toolchains with the classic packages, or delete it if you no \
      longer support them
      """
  }

  /// The version of the `// swift-tools-version:` comment on the first line of `text`.
  static func toolsVersion(in text: String) -> [Int]? {
    guard let firstLine = text.split(whereSeparator: \.isNewline).first,
      let range = firstLine.range(of: "swift-tools-version:")
    else { return nil }
    let version = firstLine[range.upperBound...].drop { $0 == " " }.prefix {
      $0.isNumber || $0 == "."
    }
    let components = version.split(separator: ".").compactMap { Int($0) }
    return components.isEmpty ? nil : components
  }
}
