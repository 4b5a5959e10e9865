/// Why a manifest could not be edited, worded for the person who runs the edit.
public enum ManifestEditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The source could not be read as Swift (an unterminated comment or string literal, a
  /// bracket that is never closed), at the 1-based `line`.
  case unreadable(line: Int, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let line, let reason):
      "line \(line): the manifest could not be read: \(reason)"
    }
  }

  /// The line it names.
  public var line: Int {
    switch self {
    case .unreadable(let line, _): line
    }
  }
}
