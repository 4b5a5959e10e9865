// What other packages of the graph bring in of the classic library, which no edit of the root
// manifest removes, and what is left for the user to do about it: printed, with file:line.

import ClassicManifestEditing
import Foundation

/// Prints what the graph of the package in `directory`, whose `Package.swift` is `manifest` (as
/// the switch leaves it), still needs; returns whether any step is left for the user. Lines are
/// those of `manifest`, which `name` names ("Package.swift", or "Package.swift (switched)" for
/// an edit not written).
func reportGraph(directory: URL, manifest: String, name: String, options: Options) -> Bool {
  let graph = GraphPackages.read(root: directory, manifest: manifest)
  let dependents = ClassicDependents(graph: graph)
  var stepsLeft = false
  if !dependents.classicUsers.isEmpty {
    stepsLeft =
      reportClassicUsers(
        dependents.classicUsers, directory: directory, manifest: manifest, options: options)
      || stepsLeft
  }
  if !dependents.satellites.isEmpty {
    stepsLeft =
      reportSatellites(
        dependents.satellites, graph: graph, directory: directory, manifest: manifest,
        name: name, options: options)
      || stepsLeft
  }
  let unread = graph.unfollowed.filter { $0.lister == GraphPackages.rootName }.map(\.location)
  if !unread.isEmpty {
    print(
      """
      switch-from-classic: note: not read (not checked out in .build/checkouts, or not a string \
      literal): \(unread.joined(separator: ", ")); what they bring in is not counted
      """)
  }
  return stepsLeft
}

/// The packages that depend on the classic library itself: what SwiftPM does today, and the
/// mirror that settles it. Returns whether that step is left.
private func reportClassicUsers(
  _ users: [String], directory: URL, manifest: String, options: Options
) -> Bool {
  let names = users.joined(separator: ", ")
  if let mirror = ClassicMirror.find(packageDirectory: directory) {
    print(
      """
      switch-from-classic: \(names) depend\(users.count == 1 ? "s" : "") on the classic library \
      itself (pointfreeco/swift-dependencies); its URL is mirrored to \(mirror) \
      (.swiftpm/configuration/mirrors.json), so the graph gets this package in its place.
      """)
    return false
  }
  let ours = ourLocation(in: manifest, identity: options.identity)
  print(
    """
    switch-from-classic: \(names) depend\(users.count == 1 ? "s" : "") on the classic library \
    itself (pointfreeco/swift-dependencies), and a graph has one package of the identity \
    \(options.identity). SwiftPM 6.3 builds it with your manifest's \(options.identity) in place \
    of the classic one, and warns:
        warning: '\(users[0])': Conflicting identity for \(options.identity): dependency \
    'github.com/pointfreeco/swift-dependencies' and dependency '\(ours ?? "…")' both point to the \
    same package identity '\(options.identity)'. […] This will be escalated to an error in \
    future versions of SwiftPM.
    Before it is an error, point the classic URL at this package for the whole graph with a \
    mirror (SwiftPM writes it to .swiftpm/configuration/mirrors.json: commit that file, so that \
    every build has it):
        swift package config set-mirror --original https://github.com/pointfreeco/swift-dependencies \
    --mirror \(ours.flatMap { $0.hasPrefix("/") || $0.hasPrefix(".") ? nil : $0 } ?? "<this package's repository URL>")
    or depend on versions of \(names) that depend on this package.
    """)
  return true
}

/// The `url:` or `path:` the root manifest gives this package.
private func ourLocation(in manifest: String, identity: String) -> String? {
  guard let source = try? ManifestSource(manifest) else { return nil }
  return CallExpression.all(named: "package", in: source).lazy.compactMap { call -> String? in
    guard
      ClassicPackages.identity(of: call.stringArgument("url") ?? call.stringArgument("path") ?? "")
        == identity.lowercased()
    else { return nil }
    return call.stringArgument("url") ?? call.stringArgument("path")
  }.first
}

/// The satellites other packages bring in: the aliases the manifest still needs, the packages
/// that make SwiftPM ignore them in some builds, and the files that then see names twice.
/// Returns whether any step is left.
private func reportSatellites(
  _ satellites: [String: [String]], graph: GraphPackages, directory: URL, manifest: String,
  name: String, options: Options
) -> Bool {
  let brought = satellites.keys.sorted().map { satellite in
    "\(satellite) (listed by \(satellites[satellite, default: []].joined(separator: ", ")))"
  }
  let recipe = AliasRecipe(
    manifest: manifest, satellites: satellites.keys, identity: options.identity)
  print(
    """
    switch-from-classic: other packages bring classic satellites into the graph: \
    \(brought.joined(separator: ", ")). Their modules have the names of this package's \
    \(recipe.needed.joined(separator: ", ")), and SwiftPM accepts both only once this package's \
    are renamed with moduleAliases: once each, on any product of this package that contains the \
    module (an alias renames the module in the whole graph, so the other products that contain it, \
    such as DependenciesMacros and DependenciesTestSupport, need none).
    """)
  var stepsLeft = false
  if recipe.missing.isEmpty {
    print("switch-from-classic: \(name) renames all of them.")
  } else {
    stepsLeft = true
    for step in recipe.steps { print(describe(step, in: name)) }
  }
  let links = ClassicIssueReportingLinks.steps(
    manifest: manifest, satellites: satellites.keys, identity: options.identity)
  if !links.isEmpty {
    stepsLeft = true
    let issueReporting = satellites.keys.sorted()
      .filter(ClassicIssueReportingLinks.packages.contains)
    print(
      """
      switch-from-classic: the classic IssueReporting (\(issueReporting.joined(separator: ", "))) \
      reaches Swift Testing only through functions it looks up at run time in a dynamic \
      library, which classic's DependenciesTestSupport linked and this package's \
      \(ClassicIssueReportingLinks.product) provides: without it, an issue that package reports \
      in a Swift Testing test (a failing expectNoDifference) is only printed, and the test passes. \
      Link it in each test target that linked classic's test support:
      """)
    for step in links { print(describe(step, in: name)) }
  }
  for detached in DetachedPackages.find(rootManifest: manifest, graph: graph) {
    stepsLeft = true
    print(describe(detached, in: name))
  }
  let files = AmbiguousNames.find(
    package: directory, manifest: manifest, renamed: recipe.needed, identity: options.identity,
    graph: graph)
  if !files.isEmpty {
    stepsLeft = true
    print(describe(files))
  }
  return stepsLeft
}

/// Where and what to write for one step of the alias recipe.
private func describe(_ step: AliasRecipe.Step, in name: String) -> String {
  let place = [
    step.line.map { "\(name):\($0)" } ?? name,
    step.target.map { "(target \($0))" },
  ].compactMap { $0 }.joined(separator: " ")
  let entry = step.entry.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
  switch step.kind {
  case .replace(let listed):
    return "switch-from-classic: \(place): write, in place of \(listed),\n\(entry)"
  case .addAliases:
    return "switch-from-classic: \(place): add to the moduleAliases of that product:\n\(entry)"
  case .add:
    return step.line == nil
      ? "switch-from-classic: \(name): add to a target's dependencies (a test target for a "
        + "test-support product):\n\(entry)"
      : "switch-from-classic: \(place): add to its dependencies:\n\(entry)"
  }
}

/// A package that makes SwiftPM ignore the aliases in some builds, and how to keep it out.
private func describe(_ detached: DetachedPackages.Package, in name: String) -> String {
  let variable =
    "WITH_" + detached.identity.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
  return """
    switch-from-classic: \(name):\(detached.line): \(detached.identity) is in the graph, \
    but no target uses its products, and it uses \(detached.uses.joined(separator: ", "))'s: \
    while it is, SwiftPM 6.3 ignores moduleAliases in some builds and not others, and refuses the \
    graph again ("multiple packages … declare targets with a conflicting name"). (It applies the \
    aliases from one package that no other uses a product of, found by walking up from the first \
    package of a hash table, whose order changes with every run: from \(detached.identity), no \
    alias applies.) List it only where it is used, e.g. when \(variable) is set: in place of that \
    line, after `let package = Package(…)` (with `import Foundation`),
        if ProcessInfo.processInfo.environment["\(variable)"] != nil {
          package.dependencies.append(\(detached.call))
        }
    """
}

/// The files that see names twice under the aliases, and the two ways out.
private func describe(_ files: [AmbiguousNames.File]) -> String {
  var lines = [
    """
    switch-from-classic: these files import this package (Dependencies re-exports its renamed \
    modules) and the other package's module of the same name, and use names both declare, which \
    Swift finds ambiguous ("ambiguous use of 'isTesting'"). Drop the other package's import where \
    the file needs nothing only it declares (this package's names come with Dependencies), or \
    name each use with its module (IssueReporting.isTesting: the other package's; \
    DependenciesIssueReporting.isTesting: this package's):
    """
  ]
  for file in files {
    let imports = file.otherImports.map { "\(file.path):\($0.line): import \($0.module)" }
    lines.append(
      "  "
        + (file.usesOtherOnlyNames
          ? "\(file.path): name each use with its module (it also uses names only the other "
            + "package's module declares)"
          : "\(imports.joined(separator: ", ")): drop \(imports.count == 1 ? "this import" : "these imports")")
    )
    for use in file.uses { lines.append("    \(file.path):\(use.line): \(use.name)") }
  }
  return lines.joined(separator: "\n")
}
