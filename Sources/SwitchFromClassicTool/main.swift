// The tool behind `swift package switch-from-classic` (Plugins/SwitchFromClassic): prints, or with
// --apply writes, the edit that lets a manifest written for the classic library resolve with this
// package (ClassicManifestEditing.ManifestSwitch).
//
// Usage: SwitchFromClassicTool --package-dir DIR [--identity NAME] [--swift PATH] [--apply]
// Exit status: 0 when the manifests need nothing more, or were written; 1 when something stops
// the switch (printed, each with its file:line and what to do; nothing is written); 2 for bad
// arguments; 3 when other packages of the graph still bring the classic library or its
// satellites in (printed, with what to do).
//
// Every edit is checked before it is shown or written (ClassicManifestEditing.ManifestCheck):
// with `swift package dump-package` (the `swift` of --swift, else of PATH) on a copy of the
// original and of the edited manifest in a temporary directory, or, where that cannot run, by
// reading the edited text again; the output says which. An edit that fails its check is not
// written.

import ClassicManifestEditing
import Foundation

struct Options {
  var packageDirectory: URL?
  var identity = ClassicPackages.classicIdentity
  var swift: String?
  var apply = false
}

func parse(_ arguments: [String]) -> Options? {
  var options = Options()
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    switch argument {
    case "--package-dir":
      guard let value = rest.popFirst() else { return nil }
      options.packageDirectory = URL(fileURLWithPath: value)
    case "--identity":
      guard let value = rest.popFirst() else { return nil }
      options.identity = value
    case "--swift":
      guard let value = rest.popFirst() else { return nil }
      options.swift = value
    case "--apply":
      options.apply = true
    default:
      return nil
    }
  }
  return options.packageDirectory == nil ? nil : options
}

/// `Package.swift` and its versioned variants (`Package@swift-6.0.swift`) in `directory`.
func manifests(in directory: URL) -> [URL] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  return
    names
    .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
    .sorted()
    .map { directory.appendingPathComponent($0) }
}

/// The manifests of the packages checked out for `directory` (`.build/checkouts/*/Package.swift`).
func checkedOutManifests(of directory: URL, except identity: String) -> [(String, String)] {
  let checkouts = directory.appendingPathComponent(".build/checkouts")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
  return names.sorted().compactMap { name in
    guard name.lowercased() != identity.lowercased() else { return nil }
    let manifest = checkouts.appendingPathComponent(name).appendingPathComponent("Package.swift")
    return (try? String(contentsOf: manifest, encoding: .utf8)).map { (name, $0) }
  }
}

func run(_ options: Options) -> Int32 {
  guard let directory = options.packageDirectory?.standardizedFileURL else { return 2 }
  let found = manifests(in: directory)
  guard !found.isEmpty else {
    print("switch-from-classic: no Package.swift in \(directory.path)")
    return 1
  }
  var stopped = false
  var edits: [(URL, String)] = []
  for manifest in found {
    let name = manifest.lastPathComponent
    let text: String
    do {
      text = try String(contentsOf: manifest, encoding: .utf8)
    } catch {
      print("switch-from-classic: \(name): could not read it: \(error)")
      return 1
    }
    switch switchManifest(
      name: name, text: text, packageName: directory.lastPathComponent, options: options)
    {
    case .unchanged: break
    case .stopped: stopped = true
    case .edited(let edited): edits.append((manifest, edited))
    }
  }
  // What other packages bring in: no edit of this manifest removes it.
  let dependents = ClassicDependents.find(
    in: checkedOutManifests(of: directory, except: options.identity))
  let classicUsers = dependents.filter { $0.value.contains { $0.hasSuffix("(pointfreeco)") } }
  let satellites = Set(dependents.values.joined().filter { !$0.hasSuffix("(pointfreeco)") })
  var remaining = false
  if !classicUsers.isEmpty {
    remaining = true
    print(
      """
      switch-from-classic: these dependencies use the classic library itself, and a graph holds \
      one package named \(options.identity): they need a version that depends on this package \
      (or must go):
      """)
    for package in classicUsers.keys.sorted() { print("  - \(package)") }
  }
  if !satellites.isEmpty {
    remaining = true
    let users = dependents.filter { !$0.value.allSatisfy { $0.hasSuffix("(pointfreeco)") } }
    print(
      """
      switch-from-classic: \(users.keys.sorted().joined(separator: ", ")) bring the classic \
      \(satellites.sorted().joined(separator: ", ")) into the graph, whose modules have the names \
      of this package's \(AliasRecipe.modules(for: satellites).joined(separator: ", ")). SwiftPM \
      accepts both once this package's are renamed, once each, with moduleAliases: an alias \
      renames the module in the whole graph, so the other products that contain it \
      (DependenciesMacros, DependenciesTestSupport) need none.
      """)
    let entries = AliasRecipe.entries(satellites: satellites, identity: options.identity)
    if let dependencies = entries.dependencies {
      print("Put this Dependencies entry in place of a target's plain Dependencies product:")
      print(dependencies)
    }
    if !entries.testSupport.isEmpty {
      print(
        """
        The test-support modules are in no other product: list their products once, renamed, in \
        a test target:
        """)
      print(entries.testSupport.joined(separator: "\n"))
    }
    print(
      """
      A file that imports both Dependencies and the other package's module then names what both \
      declare with its module (IssueReporting.isTesting): MigratingFromClassic, "Module-name \
      collisions with the classic satellites".
      """)
  }
  if stopped { return 1 }
  if edits.isEmpty { return remaining ? 3 : 0 }
  guard options.apply else {
    print(
      """
      switch-from-classic: nothing written. Run the same command with --apply to write it\
      \(sandboxNote(directory)).
      """)
    return remaining ? 3 : 0
  }
  for (manifest, text) in edits {
    do {
      try text.write(to: manifest, atomically: true, encoding: .utf8)
      print("switch-from-classic: wrote \(manifest.path)")
    } catch {
      print(
        "switch-from-classic: could not write \(manifest.path): \(error)\(sandboxNote(directory))")
      return 1
    }
  }
  if remaining {
    print("switch-from-classic: written; the packages above still need the changes shown.")
    return 3
  }
  print("switch-from-classic: done; `swift build` resolves the graph again.")
  return 0
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

/// On macOS, SwiftPM runs plugins in a sandbox that lets them write only where it is told to.
func sandboxNote(_ directory: URL) -> String {
  #if os(macOS)
    " (and --allow-writing-to-directory \(directory.path) before the command name)"
  #else
    ""
  #endif
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
  print(
    "usage: SwitchFromClassicTool --package-dir DIR [--identity NAME] [--swift PATH] [--apply]")
  exit(2)
}
exit(run(options))
