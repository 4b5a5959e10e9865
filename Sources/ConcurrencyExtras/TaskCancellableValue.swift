extension Task where Failure == Never {
  /// Waits for the task's value, and cancels the task if the waiting task is cancelled.
  ///
  /// `task.value` alone doesn't pass cancellation on: cancelling the task that awaits it leaves
  /// `task` running. This is `task.value` in a `withTaskCancellationHandler` that cancels `task`:
  ///
  /// ```swift
  /// let search = Task { await searchClient.results(query) }
  /// model.results = await search.cancellableValue
  /// ```
  public nonisolated(nonsending) var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await self.value
      } onCancel: {
        self.cancel()
      }
    }
  }
}

extension Task where Failure == any Error {
  /// Waits for the task's value or error, and cancels the task if the waiting task is cancelled.
  ///
  /// `task.value` alone doesn't pass cancellation on: cancelling the task that awaits it leaves
  /// `task` running. This is `task.value` in a `withTaskCancellationHandler` that cancels `task`:
  ///
  /// ```swift
  /// let download = Task { try await downloadClient.data(url) }
  /// let data = try await download.cancellableValue
  /// ```
  public nonisolated(nonsending) var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await self.value
      } onCancel: {
        self.cancel()
      }
    }
  }
}
