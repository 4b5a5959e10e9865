/// How `_SwiftTestingBridge` names a Swift Testing `Test.Case`, whose identity (`Test.Case.ID`) is
/// not public API: by reflection of its stored kind, checking every fact of the layout it reads.
///
/// The layout expected (Swift Testing 6.x, checked by `SwiftTestingLayoutTests` on the toolchain
/// the package is tested with):
///
/// ```swift
/// struct Case {
///   var _kind: _Kind
///   enum _Kind {
///     case nonParameterized
///     case parameterized(arguments: [Argument], discriminator: Int, isStable: Bool)
///   }
/// }
/// struct Argument { var id: ID /* struct ID { var bytes: [UInt8] } */ … }
/// ```
///
/// The arguments' id bytes and the discriminator name a case of a parameterized test, as they make
/// Testing's own `Test.Case.ID`; the storage of the `arguments` array, which Testing creates for the
/// case and releases when it ends, is the case's owner. Anything else is unexpected (`Unexpected`):
/// the bridge then names the case by its full reflection.
enum _SwiftTestingCaseLayout {
  /// A case named as expected.
  struct Named {
    /// The case's identity within its test.
    var identity: AnyHashable
    /// An object that lives as long as the case, for a case of a parameterized test.
    var owner: AnyObject?
  }

  /// `testCase` named as expected, or what is not as expected.
  static func name(_ testCase: Any) -> Result<Named, Unexpected> {
    guard let kind = Mirror(reflecting: testCase).descendant("_kind") else {
      return .failure(
        Unexpected(
          fact: "Test.Case._kind", expected: "Test.Case to store `_kind`",
          found: describe(testCase)))
    }
    let kindMirror = Mirror(reflecting: kind)
    guard kindMirror.displayStyle == .enum else {
      return .failure(
        Unexpected(
          fact: "Test.Case._kind", expected: "`_kind` to be an enum", found: describe(kind)))
    }
    guard let payload = kindMirror.children.first else {
      let name = String(describing: kind)
      guard name == "nonParameterized" else {
        return .failure(
          Unexpected(
            fact: "Test.Case._kind cases",
            expected: "the case of `_kind` without a payload to be `.nonParameterized`",
            found: "`.\(name)`, of \(typeName(kind))"))
      }
      return .success(Named(identity: AnyHashable(NonParameterized()), owner: nil))
    }
    guard payload.label == "parameterized" else {
      return .failure(
        Unexpected(
          fact: "Test.Case._kind cases",
          expected: "the case of `_kind` with a payload to be `.parameterized`",
          found: "`.\(payload.label ?? "?")`, of \(typeName(kind))"))
    }
    return parameterized(payload.value)
  }

  /// The name of a case of a parameterized test, from `payload`, the `.parameterized` payload.
  private static func parameterized(_ payload: Any) -> Result<Named, Unexpected> {
    let payloadMirror = Mirror(reflecting: payload)
    guard let arguments = payloadMirror.descendant("arguments"),
      let owner = arrayStorage(of: arguments)
    else {
      return .failure(
        Unexpected(
          fact: "Test.Case._kind.parameterized.arguments",
          expected: "`.parameterized` to carry `arguments`, a non-empty array",
          found: describe(payload)))
    }
    guard let discriminator = payloadMirror.descendant("discriminator") as? Int else {
      return .failure(
        Unexpected(
          fact: "Test.Case._kind.parameterized.discriminator",
          expected: "`.parameterized` to carry `discriminator`, an Int",
          found: describe(payload)))
    }
    var ids: [[UInt8]] = []
    for argument in Mirror(reflecting: arguments).children {
      guard let bytes = Mirror(reflecting: argument.value).descendant("id", "bytes") as? [UInt8]
      else {
        let id = Mirror(reflecting: argument.value).descendant("id")
        return .failure(
          Unexpected(
            fact: "Test.Case.Argument.id.bytes",
            expected: "each argument of a case to have `id.bytes`, a [UInt8]",
            found: id.map { "an argument whose `id` is \(describe($0))" }
              ?? "an argument that is \(describe(argument.value))"))
      }
      ids.append(bytes)
    }
    return .success(
      Named(
        identity: AnyHashable(Parameterized(argumentIDs: ids, discriminator: discriminator)),
        owner: owner))
  }

  /// A fact of the layout that is not as expected.
  struct Unexpected: Error {
    var fact: String
    var expected: String
    var found: String
  }

  private struct NonParameterized: Hashable {}

  private struct Parameterized: Hashable {
    var argumentIDs: [[UInt8]]
    var discriminator: Int
  }

  /// The heap object that stores the elements of `value` when it is a non-empty native array (an
  /// `Array` is exactly one reference to its storage), or nil.
  private static func arrayStorage(of value: Any) -> AnyObject? {
    func storage<V>(_ array: V) -> AnyObject? {
      guard MemoryLayout<V>.size == MemoryLayout<AnyObject>.size,
        _typeName(V.self).hasPrefix("Swift.Array<"),
        (array as? any Collection)?.isEmpty == false
      else { return nil }
      return unsafeBitCast(array, to: AnyObject.self)
    }
    return _openExistential(value, do: storage)
  }

  /// What `value` is, for a message: its type and the labels of what it stores (never the values,
  /// which may be large or private).
  private static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let labels = mirror.children.enumerated().map { index, child in
      "`\(child.label ?? ".\(index)")`"
    }
    let style = mirror.displayStyle.map { " (\($0))" } ?? ""
    guard !labels.isEmpty else { return "\(typeName(value))\(style), which stores nothing" }
    return "\(typeName(value))\(style), which stores \(labels.joined(separator: ", "))"
  }

  private static func typeName(_ value: Any) -> String {
    "`\(String(reflecting: type(of: value)))`"
  }
}
