/// A mutable value isolated to an actor, for state shared between tasks that is read with `await`.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// await withTaskGroup(of: Void.self) { group in
///   group.addTask { await events.withValue { $0.append("a") } }
///   group.addTask { await events.withValue { $0.append("b") } }
/// }
/// #expect(await events.value.count == 2)
/// ```
///
/// In a test, record the calls made to an overridden dependency:
///
/// ```swift
/// let tracked = ActorIsolated<[String]>([])
/// await withDependencies {
///   $0.analytics.track = { event in await tracked.withValue { $0.append(event) } }
/// } operation: {
///   await CheckoutModel().buyButtonTapped()
/// }
/// #expect(await tracked.value == ["buy"])
/// ```
///
/// When the state is accessed synchronously, prefer ``LockIsolated``.
///
/// Deprecated, as in the classic module, with the same message: ``LockIsolated`` does the same
/// without `await`.
@available(*, deprecated, message: "Use 'LockIsolated' instead.")
public final actor ActorIsolated<Value> {
  /// The value. Read it with `await isolated.value`.
  public var value: Value

  /// Creates an actor-isolated value.
  ///
  /// ```swift
  /// let isolated = ActorIsolated(0)
  /// ```
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Reads and mutates the value on the actor, returning what `operation` returns.
  ///
  /// ```swift
  /// await counter.withValue { $0 += 1 }
  /// ```
  public func withValue<T>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  ///
  /// ```swift
  /// await isolated.setValue(42)
  /// ```
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try newValue()
  }
}
