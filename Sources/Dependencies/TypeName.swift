/// The name of a type as the library's messages show it: qualified, without the module and without
/// the `(unknown context at $…)` of private and local types, as the classic library shows it.
///
/// `MyApp.(unknown context at $1a2b).APIClient.Key` becomes `APIClient.Key`.
func _displayName(of type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
  if let dot = name.firstIndex(of: ".") {
    name.removeSubrange(...dot)
  }
  // Remove every "(unknown context at $<hex>)." component.
  while let start = name.range(of: "(unknown context at $") {
    guard let close = name[start.upperBound...].range(of: ").") else { break }
    name.removeSubrange(start.lowerBound..<close.upperBound)
  }
  return name
}
