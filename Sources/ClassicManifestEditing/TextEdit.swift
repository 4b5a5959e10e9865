/// One replacement of a byte range of a manifest's text.
struct TextEdit: Sendable, Equatable {
  /// The first byte replaced.
  var start: Int
  /// The byte after the last one replaced.
  var end: Int
  var replacement: String

  /// `bytes` with `edits` made (which must not overlap).
  static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    for edit in edits.sorted(by: { $0.start > $1.start }) {
      bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
    }
    return bytes
  }
}
