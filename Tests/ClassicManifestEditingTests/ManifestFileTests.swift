import ClassicManifestEditing
import Foundation
import Testing

/// The switch writes a manifest back as the user keeps it: through a symbolic link to its target
/// (the link stays a link), and with the UTF-8 byte order mark it started with.
@Suite struct ManifestFileTests {
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("manifest-file-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aWriteThroughASymbolicLinkEditsItsTargetAndKeepsTheLink() throws {
    let work = try directory()
    defer { try? FileManager.default.removeItem(at: work) }
    let target = work.appendingPathComponent("Manifests/App.swift")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "let old = 1\n".write(to: target, atomically: true, encoding: .utf8)
    let link = work.appendingPathComponent("Package.swift")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "Manifests/App.swift")

    let file = try ManifestFile(url: link)
    #expect(file.text == "let old = 1\n")
    try file.write("let new = 2\n")

    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "Manifests/App.swift")
    #expect(try String(contentsOf: target, encoding: .utf8) == "let new = 2\n")
  }

  @Test func aByteOrderMarkIsLeftOutOfTheTextAndWrittenBack() throws {
    let work = try directory()
    defer { try? FileManager.default.removeItem(at: work) }
    let url = work.appendingPathComponent("Package.swift")
    try Data([0xEF, 0xBB, 0xBF] + Array("// swift-tools-version: 6.0\n".utf8)).write(to: url)

    let file = try ManifestFile(url: url)
    #expect(file.hasByteOrderMark)
    #expect(file.text == "// swift-tools-version: 6.0\n")
    try file.write("// swift-tools-version: 6.1\n")
    #expect(
      try Data(contentsOf: url)
        == Data([0xEF, 0xBB, 0xBF] + Array("// swift-tools-version: 6.1\n".utf8)))

    try Data("let a = 1\n".utf8).write(to: url)
    let plain = try ManifestFile(url: url)
    #expect(!plain.hasByteOrderMark)
    try plain.write("let b = 2\n")
    #expect(try Data(contentsOf: url) == Data("let b = 2\n".utf8))
  }

  @Test func aManifestThatIsNotUTF8IsRefused() throws {
    let work = try directory()
    defer { try? FileManager.default.removeItem(at: work) }
    let url = work.appendingPathComponent("Package.swift")
    try Data([0x2F, 0x2F, 0xFF, 0xFE]).write(to: url)
    #expect(throws: (any Error).self) { try ManifestFile(url: url) }
  }
}
