/// The error ``TestClock/checkSuspension()`` throws when tasks are still sleeping on the clock.
///
/// ```swift
/// do {
///   try await clock.checkSuspension()
/// } catch is SuspensionError {
///   print("Something is still waiting on the clock")
/// }
/// ```
///
/// In a test, assert that a feature is done waiting:
///
/// ```swift
/// await withDependencies {
///   $0.continuousClock = clock
/// } operation: {
///   await model.refresh()
/// }
/// try await clock.checkSuspension()
/// ```
public struct SuspensionError: Error {}
