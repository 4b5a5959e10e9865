/// A JSON value, as the plugin messages are written.
package enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  package subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  package var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  package var integer: Int? {
    guard case .integer(let value) = self else { return nil }
    return value
  }

  package var array: [JSON]? {
    guard case .array(let value) = self else { return nil }
    return value
  }
}
