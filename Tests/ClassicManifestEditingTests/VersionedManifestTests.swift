import ClassicManifestEditing
import Testing

@Suite struct VersionedManifestTests {
  @Test(
    "Which manifests toolchains that can build this package (6.2 and later) read",
    arguments: [
      ("Package.swift", "// swift-tools-version: 5.9", true),
      ("Package@swift-5.9.swift", "// swift-tools-version: 5.9", false),
      ("Package@swift-5.swift", "// swift-tools-version:5.0", false),
      ("Package@swift-6.0.swift", "// swift-tools-version: 6.0", false),
      ("Package@swift-6.1.2.swift", "// swift-tools-version: 6.1", false),
      // Swift 6.2 and later read `Package@swift-6.swift` (a major version alone).
      ("Package@swift-6.swift", "// swift-tools-version: 6.0", true),
      ("Package@swift-6.2.swift", "// swift-tools-version: 6.2", true),
      ("Package@swift-7.swift", "", true),
      // Its tools version says only 6.2 and later can read it.
      ("Package@swift-6.0.swift", "// swift-tools-version: 6.2\r\n", true),
    ])
  func readers(fileName: String, text: String, canBuild: Bool) throws {
    let manifest = try #require(VersionedManifest(fileName: fileName, text: text))
    #expect(manifest.isReadByToolchainsThatBuildThisPackage == canBuild)
  }

  @Test(
    "Names that are not a manifest's",
    arguments: ["Package@swift-.swift", "Package@swift-x.swift", "Other.swift"])
  func notManifests(fileName: String) {
    #expect(VersionedManifest(fileName: fileName, text: "") == nil)
  }

  @Test func theReasonSaysWhoReadsIt() throws {
    let manifest = try #require(
      VersionedManifest(fileName: "Package@swift-5.9.swift", text: "// swift-tools-version: 5.9"))
    #expect(
      manifest.reasonLeftAlone.hasPrefix(
        "SwiftPM reads it with Swift 5.9 toolchains, which cannot build swift-dependencies (it "
          + "needs tools version 6.2); not edited"))
  }
}
