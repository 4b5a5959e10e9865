#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks Swift Testing which test case is running on the current task, without linking it.
///
/// The core module must not link Testing, yet a classic user expects every `@Test` (and every
/// argument of a parameterized test) to get its own cached default values with no trait. In a test
/// process the Testing library is loaded, so its public API can be reached dynamically:
///
/// - the types `Testing.Test` and `Testing.Test.Case` are found by mangled name;
/// - the getters `Test.current` and `Test.Case.current` are found by symbol. Both return a
///   resilient struct, which the Swift calling convention returns indirectly, exactly as a thin
///   generic function `() -> T?` does; so the getters are called through that type, with `T` bound
///   to the runtime type;
/// - the test's identity is its public `Identifiable.id`; a test case's is read by reflection from
///   its stored kind (its arguments' ids and discriminator), since `Test.Case.ID` is not public API.
///
/// Anything not found (another Testing version, no Testing at all) yields nil, and the caller
/// falls back loudly (see `_TestCaches`). Used only in test processes, never on a live read path.
enum _SwiftTestingBridge {
  private struct Entry {
    let testType: Any.Type
    let caseType: Any.Type
    let testCurrent: UnsafeMutableRawPointer
    let caseCurrent: UnsafeMutableRawPointer
  }

  /// Resolved once. Immutable after initialisation, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static let entry: Entry? = {
    guard let testType = _typeByName("7Testing4TestV"),
      let caseType = _typeByName("7Testing4TestV4CaseV"),
      let process = dlopen(nil, RTLD_NOW),
      let testCurrent = dlsym(process, "$s7Testing4TestV7currentACSgvgZ"),
      let caseCurrent = dlsym(process, "$s7Testing4TestV4CaseV7currentAESgvgZ")
    else { return nil }
    return Entry(
      testType: testType, caseType: caseType, testCurrent: testCurrent, caseCurrent: caseCurrent)
  }()

  /// Whether the Testing library could be reached at all.
  static var isAvailable: Bool { entry != nil }

  /// An identity of the Swift Testing test case running on this task, or nil outside one.
  static func currentTestCase() -> AnyHashable? {
    guard let entry else { return nil }
    func currentTest<T>(_: T.Type) -> Any? { call(entry.testCurrent, returning: T.self) }
    func currentCase<T>(_: T.Type) -> Any? { call(entry.caseCurrent, returning: T.self) }
    guard let test = _openExistential(entry.testType, do: currentTest),
      let identifiable = test as? any Identifiable
    else { return nil }
    let testCase = _openExistential(entry.caseType, do: currentCase)
    return AnyHashable(
      TestCaseIdentity(test: identity(of: identifiable), testCase: testCase.map(identity(ofCase:))))
  }

  /// Calls a static getter that returns `T?` (see the type's documentation for why this is sound).
  private static func call<T>(_ getter: UnsafeMutableRawPointer, returning: T.Type) -> T? {
    unsafeBitCast(getter, to: (@convention(thin) () -> T?).self)()
  }

  private struct TestCaseIdentity: Hashable {
    var test: AnyHashable
    var testCase: AnyHashable?
  }

  private static func identity<T: Identifiable>(of test: T) -> AnyHashable {
    AnyHashable(test.id)
  }

  /// `Test.Case` stores `_kind`: `.nonParameterized`, or `.parameterized(arguments:discriminator:…)`
  /// where each argument has an `id` holding `bytes`. Those bytes and the discriminator name the case;
  /// if the layout is not as expected, the case's full reflection does.
  private static func identity(ofCase testCase: Any) -> AnyHashable {
    guard let kind = Mirror(reflecting: testCase).descendant("_kind") else {
      return AnyHashable(String(reflecting: testCase))
    }
    guard let payload = Mirror(reflecting: kind).children.first?.value else {
      return AnyHashable(String(reflecting: kind))  // `.nonParameterized`
    }
    let payloadMirror = Mirror(reflecting: payload)
    guard let arguments = payloadMirror.descendant("arguments") else {
      return AnyHashable(String(reflecting: kind))
    }
    var ids: [[UInt8]] = []
    for argument in Mirror(reflecting: arguments).children {
      guard let bytes = Mirror(reflecting: argument.value).descendant("id", "bytes") as? [UInt8]
      else { return AnyHashable(String(reflecting: kind)) }
      ids.append(bytes)
    }
    let discriminator = payloadMirror.descendant("discriminator") as? Int
    return AnyHashable(CaseIdentity(argumentIDs: ids, discriminator: discriminator))
  }

  private struct CaseIdentity: Hashable {
    var argumentIDs: [[UInt8]]
    var discriminator: Int?
  }
}
