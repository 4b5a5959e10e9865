internal import Foundation

/// The issue reporters in effect.
///
/// ```swift
/// @main
/// struct MyApp: App {
///   init() {
///     IssueReporters.current = [.fatalError]
///   }
///
///   var body: some Scene {
///     WindowGroup { ContentView() }
///   }
/// }
/// ```
public enum IssueReporters {
  /// The current task's issue reporters, fed each issue in order. Defaults to
  /// `[.default]`.
  ///
  /// Assigning replaces the reporters of the current scope: process-wide at an application's entry
  /// point, or those of the innermost `withIssueReporters` (and the tasks inside it) within one.
  /// For a scoped change, prefer `withIssueReporters(_:operation:)`:
  ///
  /// ```swift
  /// withIssueReporters(IssueReporters.current + [LoggingReporter()]) {
  ///   // issues reported here also go to the logging reporter
  /// }
  /// ```
  ///
  /// With no reporters, `reportIssue` does nothing:
  ///
  /// ```swift
  /// IssueReporters.current = []
  /// ```
  public static var current: [any IssueReporter] {
    get { scope.reporters }
    set { scope.reporters = newValue }
  }

  /// The reporters of the innermost `withIssueReporters` around the current task, or the
  /// process-wide ones.
  @TaskLocal static var scope = ReporterScope([.default])
}

/// A scope's reporters: `IssueReporters.current` reads and assigns them, from any task in the scope.
final class ReporterScope: @unchecked Sendable {
  // @unchecked: `_reporters` is only touched with `lock` held.
  private let lock = NSLock()
  private var _reporters: [any IssueReporter]

  init(_ reporters: [any IssueReporter]) {
    _reporters = reporters
  }

  var reporters: [any IssueReporter] {
    get { lock.withLock { _reporters } }
    set { lock.withLock { _reporters = newValue } }
  }
}
