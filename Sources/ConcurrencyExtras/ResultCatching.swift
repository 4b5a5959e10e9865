extension Result {
  /// Makes a result by running an async throwing closure: `.success` with what it returns, or
  /// `.failure` with what it throws.
  ///
  /// The async counterpart of the standard library's `Result(catching:)`, with typed throws: the
  /// result's `Failure` is the closure's error type.
  ///
  /// ```swift
  /// let result = await Result { try await apiClient.fetchUser(id) }
  /// switch result {
  /// case .success(let user): model.user = user
  /// case .failure(let error): model.alert = AlertState(error)
  /// }
  /// ```
  ///
  /// A closure written on an actor (in a `@MainActor` method, say) runs on that actor, and can
  /// use the actor's state.
  ///
  /// - Parameter body: The closure to run.
  public nonisolated(nonsending) init(
    // Not `nonisolated(nonsending)` itself: Swift 6.3 crashes type-checking a static method
    // passed as such a parameter from a module without NonisolatedNonsendingByDefault.
    catching body: () async throws(Failure) -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
