extension DependencyValues {
  /// Runs work without waiting for it in the application, but waits for it in tests.
  ///
  /// Use it for work a feature should not wait on, such as analytics or cache warming, so that
  /// tests can still observe that the work happened:
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  ///
  /// func purchaseButtonTapped() async {
  ///   await fireAndForget {
  ///     try await analytics.track("purchase")
  ///   }
  ///   // continues at once in the application
  /// }
  /// ```
  ///
  /// In a test the work has finished when `fireAndForget` returns:
  ///
  /// ```swift
  /// @Test func tracksPurchase() async {
  ///   let events = LockIsolated<[String]>([])
  ///   await withDependencies {
  ///     $0.analytics.track = { event in events.withValue { $0.append(event) } }
  ///   } operation: {
  ///     await PurchaseModel().purchaseButtonTapped()
  ///   }
  ///   #expect(events.value == ["purchase"])
  /// }
  /// ```
  ///
  /// The live value starts an unstructured `Task` (which inherits the current dependencies and
  /// ignores errors). The test value runs the work in a task it awaits (so cancelling the caller
  /// does not cancel the work), reporting any error it throws as an issue.
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Runs work without the caller waiting on it: the value of ``DependencyValues/fireAndForget``.
///
/// ```swift
/// await fireAndForget(priority: .background) {
///   try await cache.prune()
/// }
/// ```
///
/// In a test, replace it to record the work instead of running it:
///
/// ```swift
/// let fired = LockIsolated(0)
/// await withDependencies {
///   $0.fireAndForget = FireAndForget { _, _, _ in fired.withValue { $0 += 1 } }
/// } operation: {
///   await model.appeared()
/// }
/// ```
public struct FireAndForget: Sendable {
  /// Runs the work given its task name and priority.
  public let operation:
    @Sendable (String?, TaskPriority?, @Sendable @escaping () async throws -> Void) async -> Void

  /// Creates a fire-and-forget effect from how it runs work.
  ///
  /// ```swift
  /// let inline = FireAndForget { _, _, work in try? await work() }
  /// ```
  public init(
    operation:
      @escaping @Sendable (
        String?, TaskPriority?, @Sendable @escaping () async throws -> Void
      ) async -> Void
  ) {
    self.operation = operation
  }

  /// Runs `operation`: in the application without waiting for it, in tests to completion.
  ///
  /// ```swift
  /// await fireAndForget { try await analytics.track("opened") }
  /// ```
  public func callAsFunction(
    name: String? = nil,
    priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @Sendable @escaping () async throws -> Void
  ) async {
    await self.operation(name, priority, operation)
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { name, priority, operation in
    _ = _startTask(name: name, priority: priority) { try? await operation() }
  }
  static let testValue = FireAndForget { name, priority, operation in
    await _startTask(name: name, priority: priority) {
      await withErrorReporting { try await operation() }
    }
    .value
  }
}

/// Starts an unstructured task, named where the runtime supports task names.
private func _startTask(
  name: String?, priority: TaskPriority?, _ operation: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
  if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
    return Task(name: name, priority: priority, operation: operation)
  }
  return Task(priority: priority, operation: operation)
}
