import DependenciesMacrosPluginCore
import Testing

/// What a test expects of a closure type.
struct ClosureShape: CustomTestStringConvertible, Sendable {
  var type: String
  var parameters: [String]
  var labels: [String?] = []
  var effects: String? = nil
  var thrown: String? = nil
  var returns: String
  var returnsVoid = false
  var returnsOptional = false
  var inoutIndices: [Int] = []
  var autoclosure: [Int] = []
  var variadic: [Int] = []

  var testDescription: String { type }
}

@Suite struct TypeReaderTests {
  @Test(
    "Closure types as users write them",
    arguments: [
      ClosureShape(type: "() -> Void", parameters: [], returns: "Void", returnsVoid: true),
      ClosureShape(type: "() -> ()", parameters: [], returns: "()", returnsVoid: true),
      ClosureShape(
        type: "@Sendable (_ id: Int) async throws -> User", parameters: ["Int"], labels: ["id"],
        effects: "async throws", returns: "User"),
      ClosureShape(
        type: "(String, _ id: Int, _ progress: Float) async -> Void",
        parameters: ["String", "Int", "Float"], labels: [nil, "id", "progress"],
        effects: "async", returns: "Void", returnsVoid: true),
      ClosureShape(
        type: "@MainActor @Sendable (_ id: Int) async -> Void", parameters: ["Int"],
        labels: ["id"], effects: "async", returns: "Void", returnsVoid: true),
      ClosureShape(
        type: "(_ id: Int) throws(FetchError) -> User", parameters: ["Int"], labels: ["id"],
        effects: "throws(FetchError)", thrown: "FetchError", returns: "User"),
      ClosureShape(
        type: "() async throws(any Error) -> [String: [User]]", parameters: [],
        effects: "async throws(any Error)", thrown: "any Error", returns: "[String: [User]]"),
      ClosureShape(
        type: "(Int) -> Int?", parameters: ["Int"], labels: [nil], returns: "Int?",
        returnsOptional: true),
      ClosureShape(
        type: "() -> Optional<Int>", parameters: [], returns: "Optional<Int>",
        returnsOptional: true),
      ClosureShape(
        type: "() -> () -> Void", parameters: [], returns: "() -> Void"),
      ClosureShape(
        type: "(@escaping (Int) -> Void) -> (String, Int)", parameters: ["@escaping (Int) -> Void"],
        labels: [nil], returns: "(String, Int)"),
      ClosureShape(
        type: "(_ a: inout Int, _ b: Int, _ c: inout Bool) -> String",
        parameters: ["inout Int", "Int", "inout Bool"], labels: ["a", "b", "c"],
        returns: "String", inoutIndices: [0, 2]),
      ClosureShape(
        type: "(_ a: @autoclosure () -> Int, _ b: () -> Int) -> Void",
        parameters: ["@autoclosure () -> Int", "() -> Int"], labels: ["a", "b"],
        returns: "Void", returnsVoid: true, autoclosure: [0]),
      ClosureShape(
        type: "(_ values: Int..., String) -> Void", parameters: ["Int", "String"],
        labels: ["values", nil], returns: "Void", returnsVoid: true, variadic: [0]),
      ClosureShape(
        type: "(some Collection<Int>, any P & Q) -> Array<Array<Int>>?",
        parameters: ["some Collection<Int>", "any P & Q"], labels: [nil, nil],
        returns: "Array<Array<Int>>?", returnsOptional: true),
      ClosureShape(
        type: "(ServerRoute.Api.Route) async throws -> (Data, URLResponse)",
        parameters: ["ServerRoute.Api.Route"], labels: [nil], effects: "async throws",
        returns: "(Data, URLResponse)"),
      ClosureShape(
        type: "(T.Type, [3 of UInt8], Result<T, E>.Success) -> T",
        parameters: ["T.Type", "[3 of UInt8]", "Result<T, E>.Success"], labels: [nil, nil, nil],
        returns: "T"),
      ClosureShape(
        type: "nonisolated(nonsending) () async -> Void", parameters: [], effects: "async",
        returns: "Void", returnsVoid: true),
      ClosureShape(
        type: "@Sendable (\n  _ id: Int,  // the id\n  _ name: String\n) async throws\n  -> User",
        parameters: ["Int", "String"], labels: ["id", "name"], effects: "async throws",
        returns: "User"),
      ClosureShape(
        type: "(sending T, borrowing U, consuming V) -> ~Copyable",
        parameters: [
          "sending T", "borrowing U", "consuming V",
        ], labels: [nil, nil, nil], returns: "~Copyable"),
    ])
  func closures(_ shape: ClosureShape) throws {
    let (reader, type) = try readWholeType(shape.type)
    let closure = try #require(type.functionType)
    #expect(closure.parameters.map { reader.text($0.type.range) } == shape.parameters)
    if !shape.labels.isEmpty {
      #expect(closure.parameters.map { $0.secondName?.text } == shape.labels)
    }
    #expect(closure.effectsRange.map(reader.text) == shape.effects)
    #expect(closure.thrownType.map { reader.text($0.range) } == shape.thrown)
    #expect(reader.text(closure.returnType.range) == shape.returns)
    #expect(
      closure.parameters.indices.filter { closure.parameters[$0].isInout } == shape.inoutIndices)
    #expect(
      closure.parameters.indices.filter { closure.parameters[$0].isAutoclosure }
        == shape.autoclosure)
    #expect(
      closure.parameters.indices.filter { closure.parameters[$0].ellipsis != nil }
        == shape.variadic)
    #expect(reader.text(type.range) == shape.type)
  }

  @Test(
    "Types that are not closures",
    arguments: [
      "(() -> Void)?", "(() -> Void)", "[() -> Void]", "Int", "Swift.Int", "Bool?",
      "Dictionary<String, [Int]>", "any APIClient", "some View", "(Int, String)",
      "[String: Int]!", "P & Q", "Int.Type", "repeat each T", "_",
    ])
  func nonClosures(type: String) throws {
    let (reader, syntax) = try readWholeType(type)
    #expect(syntax.functionType == nil)
    #expect(reader.text(syntax.range) == type)
  }

  @Test(
    "What is not a type is an error at its place",
    arguments: [
      ("(Int", "expected ')' to close the parenthesized type", 4),
      ("Array<Int", "expected '>' to close the generic arguments", 9),
      ("() async", "expected '->' in the function type", 8),
      ("= 5", "expected a type, found '='", 0),
      ("[Int", "expected ']' to close the collection type", 4),
    ])
  func errors(type: String, message: String, offset: Int) {
    do {
      _ = try readWholeType(type)
      Issue.record("read \(type)")
    } catch {
      #expect(error.message == message)
      #expect(error.range.lowerBound == offset)
    }
  }
}
