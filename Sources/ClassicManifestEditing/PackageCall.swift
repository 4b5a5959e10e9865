/// A `.package(…)` call of a manifest, with the identity it declares when the edit can know it
/// without running the manifest.
///
/// The identity is SwiftPM's: the last component of the URL or path, without `.git`, lowercased
/// (`https://github.com/PointFree/Swift-Clocks.git` is `swift-clocks`), or a registry id,
/// lowercased. A URL built by interpolation still has one when its last component is written out
/// (`"\(pointfree)/swift-clocks"`); a location held in a variable, or interpolated at its end,
/// has none.
struct PackageCall {
  var call: CallExpression
  /// The identity, when the location is a string literal whose last component is written out.
  var identity: String?
  /// The location as written, for messages.
  var location: String
  /// The `name:` of a manifest written for tools before 5.5, which products then use.
  var legacyName: String?

  init(_ call: CallExpression) {
    self.call = call
    legacyName = call.stringArgument("name")
    if let argument = call.argument("url") ?? call.argument("path") {
      location = call.source.text(
        call.source.tokens[argument.valueStart].start,
        call.source.tokens[argument.valueEnd - 1].end)
      let literal = call.literalArgument("url") ?? call.literalArgument("path")
      if let value = literal?.value {
        identity = ClassicPackages.identity(of: value)
      } else if let suffix = literal?.staticSuffix,
        suffix.contains(where: { $0 == "/" || $0 == ":" })
      {
        let identity = ClassicPackages.identity(of: suffix)
        self.identity = identity.isEmpty ? nil : identity
      }
    } else if let id = call.stringArgument("id") {
      location = id
      identity = id.lowercased()
    } else {
      location = call.text
    }
  }

  /// The satellite this package is, if it is one. A registry id (`pointfreeco.swift-clocks`) is
  /// one when its name is.
  var satellite: ClassicPackages.Satellite? {
    guard let identity else { return nil }
    if let satellite = ClassicPackages.satellites[identity] { return satellite }
    if call.argument("id") != nil, let dot = identity.lastIndex(of: ".") {
      return ClassicPackages.satellites[String(identity[identity.index(after: dot)...])]
    }
    return nil
  }
}
