/// Why a manifest could not be edited, worded for the person who runs the edit.
public enum ManifestEditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The source could not be read as Swift (an unterminated comment or string literal).
  case unreadable(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "the manifest could not be read: \(reason)"
    }
  }
}
