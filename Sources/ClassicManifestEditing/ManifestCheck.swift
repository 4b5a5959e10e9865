import Foundation

/// The checks an edit passes before the tool writes it: the edited manifest must still be a
/// manifest, declaring the packages of the original but the dropped satellites, with every
/// product that named a satellite taken from this package, and nothing else changed.
///
/// Two ways, the first where it can run:
///
/// - ``comparingDumps(original:edited:expectation:)``: what `swift package dump-package` reads
///   from the original and from the edited text (the packages, products, targets, all of it) must
///   be the same once the satellites are taken out of the original's and its products re-pointed.
///   This runs the manifest, so it also sees what only running tells (a URL in a variable).
/// - ``byReading(_:)``, when `swift` cannot be run: the edited text is read again; its tokens
///   must be the original's without those the edit removed and with those it replaced, no list
///   may have gained an empty element, the edit run again must find nothing more to change, and
///   every `.package(…)` whose location only running tells makes it refuse.
public enum ManifestCheck {
  /// Checks `edit` by reading the edited text; empty when it passes.
  public static func byReading(_ edit: ManifestSwitch) -> [ManifestSwitch.Problem] {
    byReading(edit, editedText: edit.manifest)
  }

  /// Checks `editedText` as if it were `edit`'s result (for tests: what a broken edit would
  /// have written).
  package static func byReading(
    _ edit: ManifestSwitch, editedText: String
  ) -> [ManifestSwitch.Problem] {
    let expectation = edit.expectation
    guard let original = expectation.original else { return [] }
    var problems: [ManifestSwitch.Problem] = []
    for line in expectation.unknownLocations {
      problems.append(
        .init(
          line: line,
          "this package's location is not a string literal the tool can read, and without "
            + "`swift package dump-package` it cannot tell whether it is a classic satellite; "
            + "write it as a string literal, or make sure `swift` can be run"))
    }
    let edited: ManifestSource
    do {
      edited = try ManifestSource(editedText)
    } catch {
      return problems + [
        .init(line: nil, "the edited manifest would not read as Swift (\(error)); not written")
      ]
    }

    // The tokens: the original's, without the removed ones, with the replaced ones replaced.
    let expected = original.tokens.indices.dropLast().compactMap { index -> (String, Int)? in
      guard !expectation.removedTokens.contains(index) else { return nil }
      return (expectation.replacedTokens[index] ?? original.text(index), index)
    }
    let found = edited.tokens.indices.dropLast().map { edited.text($0) }
    if let mismatch = expected.indices.first(where: {
      $0 >= found.count || expected[$0].0 != found[$0]
    }) ?? (expected.count < found.count ? expected.count : nil) {
      // The line of the original where the edited text goes wrong.
      let line: Int
      if mismatch < found.count {
        let editedLine = edited.line(of: edited.tokens[mismatch].start)
        let oldLines = LineDiff.oldLines(
          old: original.text(0, original.bytes.count), new: editedText)
        line = editedLine - 1 < oldLines.count ? oldLines[editedLine - 1] : editedLine
      } else {
        line = original.line(of: original.tokens[expected[mismatch].1].start)
      }
      problems.append(
        .init(
          line: line,
          "the edit would change more than the packages and products it means to (the tokens "
            + "of the edited manifest differ here); edit the manifest by hand"))
    }

    // No list gains an empty element (`[,`, `(,`, `,,`, `,)`).
    if emptyElements(in: edited) > emptyElements(in: original) {
      problems.append(
        .init(line: nil, "the edit would leave an empty element in a list; edit it by hand"))
    }

    // Run again, the edit finds nothing more to change.
    if let again = try? ManifestSwitch(manifest: editedText, identity: expectation.identity),
      !again.changes.isEmpty || !again.problems.isEmpty
    {
      for change in again.changes {
        problems.append(
          .init(line: nil, "the edited manifest would still need: \(change.description)"))
      }
      problems += again.problems
    }

    // The variables the edit drops are used nowhere.
    for name in expectation.droppedVariables {
      if let use = edited.tokens.indices.first(where: {
        edited.isIdentifier($0, name) && !edited.isPunctuation($0 - 1, ".")
      }) {
        problems.append(
          .init(
            line: nil,
            "the edited manifest would still use '\(name)' (at its line "
              + "\(edited.line(of: edited.tokens[use].start))), which the edit drops"))
      }
    }
    return problems
  }

  /// The number of places in `source` where a list has an empty element.
  private static func emptyElements(in source: ManifestSource) -> Int {
    source.tokens.indices.dropFirst().filter { index in
      (source.isPunctuation(index, ",")
        && (source.isPunctuation(index - 1, "(") || source.isPunctuation(index - 1, "[")
          || source.isPunctuation(index - 1, ",")))
        || (source.isPunctuation(index, ")") && source.isPunctuation(index - 1, ","))
    }.count
  }

  /// Checks `edit` against what `swift package dump-package` read from the original manifest
  /// (`original`) and from the edited one (`edited`), both as JSON; empty when it passes.
  public static func comparingDumps(
    original: Data, edited: Data, expectation: ManifestSwitch.Expectation
  ) -> [ManifestSwitch.Problem] {
    guard var before = try? JSONSerialization.jsonObject(with: original) as? [String: Any],
      let after = try? JSONSerialization.jsonObject(with: edited) as? [String: Any]
    else {
      return [.init(line: nil, "`swift package dump-package` printed something other than JSON")]
    }
    // The original, as the edit means it to become.
    var references = Set<String>()
    var dependencies: [Any] = []
    for dependency in before["dependencies"] as? [Any] ?? [] {
      let (identity, legacyName) = Self.identity(of: dependency)
      // The satellites, and the package without counterpart here that the edit drops because
      // no target names its products (combine-schedulers).
      if let identity,
        Self.isSatellite(identity) || expectation.droppedIdentities.contains(identity)
      {
        references.insert(identity)
        if let legacyName { references.insert(legacyName.lowercased()) }
      } else {
        dependencies.append(dependency)
      }
    }
    references.formUnion(ClassicPackages.satellites.keys)
    before["dependencies"] = dependencies
    before["targets"] = (before["targets"] as? [Any] ?? []).map { target -> Any in
      guard var target = target as? [String: Any] else { return target }
      target["dependencies"] = (target["dependencies"] as? [Any] ?? []).map { dependency -> Any in
        guard let entry = dependency as? [String: Any], var product = entry["product"] as? [Any],
          product.count > 1, let package = product[1] as? String,
          references.contains(package.lowercased())
        else { return dependency }
        product[1] = expectation.identity
        return ["product": product]
      }
      return target
    }

    var problems: [ManifestSwitch.Problem] = []
    // A satellite the edit did not see (its URL in a variable): name the lines it could be on.
    let remaining = (after["dependencies"] as? [Any] ?? []).compactMap { Self.identity(of: $0).0 }
      .filter(Self.isSatellite)
    for identity in remaining {
      let lines = expectation.unknownLocations.map(String.init).joined(separator: ", ")
      problems.append(
        .init(
          line: expectation.unknownLocations.count == 1 ? expectation.unknownLocations[0] : nil,
          "running the manifest shows it declares the classic satellite \(identity), "
            + (expectation.unknownLocations.isEmpty
              ? "which the tool did not find in its text"
              : "at a location the tool cannot read (the `.package` on line \(lines))")
            + ": write its URL as a string literal, or remove it by hand"))
    }
    guard problems.isEmpty else { return problems }
    if let difference = Self.firstDifference(before, after, path: "") {
      problems.append(
        .init(
          line: nil,
          "`swift package dump-package` reads the edited manifest differently from the original "
            + "without the satellites: \(difference); not written"))
    }
    return problems
  }

  /// The identity and legacy name of a dependency of `dump-package`'s JSON
  /// (`{"sourceControl": [{"identity": …}]}`).
  private static func identity(of dependency: Any) -> (String?, String?) {
    guard let entry = dependency as? [String: Any], let kind = entry.values.first as? [Any],
      let details = kind.first as? [String: Any]
    else { return (nil, nil) }
    return (
      (details["identity"] as? String)?.lowercased(),
      details["nameForTargetDependencyResolutionOnly"] as? String
    )
  }

  private static func isSatellite(_ identity: String) -> Bool {
    if ClassicPackages.satellites[identity]?.products != nil { return true }
    if let dot = identity.lastIndex(of: ".") {
      return ClassicPackages.satellites[String(identity[identity.index(after: dot)...])]?
        .products != nil
    }
    return false
  }

  /// Where two JSON values first differ, as `path: expected …, found …`; nil when they are the
  /// same.
  private static func firstDifference(_ expected: Any, _ found: Any, path: String) -> String? {
    switch (expected, found) {
    case (let expected as [String: Any], let found as [String: Any]):
      for key in Set(expected.keys).union(found.keys).sorted() {
        let here = path.isEmpty ? key : "\(path).\(key)"
        guard let value = expected[key] else { return "\(here): not expected, found one" }
        guard let other = found[key] else { return "\(here): expected, not found" }
        if let difference = firstDifference(value, other, path: here) { return difference }
      }
      return nil
    case (let expected as [Any], let found as [Any]):
      for (index, (value, other)) in zip(expected, found).enumerated() {
        if let difference = firstDifference(value, other, path: "\(path)[\(index)]") {
          return difference
        }
      }
      return expected.count == found.count
        ? nil : "\(path): expected \(expected.count) entries, found \(found.count)"
    default:
      let a = canonical(expected)
      let b = canonical(found)
      return a == b ? nil : "\(path): expected \(a), found \(b)"
    }
  }

  private static func canonical(_ value: Any) -> String {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    else { return "\(value)" }
    return String(decoding: data, as: UTF8.self)
  }
}
