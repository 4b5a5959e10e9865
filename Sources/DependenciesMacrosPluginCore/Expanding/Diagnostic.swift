/// A message for the compiler to show: an error, warning or note at a place in the source, with
/// the ranges to highlight and the fix-its to offer.
package struct Diagnostic: Sendable {
  package enum Severity: String, Sendable {
    case error, warning, note, remark
  }

  /// A suggested edit: each change replaces a range with new text.
  package struct FixIt: Sendable {
    package struct Change: Sendable {
      package var range: SourceRange
      package var newText: String

      package init(range: SourceRange, newText: String) {
        self.range = range
        self.newText = newText
      }
    }

    package var message: String
    package var changes: [Change]

    package init(message: String, changes: [Change]) {
      self.message = message
      self.changes = changes
    }

    /// A fix-it that inserts `text` at `offset` of `source`.
    package static func insert(
      _ text: String, at offset: Int, in source: SourceText, message: String
    ) -> FixIt {
      FixIt(
        message: message,
        changes: [Change(range: SourceRange(source, offset..<offset), newText: text)])
    }
  }

  package var message: String
  package var severity: Severity
  /// Where the diagnostic points: the start of this range; it is also highlighted.
  package var node: SourceRange
  package var fixIts: [FixIt]

  package init(
    _ severity: Severity, _ message: String, at node: SourceRange, fixIts: [FixIt] = []
  ) {
    self.message = message
    self.severity = severity
    self.node = node
    self.fixIts = fixIts
  }
}
