/// Where an expression the edit drops stands in the manifest, which decides what goes with it.
///
/// The edit drops an expression (a satellite's `.package(…)`, or a variable that holds one)
/// only where removing it leaves valid Swift that means the same minus that package:
///
/// - an element of an array literal (`dependencies: [a, .package(…), b]`): the element and one
///   comma beside it go, or its whole lines when it has them to itself;
/// - the only argument of a call that is a statement of its own lines
///   (`package.dependencies.append(.package(…))`): the statement's lines go;
/// - the value of a `let` or `var` declaration of its own lines
///   (`let clocks: Package.Dependency = .package(…)`): the declaration's lines go, and each
///   use of the name must be dropped too.
///
/// Anywhere else (`cond ? .package(…) : other`, a function's argument) it is left to the user.
enum DropSite: Equatable {
  /// An element of the array literal whose `[` is token `list`, from token `first` to `last`.
  case listElement(list: Int, first: Int, last: Int)
  /// A statement from token `first` to token `last`, on lines of its own.
  case statement(first: Int, last: Int)
  /// A `let` or `var` declaration from token `first` to `last` declaring `name` (token
  /// `nameIndex`), on lines of its own.
  case declaration(first: Int, last: Int, name: String, nameIndex: Int)

  /// The site of the expression from token `first` to token `last` of `source`, if the edit
  /// can drop it there.
  static func of(first: Int, last: Int, in source: ManifestSource) -> DropSite? {
    let before = first - 1
    let after = last + 1
    if let list = source.enclosingBracket(of: first), source.isPunctuation(list, "["),
      source.isPunctuation(before, "[") || source.isPunctuation(before, ","),
      source.isPunctuation(after, "]") || source.isPunctuation(after, ",")
    {
      return .listElement(list: list, first: first, last: last)
    }
    if source.isPunctuation(before, "("), source.matching[before] == after,
      source.tokens[before - 1].kind == .identifier
    {
      // `a.b.append(<expression>)`: the callee is names joined by `.`.
      var start = before - 1
      while source.isPunctuation(start - 1, "."), start >= 2,
        source.tokens[start - 2].kind == .identifier
      {
        start -= 2
      }
      guard startsStatement(start, in: source), endsStatement(after + 1, in: source) else {
        return nil
      }
      return .statement(first: start, last: after)
    }
    if before > 0, source.tokens[before].kind == .operator, source.text(before) == "=",
      let declaration = declarationKeyword(before: before, in: source),
      startsStatement(declaration, in: source), endsStatement(after, in: source)
    {
      return .declaration(
        first: declaration, last: last, name: source.text(declaration + 1),
        nameIndex: declaration + 1)
    }
    return nil
  }

  /// The `let` or `var` of `let name = …` or `let name: Type = …` whose `=` is token `equals`.
  private static func declarationKeyword(before equals: Int, in source: ManifestSource) -> Int? {
    func isDeclaration(_ keyword: Int) -> Bool {
      keyword >= 0 && (source.isKeyword(keyword, .let) || source.isKeyword(keyword, .var))
        && source.tokens[keyword + 1].kind == .identifier
    }
    if isDeclaration(equals - 2) { return equals - 2 }
    // A type annotation: names, `.`, `?`, `!`, `[`, `]`, `<`, `>`, back to its `:`.
    var colon = equals - 1
    while colon > 2, !source.isPunctuation(colon, ":"), !source.tokens[colon].newlineBefore,
      source.tokens[colon].kind == .identifier || source.isPunctuation(colon, ".")
        || source.isPunctuation(colon, "[") || source.isPunctuation(colon, "]")
        || source.tokens[colon].kind == .operator
    {
      colon -= 1
    }
    guard source.isPunctuation(colon, ":"), isDeclaration(colon - 2) else { return nil }
    return colon - 2
  }

  /// Whether token `index` starts a statement: the first of the file or of its line, or after
  /// `;`, `{` or `}`.
  static func startsStatement(_ index: Int, in source: ManifestSource) -> Bool {
    index == 0 || source.tokens[index].newlineBefore || source.isPunctuation(index - 1, ";")
      || source.isPunctuation(index - 1, "{") || source.isPunctuation(index - 1, "}")
  }

  /// Whether a statement ends before token `index`: the end of the file, a line break, `;` or
  /// `}`.
  static func endsStatement(_ index: Int, in source: ManifestSource) -> Bool {
    source.tokens[index].kind == .endOfFile || source.tokens[index].newlineBefore
      || source.isPunctuation(index, ";") || source.isPunctuation(index, "}")
  }
}
