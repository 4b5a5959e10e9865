/// One piece of source text the compiler sent with an expansion request (a declaration, an
/// attribute, a macro expansion), with where it starts in its file.
///
/// The text is kept as UTF-8 bytes: every position the reader hands out is a byte offset into
/// ``bytes``, and the compiler's positions are UTF-8 offsets too, so a position in the file is
/// ``location``'s offset plus a local offset.
package struct SourceText: Sendable {
  /// Where the text starts in its file, as the compiler reported it.
  package struct Location: Equatable, Sendable {
    /// `#fileID` of the file (`Module/File.swift`).
    package var fileID: String
    /// The file's path, as `#filePath` gives it.
    package var fileName: String
    /// UTF-8 offset of the text's first byte in the file.
    package var offset: Int
    /// 1-based line and column of the text's first byte.
    package var line: Int
    package var column: Int

    package init(fileID: String, fileName: String, offset: Int, line: Int, column: Int) {
      self.fileID = fileID
      self.fileName = fileName
      self.offset = offset
      self.line = line
      self.column = column
    }

    /// For text that is not in a file (tests, the lexical context the compiler sends).
    package static let unknown = Location(fileID: "", fileName: "", offset: 0, line: 1, column: 1)
  }

  package let bytes: [UInt8]
  package let location: Location

  package init(_ text: String, location: Location = .unknown) {
    self.bytes = Array(text.utf8)
    self.location = location
  }

  /// The text between two byte offsets.
  package func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// The 1-based line and column of a local byte offset, in the file's numbering.
  package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    var line = location.line
    var column = location.column
    var index = 0
    while index < offset && index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        // "\r\n" is one line break.
        if byte == UInt8(ascii: "\r"), index + 1 < offset, bytes[index + 1] == UInt8(ascii: "\n") {
          index += 1
        }
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    return (line, column)
  }
}

/// A range of bytes in one ``SourceText``: what a diagnostic points at.
package struct SourceRange: Sendable {
  package var source: SourceText
  package var range: Range<Int>

  package init(_ source: SourceText, _ range: Range<Int>) {
    self.source = source
    self.range = range
  }

  /// The range's text.
  package var text: String { source.text(range) }
}
