import Foundation

/// A manifest file as the switch reads and writes it: its text, whether it starts with a UTF-8 byte
/// order mark, and the file a write goes to (the target of a symbolic link, so that the link
/// stays a link).
///
/// ```swift
/// var file = try ManifestFile(url: packageDirectory.appendingPathComponent("Package.swift"))
/// try file.write(edited)  // with its byte order mark, if it had one, through a link
/// ```
public struct ManifestFile: Sendable {
  /// The text, without a byte order mark.
  public var text: String
  /// Whether the file starts with a UTF-8 byte order mark (EF BB BF), which a write keeps.
  public var hasByteOrderMark: Bool
  /// The file that is read and written: `url` with every symbolic link resolved.
  public var destination: URL

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Reads the manifest at `url`; throws when it cannot be read or is not UTF-8.
  public init(url: URL) throws {
    destination = url.resolvingSymlinksInPath()
    let data = try Data(contentsOf: destination)
    hasByteOrderMark = data.starts(with: Self.byteOrderMark)
    guard let text = String(validating: data.dropFirst(hasByteOrderMark ? 3 : 0), as: UTF8.self)
    else {
      throw CocoaError(.fileReadInapplicableStringEncoding, userInfo: [NSURLErrorKey: url])
    }
    self.text = text
  }

  /// Writes `text` in place of the file's contents, atomically, to ``destination``, with the byte
  /// order mark it had.
  public func write(_ text: String) throws {
    try Data((hasByteOrderMark ? Self.byteOrderMark : []) + Array(text.utf8)).write(
      to: destination, options: .atomic)
  }
}
