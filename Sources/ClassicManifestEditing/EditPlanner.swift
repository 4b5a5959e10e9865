/// Works out ``ManifestSwitch``'s edit of one manifest: which satellites it declares and where,
/// the text edits that drop them and re-point their products, and what stops the edit.
struct EditPlanner {
  let source: ManifestSource
  /// This package's identity as given (written so in re-pointed products).
  let identity: String

  var edits: [TextEdit] = []
  var changes: [ManifestSwitch.Change] = []
  var problems: [ManifestSwitch.Problem] = []
  var notes: [String] = []
  var droppedIdentities: Set<String> = []
  /// The satellites by every name (lowercased) a product may give their package: their
  /// identities, and the `name:`s and registry ids of those this manifest declares.
  private var satelliteByReference: [String: ClassicPackages.Satellite] = ClassicPackages.satellites
  var satelliteReferences: Set<String> { Set(satelliteByReference.keys) }
  var unknownLocations: [Int] = []
  var droppedVariables: [String] = []

  /// Elements to drop from each array literal (by the index of its `[`).
  private var listDrops: [Int: [ClosedRange<Int>]] = [:]
  /// Satellites found whose products this package does not provide (combine-schedulers), with
  /// their `.package(…)` calls: dropped once no target names one of their products.
  private var unprovided: [(satellite: ClassicPackages.Satellite, package: PackageCall)] = []
  /// The identities of the unprovided satellites whose products a `.product(…)` names.
  private var unprovidedInUse: Set<String> = []
  private var foundThisPackage = false

  init(source: ManifestSource, identity: String) {
    self.source = source
    self.identity = identity
  }

  mutating func plan() {
    for call in CallExpression.all(named: "package", in: source) {
      planPackage(PackageCall(call))
    }
    for call in CallExpression.all(named: "product", in: source) {
      planProduct(call)
    }
    planUnprovided()
    for (list, elements) in listDrops {
      edits += listEdits(list: list, dropping: elements)
    }
    if !changes.isEmpty || !unprovided.isEmpty, !foundThisPackage {
      problems.append(
        .init(
          line: nil,
          """
          the manifest has no package whose identity is \(identity) (a URL or path ending in \
          /\(identity)): add this package, or give its identity (--identity NAME)
          """))
    }
    let sorted = edits.sorted { $0.start < $1.start }
    for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.start < earlier.end {
      problems.append(
        .init(
          line: source.line(of: later.start),
          "two changes overlap here; edit this part of the manifest by hand"))
    }
  }

  // MARK: - Packages

  private mutating func planPackage(_ package: PackageCall) {
    let call = package.call
    guard let packageIdentity = package.identity else {
      unknownLocations.append(call.line)
      return
    }
    if packageIdentity == identity.lowercased() {
      foundThisPackage = true
      if package.location.lowercased().contains("pointfreeco/swift-dependencies") {
        notes.append(
          """
          line \(call.line): the package \(identity) still comes from \(package.location), the \
          classic library: point it at this package's URL
          """)
      }
      return
    }
    guard let satellite = package.satellite else { return }
    satelliteByReference[packageIdentity] = satellite
    if let name = package.legacyName { satelliteByReference[name.lowercased()] = satellite }
    guard satellite.products != nil else {
      unprovided.append((satellite, package))
      return
    }
    dropPackage(package, identity: packageIdentity)
  }

  /// Drops the `.package(…)` call of the satellite `identity`.
  private mutating func dropPackage(_ package: PackageCall, identity packageIdentity: String) {
    let call = package.call
    // `Package.Dependency.package(…)` is one expression.
    var first = call.dot
    if source.isIdentifier(first - 1, "Dependency"), source.isPunctuation(first - 2, "."),
      source.isIdentifier(first - 3, "Package")
    {
      first -= 3
    }
    droppedIdentities.insert(packageIdentity)
    drop(
      first: first, last: call.close, change: .dropPackage(identity: packageIdentity),
      what: "the package \(packageIdentity) (\(call.text))")
  }

  /// Drops each satellite whose products this package does not provide once no target names
  /// one of them (a `.product(…)` naming one is a problem of its own, at its line; a product
  /// named by name alone, `"CombineSchedulers"`, is one here).
  private mutating func planUnprovided() {
    for (satellite, package) in unprovided {
      guard !unprovidedInUse.contains(satellite.identity) else { continue }
      let byName = byNameUses(of: satellite.unprovidedProducts)
      guard byName.isEmpty else {
        for (line, name) in byName {
          problems.append(.init(line: line, "\"\(name)\": \(satellite.instead ?? "")"))
        }
        continue
      }
      dropPackage(package, identity: satellite.identity)
    }
  }

  /// The string literals among a target's dependencies (`dependencies: ["CombineSchedulers"]`,
  /// `.byName(name: "CombineSchedulers")`) that name one of `products`: their lines and names.
  private func byNameUses(of products: Set<String>) -> [(line: Int, name: String)] {
    source.tokens.indices.compactMap { index in
      guard let name = source.stringLiteral(index)?.value, products.contains(name),
        let bracket = source.enclosingBracket(of: index)
      else { return nil }
      let inDependencies =
        source.isPunctuation(bracket, "[") && source.isPunctuation(bracket - 1, ":")
        && source.isIdentifier(bracket - 2, "dependencies")
      let inByName =
        source.isPunctuation(bracket, "(") && source.isIdentifier(bracket - 1, "byName")
      guard inDependencies || inByName else { return nil }
      return (source.line(of: source.tokens[index].start), name)
    }
  }

  /// Drops the expression from token `first` to token `last` where it stands, or says why not.
  private mutating func drop(
    first: Int, last: Int, change: ManifestSwitch.Change.Kind, what: String
  ) {
    let line = source.line(of: source.tokens[first].start)
    let text = source.text(source.tokens[first].start, source.tokens[last].end)
    switch DropSite.of(first: first, last: last, in: source) {
    case .listElement(let list, let first, let last)?:
      listDrops[list, default: []].append(first...last)
      changes.append(.init(kind: change, line: line, text: text))
    case .statement(let first, let last)?:
      guard let range = wholeLines(first: first, last: last) else {
        problems.append(
          .init(
            line: line,
            "\(what) is in a statement that shares its line with other code; remove that "
              + "statement by hand"))
        return
      }
      edits.append(TextEdit(start: range.lowerBound, end: range.upperBound, replacement: ""))
      changes.append(
        .init(
          kind: change, line: line,
          text: source.text(source.tokens[first].start, source.tokens[last].end)))
    case .declaration(let first, let last, let name, let nameIndex)?:
      guard let range = wholeLines(first: first, last: last) else {
        problems.append(
          .init(
            line: line,
            "\(what) is held by '\(name)', declared on a line with other code; remove it and "
              + "its uses by hand"))
        return
      }
      edits.append(
        TextEdit(
          start: range.lowerBound, end: blankLineBetweenBlankLines(after: range),
          replacement: ""))
      changes.append(.init(kind: change, line: line, text: text))
      droppedVariables.append(name)
      if case .dropPackage(let identity) = change {
        dropUses(of: name, declaredAt: nameIndex, holding: identity)
      }
    case nil:
      problems.append(
        .init(
          line: line,
          "\(what) is part of an expression the tool does not edit (it drops a package from "
            + "an array literal, from `package.dependencies.append(…)`, or with the variable "
            + "that holds it); remove it by hand"))
    }
  }

  /// Drops every use of the variable `name` (declared at token `declaration`), which held the
  /// satellite `identity`.
  private mutating func dropUses(
    of name: String, declaredAt declaration: Int, holding identity: String
  ) {
    for index in source.tokens.indices
    where index != declaration && source.isIdentifier(index, name)
      && !source.isPunctuation(index - 1, ".")
      && !(source.isPunctuation(index + 1, ":")
        && (source.isPunctuation(index - 1, "(") || source.isPunctuation(index - 1, ",")))
    {
      drop(
        first: index, last: index, change: .dropReference(name: name, identity: identity),
        what: "'\(name)', which holds the package \(identity),")
    }
  }

  // MARK: - Products

  private mutating func planProduct(_ call: CallExpression) {
    guard let argument = call.argument("package") else { return }
    guard let literal = call.literalArgument("package"), let reference = literal.value else {
      // A product whose package is not a plain string literal: the check finds out.
      return
    }
    guard let satellite = satelliteByReference[reference.lowercased()] else { return }
    guard let name = call.stringArgument("name") else {
      problems.append(
        .init(
          line: call.line,
          "the product of \(reference) named here is not a string literal; write its name as "
            + "one, or take it from \(identity) by hand"))
      return
    }
    guard let provided = satellite.products else {
      unprovidedInUse.insert(satellite.identity)
      problems.append(.init(line: call.line, "\(call.text): \(satellite.instead ?? "")"))
      return
    }
    guard provided.contains(name) else {
      problems.append(
        .init(
          line: call.line,
          """
          this package has no product \(name) (of \(satellite.identity)); it provides \
          \(provided.sorted().joined(separator: ", "))
          """))
      return
    }
    let token = source.tokens[argument.valueStart]
    changes.append(
      .init(kind: .repointProduct(name: name, from: reference), line: call.line, text: call.text))
    edits.append(TextEdit(start: token.start, end: token.end, replacement: "\"\(identity)\""))
  }

  // MARK: - Ranges

  /// The bytes of the lines from token `first` to token `last`, when they have those lines to
  /// themselves (a `//` comment after them goes with them); nil otherwise.
  func wholeLines(first: Int, last: Int) -> Range<Int>? {
    wholeLines(from: source.tokens[first].start, to: source.tokens[last].end)
  }

  func wholeLines(from start: Int, to end: Int) -> Range<Int>? {
    let lineStart = source.lineStart(of: start)
    guard (lineStart..<start).allSatisfy(source.isBlank) else { return nil }
    var lineEnd = end
    while source.isBlank(at: lineEnd) { lineEnd += 1 }
    if lineEnd + 1 < source.bytes.count, source.bytes[lineEnd] == UInt8(ascii: "/"),
      source.bytes[lineEnd + 1] == UInt8(ascii: "/")
    {
      while lineEnd < source.bytes.count, !source.isLineBreak(at: lineEnd) { lineEnd += 1 }
    }
    guard lineEnd == source.bytes.count || source.isLineBreak(at: lineEnd) else { return nil }
    return lineStart..<source.afterLineBreak(at: lineEnd)
  }

  /// Where the removal of the lines `range` should end so as not to leave two blank lines where
  /// there was one on each side: after the blank line that follows, when a blank line precedes.
  func blankLineBetweenBlankLines(after range: Range<Int>) -> Int {
    let end = range.upperBound
    guard range.lowerBound > 0, end < source.bytes.count else { return end }
    // The line before is blank when the removed lines start right after a line break that
    // itself follows a line break (blanks between allowed).
    var before = range.lowerBound - 1
    if source.bytes[before] == UInt8(ascii: "\n"), before > 0,
      source.bytes[before - 1] == UInt8(ascii: "\r")
    {
      before -= 1
    }
    var previous = before - 1
    while previous >= 0, source.isBlank(at: previous) { previous -= 1 }
    guard previous < 0 || source.isLineBreak(at: previous) else { return end }
    var next = end
    while source.isBlank(at: next) { next += 1 }
    guard source.isLineBreak(at: next) else { return end }
    return source.afterLineBreak(at: next)
  }

  /// The edits that drop `dropped` (elements, by their first and last token) from the array
  /// literal whose `[` is token `list`: each run of adjacent dropped elements goes with the
  /// comma after it, or, last in a list without a trailing comma, with the comma before it; or
  /// with its whole lines, when it has them to itself (the comma before then stays, a trailing
  /// comma, which an array literal allows).
  func listEdits(list: Int, dropping dropped: [ClosedRange<Int>]) -> [TextEdit] {
    guard let close = source.matching[list] else { return [] }
    let split = source.elements(between: list, and: close)
    let elements = split.map { $0.tokens.lowerBound...($0.tokens.upperBound - 1) }
    let commas = split.compactMap(\.comma)
    let droppedIndices = elements.indices.filter { dropped.contains(elements[$0]) }

    var edits: [TextEdit] = []
    var runStart = 0
    while runStart < droppedIndices.count {
      var runEnd = runStart
      while runEnd + 1 < droppedIndices.count,
        droppedIndices[runEnd + 1] == droppedIndices[runEnd] + 1
      {
        runEnd += 1
      }
      let a = droppedIndices[runStart]
      let b = droppedIndices[runEnd]
      runStart = runEnd + 1
      let firstByte = source.tokens[elements[a].lowerBound].start
      let commaAfter = b < commas.count ? commas[b] : nil
      let lastByte = source.tokens[commaAfter ?? elements[b].upperBound].end
      if let lines = wholeLines(from: firstByte, to: lastByte) {
        edits.append(TextEdit(start: lines.lowerBound, end: lines.upperBound, replacement: ""))
      } else if commaAfter != nil {
        var end = lastByte
        while source.isBlank(at: end) { end += 1 }
        var begin = firstByte
        if end == source.bytes.count || source.isLineBreak(at: end) {
          while begin > 0, source.isBlank(at: begin - 1) { begin -= 1 }
        }
        edits.append(TextEdit(start: begin, end: end, replacement: ""))
      } else if a > 0 {
        edits.append(
          TextEdit(start: source.tokens[commas[a - 1]].start, end: lastByte, replacement: ""))
      } else {
        edits.append(TextEdit(start: firstByte, end: lastByte, replacement: ""))
      }
    }
    return edits
  }
}
