/// Asks Swift Testing which test case is running on the current task, without linking it.
///
/// The core module must not link Testing, yet a classic user expects every `@Test` (and every
/// argument of a parameterized test) to get its own cached default values with no trait. In a test
/// process the Testing library is loaded, and IssueReporting's `SwiftTestingRuntime` (the one place
/// that names Testing's symbols) returns the running `Test` and `Test.Case` values; this type turns
/// them into an identity:
///
/// - the test's identity is its public `Identifiable.id`;
/// - a test case's is read by reflection from its stored kind (its arguments' ids and
///   discriminator), since `Test.Case.ID` is not public API.
///
/// Anything not found (another Testing version, no Testing at all) yields nil, and the caller
/// falls back loudly (see `_TestCaches`). Used only in test processes, never on a live read path.
enum _SwiftTestingBridge {
  /// The Swift Testing test case running on this task, or nil outside one.
  struct RunningCase {
    /// The case's identity: its test's id and, for one argument of a parameterized test, the
    /// argument's.
    var identity: AnyHashable
    /// An object that lives exactly as long as the running case, when there is one: the storage
    /// of the arguments of one case of a parameterized test, which Swift Testing creates for the
    /// case and releases when it ends. Nil for a test that is not parameterized (which lives as long
    /// as the run).
    var owner: AnyObject?
  }

  /// The Swift Testing test case running on this task, or nil outside one.
  static func currentTestCase() -> RunningCase? {
    guard let test = SwiftTestingRuntime.currentTest(),
      let identifiable = test as? any Identifiable
    else { return nil }
    let testCase = SwiftTestingRuntime.currentTestCase()
    let caseIdentity = testCase.map(identity(ofCase:))
    return RunningCase(
      identity: AnyHashable(
        TestCaseIdentity(test: identity(of: identifiable), testCase: caseIdentity?.identity)),
      owner: caseIdentity?.owner)
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
  /// if the layout is not as expected, the case's full reflection does. The `arguments` array's
  /// storage is the case's owner.
  private static func identity(ofCase testCase: Any) -> (identity: AnyHashable, owner: AnyObject?) {
    guard let kind = Mirror(reflecting: testCase).descendant("_kind") else {
      return (AnyHashable(String(reflecting: testCase)), nil)
    }
    guard let payload = Mirror(reflecting: kind).children.first?.value else {
      return (AnyHashable(String(reflecting: kind)), nil)  // `.nonParameterized`
    }
    let payloadMirror = Mirror(reflecting: payload)
    guard let arguments = payloadMirror.descendant("arguments") else {
      return (AnyHashable(String(reflecting: kind)), nil)
    }
    let owner = arrayStorage(of: arguments)
    var ids: [[UInt8]] = []
    for argument in Mirror(reflecting: arguments).children {
      guard let bytes = Mirror(reflecting: argument.value).descendant("id", "bytes") as? [UInt8]
      else { return (AnyHashable(String(reflecting: kind)), owner) }
      ids.append(bytes)
    }
    let discriminator = payloadMirror.descendant("discriminator") as? Int
    return (AnyHashable(CaseIdentity(argumentIDs: ids, discriminator: discriminator)), owner)
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

  private struct CaseIdentity: Hashable {
    var argumentIDs: [[UInt8]]
    var discriminator: Int?
  }
}
