import DependenciesMacrosPluginCore

/// Where test sources claim to be, so that `#sourceLocation` directives are written.
let testLocation = SourceText.Location(
  fileID: "Tests/Test.swift", fileName: "/tmp/Test.swift", offset: 0, line: 1, column: 1)

/// Reads `type` as a whole type (nothing may follow it): the reader after it, and the type.
func readWholeType(_ type: String) throws(ReadError) -> (SyntaxReader, TypeSyntax) {
  var reader = try SyntaxReader(SourceText(type))
  let syntax = try reader.readType()
  try reader.expectEnd("after the type")
  return (reader, syntax)
}

/// Expands a macro attached to the declaration `declaration`, as the compiler asks for one role:
/// the attribute is the declaration's first attribute unless given.
func expand(
  _ typeName: String, _ role: MacroRole, _ declaration: String, attribute: String? = nil,
  parent: String? = nil, lexicalContext: [String] = []
) -> MacroExpansion {
  let declarationText = SourceText(declaration, location: testLocation)
  let attributeText: SourceText
  if let attribute {
    attributeText = SourceText(attribute, location: testLocation)
  } else {
    // The declaration's first attribute, with its position in the declaration.
    var reader = try! SyntaxReader(declarationText)
    let first = try! reader.readAttribute()
    let prefix = String(decoding: declarationText.bytes[..<first.range.upperBound], as: UTF8.self)
    attributeText = SourceText(prefix, location: testLocation)
  }
  let input = AttachedMacroInput(
    role: role, attribute: attributeText, declaration: declarationText,
    parent: parent.map { SourceText($0, location: testLocation) },
    lexicalContext: lexicalContext.map { SourceText($0) })
  return Macros.expandAttached(typeName: typeName, input)!
}

extension Diagnostic {
  /// `line:column: severity: first line of the message`, in the test source's numbering.
  var summary: String {
    let (line, column) = node.source.lineAndColumn(of: node.range.lowerBound)
    let firstLine = message.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    return "\(line):\(column): \(severity.rawValue): \(firstLine)"
  }
}

extension MacroExpansion {
  var summaries: [String] { diagnostics.map(\.summary) }
}
