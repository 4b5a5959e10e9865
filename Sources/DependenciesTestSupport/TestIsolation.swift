import Dependencies

/// How a test gets dependencies of its own: test context, no overrides, a fresh cache of default
/// values (so stateful defaults and `prepareDependencies` start over), and failures reported to the
/// running test. When the test case ends, the values of its cache that need it
/// (`ShutdownableDependency`) are shut down, inside the test: a failure or timeout fails it.
enum TestIsolation {
  /// True inside the scope of one test case once it has been isolated, so stacked traits (a suite's
  /// and a test's) isolate once and then only add their overrides.
  @TaskLocal static var isIsolated = false

  /// Runs `operation` isolated (if not already) with `update` applied on top.
  static func run<R>(
    isolation: isolated (any Actor)? = #isolation,
    updating update: (inout DependencyValues) async throws -> Void,
    _ operation: () async throws -> R
  ) async throws -> R {
    // The update runs as a `withDependencies` update of its own, so reads it makes (a key-path
    // assignment reads first) count as setting a value; its overrides are then what the test
    // starts with, so defaults computed from them are cached for the whole test.
    func updated() async throws -> R {
      try await withDependencies(update) {
        DependencyValues._adoptCurrentOverridesAsTestBaseline()
        return try await operation()
      }
    }
    if isIsolated {
      return try await updated()
    }
    return try await $isIsolated.withValue(true) {
      try await withDependencies {
        $0 = DependencyValues()
      } operation: {
        let result: Result<R, any Error>
        do {
          result = .success(try await updated())
        } catch {
          result = .failure(error)
        }
        await DependencyValues._shutDownTestCache()
        return try result.get()
      }
    }
  }
}
