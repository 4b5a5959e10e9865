/// The name the classic `@DependencyEntry` derives a public key's name from: the property's type,
/// with its wrappers taken off (`any APIClient` gives `APIClient`, `[User]` gives `User`,
/// `[String: User]` gives `StringUser`).
enum EntryKeyName {
  static func name(of type: TypeSyntax) -> String? {
    switch type.kind {
    case .identifier(let name, _), .member(_, let name, _):
      return name.withoutBackquotes
    case .someOrAny(_, let constraint):
      return self.name(of: constraint)
    case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped), .array(let wrapped):
      return self.name(of: wrapped)
    case .dictionary(let key, let value):
      guard let key = self.name(of: key), let value = self.name(of: value) else { return nil }
      return key + value
    case .tuple(let elements):
      let names = elements.compactMap { self.name(of: $0.type) }
      return names.isEmpty ? nil : names.joined()
    case .composition(let elements):
      let names = elements.compactMap { self.name(of: $0) }
      return names.isEmpty ? nil : names.joined()
    case .attributed(let attributed):
      return self.name(of: attributed.base)
    case .metatype(let base, _):
      return self.name(of: base)
    default:
      return nil
    }
  }
}
