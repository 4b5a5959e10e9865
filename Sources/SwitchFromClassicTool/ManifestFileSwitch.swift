// The edit of each manifest file of the package (`Package.swift`, `Package@swift-*.swift`): worked
// out, checked and printed (ClassicManifestEditing.ManifestSwitch, ManifestCheck).

import ClassicManifestEditing
import Foundation

/// `Package.swift` and its versioned variants (`Package@swift-6.0.swift`) in `directory`.
func manifests(in directory: URL) -> [URL] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  return
    names
    .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
    .sorted()
    .map { directory.appendingPathComponent($0) }
}

/// What became of one manifest.
enum ManifestOutcome {
  case unchanged
  /// Something stops the switch (printed).
  case stopped
  /// The checked edit, to write.
  case edited(String)
}

/// Works out, checks and prints the edit of the manifest `name` (its `text`).
func switchManifest(
  name: String, text: String, packageName: String, options: Options
) -> ManifestOutcome {
  let edit: ManifestSwitch
  do {
    edit = try ManifestSwitch(manifest: text, identity: options.identity)
  } catch {
    print("switch-from-classic: \(name):\(error.line): \(error)")
    return .stopped
  }
  for note in edit.notes { print("switch-from-classic: \(name): note: \(note)") }
  let versioned = VersionedManifest(fileName: name, text: text)
  if let versioned, !versioned.isReadByToolchainsThatBuildThisPackage,
    !edit.changes.isEmpty || !edit.problems.isEmpty
  {
    print("switch-from-classic: \(name): \(versioned.reasonLeftAlone)")
    return .unchanged
  }
  if !edit.problems.isEmpty {
    print("switch-from-classic: \(name): not switched; change these by hand, then run it again:")
    for problem in edit.problems { print("  - \(located(problem, in: name))") }
    return .stopped
  }
  guard !edit.changes.isEmpty || !edit.expectation.unknownLocations.isEmpty else {
    print("switch-from-classic: \(name): lists none of the classic satellite packages")
    return .unchanged
  }

  // The check, before anything is shown as the edit.
  let (problems, method) = check(
    edit, original: text, packageName: packageName, swift: options.swift)
  if !problems.isEmpty {
    let failed = edit.changes.isEmpty ? "" : "the edit failed its check (\(method)); "
    print(
      "switch-from-classic: \(name): not switched: \(failed)change these by hand, then run it again:"
    )
    for problem in problems { print("  - \(located(problem, in: name))") }
    return .stopped
  }
  guard !edit.changes.isEmpty else {
    print("switch-from-classic: \(name): lists none of the classic satellite packages (\(method))")
    return .unchanged
  }
  print("switch-from-classic: \(name):")
  for change in edit.changes { print("  - \(change)") }
  print(LineDiff.unified(old: text, new: edit.manifest, name: name), terminator: "")
  print("switch-from-classic: \(name): \(method)")
  return .edited(edit.manifest)
}

/// `Package.swift:12: message`, or `Package.swift: message` for a problem without a line.
func located(_ problem: ManifestSwitch.Problem, in name: String) -> String {
  problem.line.map { "\(name):\($0): \(problem.message)" } ?? "\(name): \(problem.message)"
}

/// Checks `edit` with `swift package dump-package` where it can run, else by reading it; returns
/// what fails and how it was checked.
func check(
  _ edit: ManifestSwitch, original: String, packageName: String, swift: String?
) -> ([ManifestSwitch.Problem], String) {
  let outcome: PackageDumper.Outcome =
    switch PackageDumper.find(explicit: swift) {
    case .success(let found):
      found.dump(original: original, edited: edit.manifest, packageName: packageName)
    case .failure(let reason):
      .unavailable(reason)
    }
  switch outcome {
  case .dumped(let before, let after):
    return (
      ManifestCheck.comparingDumps(
        original: before, edited: after, expectation: edit.expectation),
      """
      checked with `swift package dump-package` on copies of the original and the edit: the \
      same packages but the satellites, every product re-pointed, nothing else changed
      """
    )
  case .editedFails(let message):
    return (
      [
        .init(
          line: nil, "the edited manifest does not load: \(locate(message, in: edit, original))")
      ],
      "checked with `swift package dump-package`"
    )
  case .unavailable(let reason):
    return (
      ManifestCheck.byReading(edit),
      """
      checked by reading the edited manifest again, not with `swift package dump-package` \
      (\(reason.reason.split(separator: "\n").first ?? ""))
      """
    )
  }
}

/// `message`, with the compiler's lines of the edited manifest (`Package.swift:N:`) named as the
/// lines of the original they are. (Scanned by hand: a regex literal here trips the compiler's
/// module emission with symbol graphs, in Swift 6.3.1.)
func locate(_ message: String, in edit: ManifestSwitch, _ original: String) -> String {
  let lines = LineDiff.oldLines(old: original, new: edit.manifest)
  let marker = "Package.swift:"
  var result = ""
  var rest = Substring(message)
  while let found = rest.range(of: marker) {
    result += rest[..<found.lowerBound]
    let digits = rest[found.upperBound...].prefix(while: \.isASCII).prefix(while: \.isNumber)
    let after = rest[found.upperBound...].dropFirst(digits.count)
    guard let number = Int(digits), after.first == ":" else {
      result += marker
      rest = rest[found.upperBound...]
      continue
    }
    let line = number - 1 < lines.count ? lines[number - 1] : nil
    result += "Package.swift (edited; line \(line.map(String.init) ?? "?") of the original):"
    rest = after.dropFirst()
  }
  return result + rest
}
