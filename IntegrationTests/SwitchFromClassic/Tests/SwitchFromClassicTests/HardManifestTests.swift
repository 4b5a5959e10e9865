import Foundation
import Testing

/// A copy of the fixture's satellite stand-ins and a link to this library in a temporary
/// directory, with an `App` package whose manifests are `manifests` (file name: text).
private func workspace(_ manifests: [String: String]) throws -> URL {
  let files = FileManager.default
  let work = files.temporaryDirectory.appendingPathComponent("switch-from-classic-\(UUID())")
  try files.createDirectory(at: work, withIntermediateDirectories: true)
  for name in ["xctest-dynamic-overlay", "swift-clocks"] {
    try files.copyItem(
      at: fixture.appendingPathComponent(name), to: work.appendingPathComponent(name))
  }
  try files.createSymbolicLink(
    at: work.appendingPathComponent("swift-dependencies"), withDestinationURL: repository)
  let app = work.appendingPathComponent("App")
  try files.createDirectory(
    at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
  try "import Clocks\nimport Dependencies\nimport IssueReporting\nprint(isTesting)\n".write(
    to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
  for (name, text) in manifests {
    try text.write(to: app.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
  return work
}

/// The plugin, run from this library's package on `work/App`.
private func plugin(_ work: URL, _ extra: [String] = []) throws -> (Int32, String) {
  try swift(switchFromClassic(packageDir: work.appendingPathComponent("App")) + extra, in: work)
}

/// Manifests the tool once wrote broken (a one-line list, a satellite in a variable, a URL in
/// another case, a `#if`-guarded append, Windows line endings) and a `Package@swift-5.9.swift`
/// that toolchains able to build this library never read.
@Suite struct HardManifestTests {
  static let manifest = """
    // swift-tools-version: 6.1
    import PackageDescription

    let clocks: Package.Dependency = .package(path: "../Swift-Clocks")

    let package = Package(
      name: "App",
      platforms: [.macOS(.v13)],
      dependencies: [.package(path: "../swift-dependencies", traits: []), clocks],
      targets: [
        .executableTarget(
          name: "App",
          dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "Clocks", package: "Swift-Clocks"),
          ]
        )
      ]
    )

    #if !os(Windows)
      package.dependencies.append(.package(path: "../xctest-dynamic-overlay"))
      package.targets[0].dependencies.append(
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"))
    #endif

    """
    .replacingOccurrences(of: "\n", with: "\r\n")

  static let switched = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "App",
      platforms: [.macOS(.v13)],
      dependencies: [.package(path: "../swift-dependencies", traits: [])],
      targets: [
        .executableTarget(
          name: "App",
          dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "Clocks", package: "swift-dependencies"),
          ]
        )
      ]
    )

    #if !os(Windows)
      package.targets[0].dependencies.append(
        .product(name: "IssueReporting", package: "swift-dependencies"))
    #endif

    """
    .replacingOccurrences(of: "\n", with: "\r\n")

  static let oldToolchains = """
    // swift-tools-version: 5.9
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [.package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0")],
      targets: [.executableTarget(name: "App", dependencies: [.product(name: "Clocks", package: "swift-clocks")])]
    )

    """

  @Test func theEditIsCheckedWrittenAndTheGraphLoads() throws {
    // On the case-insensitive file systems of macOS, `../Swift-Clocks` finds ../swift-clocks;
    // elsewhere a link does.
    let work = try workspace([
      "Package.swift": Self.manifest, "Package@swift-5.9.swift": Self.oldToolchains,
    ])
    defer { try? FileManager.default.removeItem(at: work) }
    try? FileManager.default.createSymbolicLink(
      at: work.appendingPathComponent("Swift-Clocks"),
      withDestinationURL: work.appendingPathComponent("swift-clocks"))
    let app = work.appendingPathComponent("App")

    let (printed, shown) = try plugin(work)
    #expect(printed == 0, "\(shown)")
    #expect(shown.contains("drop clocks, which held the package swift-clocks"))
    #expect(shown.contains("drop the package xctest-dynamic-overlay"))
    #expect(shown.contains(#"-        .product(name: "Clocks", package: "Swift-Clocks"),"#))
    #expect(!shown.contains("\r"), "the diff shows lines, without their \\r")
    #expect(shown.contains("checked with `swift package dump-package`"), "\(shown)")
    #expect(
      shown.contains(
        "Package@swift-5.9.swift: SwiftPM reads it with Swift 5.9 toolchains, which cannot build "
          + "swift-dependencies"))

    let (applied, written) = try plugin(work, ["--apply"])
    #expect(applied == 0, "\(written)")
    #expect(namedStatus(written) == 0, "\(written)")
    let result = try String(
      contentsOf: app.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(result == Self.switched)
    #expect(
      try String(contentsOf: app.appendingPathComponent("Package@swift-5.9.swift"), encoding: .utf8)
        == Self.oldToolchains)

    // The graph now loads: no two modules of one name.
    let (described, description) = try swift(["package", "describe"], in: app)
    #expect(described == 0, "\(description)")
  }

  @Test func whatItCannotEditIsLeftAndItsLineNamed() throws {
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let local = true
      let package = Package(
        name: "App",
        dependencies: [
          .package(path: "../swift-dependencies"),
          local ? .package(path: "../swift-clocks") : .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        ],
        targets: [.executableTarget(name: "App", dependencies: ["Clocks"])]
      )

      """
    let work = try workspace(["Package.swift": manifest])
    defer { try? FileManager.default.removeItem(at: work) }
    let (status, output) = try plugin(work, ["--apply"])
    #expect(status != 0)
    #expect(namedStatus(output) == 1, "refused, nothing written")
    #expect(output.contains("Package.swift:9: the package swift-clocks"), "\(output)")
    #expect(output.contains("remove it by hand"))
    #expect(
      try String(
        contentsOf: work.appendingPathComponent("App/Package.swift"), encoding: .utf8) == manifest)
  }
}
