extension DependencyValues {
  /// An assertion that stops a debug build of the application, but fails the test in tests.
  ///
  /// Use it instead of `assert` in code that tests exercise, so that a violated assertion is a
  /// test failure rather than a crash of the whole test process:
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  ///
  /// func remove(at index: Int) {
  ///   assert(items.indices.contains(index), "Index \(index) is out of range")
  ///   items.remove(at: index)
  /// }
  /// ```
  ///
  /// In a test the failure is reported as an issue at the place of the assertion:
  ///
  /// ```swift
  /// @Test func removeOutOfRange() {
  ///   withKnownIssue {
  ///     model.remove(at: 99)
  ///   }
  /// }
  /// ```
  ///
  /// The live value calls `Swift.assert`; the test value reports an issue when the condition is
  /// false. Override it with your own ``AssertionEffect`` to do something else.
  public var assert: any AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// An unconditional assertion failure built on ``assert``: it stops a debug build of the
  /// application, and fails the test in tests.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  ///
  /// default:
  ///   assertionFailure("Unexpected state \(state)")
  /// ```
  ///
  /// In a test, the failure is reported as an issue:
  ///
  /// ```swift
  /// withKnownIssue { model.handle(.unexpected) }
  /// ```
  public var assertionFailure: any AssertionFailureEffect {
    _AssertionFailureEffect(base: assert)
  }

  /// A precondition that stops the application (in every build configuration), but fails the test
  /// in tests.
  ///
  /// ```swift
  /// @Dependency(\.precondition) var precondition
  /// precondition(!queue.isEmpty, "The queue must not be empty")
  /// ```
  ///
  /// In a test:
  ///
  /// ```swift
  /// withKnownIssue { model.dequeue() }  // reports "The queue must not be empty"
  /// ```
  ///
  /// The live value calls `Swift.precondition`; the test value reports an issue when the
  /// condition is false.
  public var precondition: any AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}

/// Checks a condition: the type of the ``DependencyValues/assert`` and
/// ``DependencyValues/precondition`` dependencies.
///
/// Call it like the standard library's `assert`:
///
/// ```swift
/// @Dependency(\.assert) var assert
/// assert(count >= 0, "Count must not be negative")
/// ```
///
/// Conform to it to decide what a failed check does, and install the conformance in a test:
///
/// ```swift
/// struct CountingAssertion: AssertionEffect {
///   let failures: LockIsolated<Int>
///   func callAsFunction(
///     _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
///     file: StaticString, line: UInt
///   ) {
///     if !condition() { failures.withValue { $0 += 1 } }
///   }
/// }
///
/// withDependencies {
///   $0.assert = CountingAssertion(failures: failures)
/// } operation: { … }
/// ```
public protocol AssertionEffect: Sendable {
  /// Checks `condition`, acting on `message` when it is false.
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`, with an optional message, at the caller's location.
  ///
  /// ```swift
  /// assert(isValid)
  /// assert(isValid, "The form must be valid")
  /// ```
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(condition(), message(), file: file, line: line)
  }
}

/// Fails unconditionally: the type of the ``DependencyValues/assertionFailure`` dependency.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("Unreachable")
/// ```
///
/// In a test it reports an issue:
///
/// ```swift
/// withKnownIssue { assertionFailure("Unreachable") }
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Fails with `message`.
  func callAsFunction(
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionFailureEffect {
  /// Fails with an optional message, at the caller's location.
  ///
  /// ```swift
  /// assertionFailure()
  /// assertionFailure("Unreachable")
  /// ```
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(message(), file: file, line: line)
  }
}

/// `Swift.assert`: checked in debug builds only.
private struct _LiveAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

/// `Swift.precondition`: checked in every build configuration but `-Ounchecked`.
private struct _LivePreconditionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

/// Reports an issue at the place of the check when the condition is false.
private struct _ReportingAssertionEffect: AssertionEffect {
  let kind: String

  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    guard !condition() else { return }
    let message = message()
    reportIssue(
      message.isEmpty ? "\(kind) failed" : message,
      fileID: file, filePath: file, line: line, column: 1)
  }
}

/// An assertion failure expressed as a failing check of `base`.
private struct _AssertionFailureEffect: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    base(false, message(), file: file, line: line)
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue: any AssertionEffect = _LiveAssertionEffect()
  static let testValue: any AssertionEffect = _ReportingAssertionEffect(kind: "Assertion")
}

private enum PreconditionKey: DependencyKey {
  static let liveValue: any AssertionEffect = _LivePreconditionEffect()
  static let testValue: any AssertionEffect = _ReportingAssertionEffect(kind: "Precondition")
}
