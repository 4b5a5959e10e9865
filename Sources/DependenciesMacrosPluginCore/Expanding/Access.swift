/// The access levels the classic `@DependencyClient` compares to choose its initializers' access:
/// the lowest of the type's and its stored properties'.
enum ClientAccess: Int, Comparable, Hashable {
  case `private`, `internal`, `package`, `public`

  /// The first of `private`, `internal`, `package`, `public` among the modifiers, as the classic
  /// macro reads them (`fileprivate` and `open` are not among them, and `private(set)` counts as
  /// `private`).
  init?(_ modifiers: [Modifier]) {
    for modifier in modifiers {
      switch modifier.name {
      case "private": self = .private
      case "internal": self = .internal
      case "package": self = .package
      case "public": self = .public
      default: continue
      }
      return
    }
    return nil
  }

  /// The keyword to write, with a space; empty for `internal`.
  var prefix: String {
    switch self {
    case .private: return "private "
    case .internal: return ""
    case .package: return "package "
    case .public: return "public "
    }
  }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
