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
  /// An identity of the Swift Testing test case running on this task, or nil outside one.
  static func currentTestCase() -> AnyHashable? {
    guard let test = SwiftTestingRuntime.currentTest(),
      let identifiable = test as? any Identifiable
    else { return nil }
    let testCase = SwiftTestingRuntime.currentTestCase()
    return AnyHashable(
      TestCaseIdentity(test: identity(of: identifiable), testCase: testCase.map(identity(ofCase:))))
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
