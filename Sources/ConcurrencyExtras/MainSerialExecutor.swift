#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Running every job on the main executor: the Swift runtime's `swift_task_enqueueGlobal` calls
// the function stored in its exported variable `swift_task_enqueueGlobal_hook`, when one is set,
// instead of handing the job to the global concurrent executor. Installing a hook that enqueues
// the job on the main actor's executor (the main dispatch queue, a FIFO) makes every job that would
// have gone to the global pool run there, one at a time, in the order enqueued. A task that starts
// on the main queue without the hook installed hops to the global executor at its first step, which
// is why a task created in a scope that only starts after the scope closed ends up there.
//
// The hook is process-wide. `withMainSerialExecutor` counts the scopes that are open (scopes of
// tests running in parallel can overlap in any order), and the hook stays installed while any scope
// is open or `uncheckedUseMainSerialExecutor` is on.

/// Runs an async operation with serial execution: every job that would run on the global
/// concurrent executor runs on the main serial executor instead, one at a time, in the order
/// enqueued.
///
/// Asynchronous code is [notoriously
/// difficult](https://forums.swift.org/t/reliably-testing-code-that-adopts-swift-concurrency/57304)
/// to test: which of several ready tasks runs first is up to the global executor's thread pool.
/// Inside this scope, tasks still interleave at their suspension points, but they run serially, so
/// `await Task.yield()` reliably lets a task started before it run until its next suspension:
///
/// ```swift
/// @Test func countsScreenshots() async {
///   await withMainSerialExecutor {
///     let screenshots = AsyncStream.makeStream(of: Void.self)
///     let model = withDependencies {
///       $0.screenshots = { screenshots.stream }
///     } operation: {
///       FeatureModel()
///     }
///     let task = Task { await model.onAppear() }
///     await Task.yield()  // onAppear starts iterating the stream
///     screenshots.continuation.yield()
///     await Task.yield()  // onAppear handles the screenshot
///     #expect(model.count == 1)
///     task.cancel()
///   }
/// }
/// ```
///
/// It works through the Swift runtime's `swift_task_enqueueGlobal_hook`, as the classic library
/// does. What that gives with Swift 6.3 on Linux, as this module's tests check:
///
/// - A job enqueued on the global executor while a scope is open goes to the main actor's
///   executor, the main dispatch queue, which runs jobs one at a time in the order they arrive.
///   That covers starting child tasks, `Task { }` and `Task.detached { }`, `Task.yield()`, jobs
///   of (default) actors, and tasks resuming after `Task.sleep` or after a continuation resumed on
///   another thread.
/// - Scopes may nest, and overlap in any order (tests running in parallel): serial execution lasts
///   until the last open scope closes.
///
/// What it doesn't guarantee:
///
/// - It is process-wide, not tied to the tasks of `operation`: while a scope is open, the jobs of
///   every other task in the process (other Swift Testing tests running in parallel, say) run on
///   the main queue too.
/// - It applies when a job is enqueued. A task created in the scope that only starts after the
///   scope closed moves to the global executor when it starts; a task whose timer fires after the
///   scope closed resumes on the global executor. A job that is already running when the scope
///   opens finishes its step on the thread it's on.
/// - The main queue is not always the main thread. Under XCTest, which runs the main run loop on
///   the main thread, it is. Under Swift Testing on Linux, the main thread parks in
///   `dispatch_main()` and libdispatch drains the main queue on a worker thread: jobs still run
///   one at a time, but `Thread.isMainThread` is `false` in them.
/// - Executors other than the global one keep their own: the main actor, actors with custom
///   executors, task executor preferences, and `DispatchQueue`s and threads.
/// - A job that blocks waiting for another job (on a semaphore, say) deadlocks, since the other
///   job can only run after it.
/// - Something must drain the main queue: XCTest and Swift Testing do, and apps do; a
///   command-line tool whose synchronous `main` never runs the main run loop or `dispatch_main()`
///   would never run the jobs.
/// - The hook is exported by the runtime but isn't a public API. If a runtime doesn't export it,
///   `operation` runs with the default executors and ``uncheckedUseMainSerialExecutor`` reads
///   `false`.
///
/// Running serially is a test tool: production code doesn't run this way, so keep some tests
/// that run on the default executors too.
///
/// - Parameter operation: The operation to run with serial execution.
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @isolated(any) () async throws -> Void
) async rethrows {
  SerialExecutionHook.enter()
  defer { SerialExecutionHook.exit() }
  try await operation()
}

/// Runs a synchronous operation, typically a whole XCTest test, with serial execution: every
/// job that would run on the global concurrent executor runs on the main serial executor instead.
///
/// Override `invokeTest` to run every test of a test case serially:
///
/// ```swift
/// final class FeatureModelTests: XCTestCase {
///   override func invokeTest() {
///     withMainSerialExecutor {
///       super.invokeTest()
///     }
///   }
/// }
/// ```
///
/// The guarantees and limits are those of the async form,
/// ``withMainSerialExecutor(operation:)-6s3c0``. XCTest runs a test on the main thread and drains
/// the main queue there, so the jobs of a test run on the main thread.
///
/// - Parameter operation: The operation to run with serial execution.
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  SerialExecutionHook.enter()
  defer { SerialExecutionHook.exit() }
  try operation()
}

/// Whether serial execution is on: every job that would run on the global concurrent executor
/// runs on the main serial executor instead. Set it to switch serial execution on and off by hand.
///
/// Reading it tells whether serial execution is in effect right now (this switch, or an open
/// ``withMainSerialExecutor(operation:)-6s3c0`` scope). Setting it `true` turns serial execution
/// on until it is set `false`; setting it `false` turns off this switch only: serial execution
/// stays on while a `withMainSerialExecutor` scope is open.
///
/// ```swift
/// uncheckedUseMainSerialExecutor = true
/// defer { uncheckedUseMainSerialExecutor = false }
/// await withTaskGroup(of: Void.self) { group in
///   for x in 1...100 { group.addTask { xs.withValue { $0.append(x) } } }
/// }
/// #expect(xs.value == Array(1...100))
/// ```
///
/// Prefer ``withMainSerialExecutor(operation:)-6s3c0``, which can't be left on by mistake.
///
/// Unlike the classic library, where the scopes and this switch save and restore one shared flag,
/// setting it `false` inside a scope doesn't end serial execution for the rest of the scope.
public var uncheckedUseMainSerialExecutor: Bool {
  get { SerialExecutionHook.isInstalled }
  set { SerialExecutionHook.setUnchecked(newValue) }
}

/// The bookkeeping behind ``withMainSerialExecutor(operation:)-6s3c0``: the open scopes, the
/// unchecked switch, and the runtime's hook variable.
enum SerialExecutionHook {
  /// The runtime's `swift_task_enqueueGlobal` signature, as passed to the hook.
  typealias Original = @convention(thin) (UnownedJob) -> Void
  /// The hook's signature: the job, and the runtime's own enqueue function.
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private struct State {
    var openScopes = 0
    var unchecked = false
    var wantsHook: Bool { openScopes > 0 || unchecked }
  }

  private static let state = _Locked(State())

  /// The runtime's hook variable, or `nil` when this runtime doesn't export one. (A pointer to a
  /// global of the runtime, written only with `state`'s lock held; `nonisolated(unsafe)` because
  /// the pointer itself is set once, when this constant is initialised, and never changes.)
  nonisolated(unsafe) private static let hookVariable: UnsafeMutablePointer<Hook?>? = {
    let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")
    return symbol?.assumingMemoryBound(to: Hook?.self)
  }()

  static var isInstalled: Bool {
    state.withLock { _ in hookVariable?.pointee != nil }
  }

  static func enter() {
    state.withLock {
      $0.openScopes += 1
      update($0)
    }
  }

  static func exit() {
    state.withLock {
      $0.openScopes -= 1
      update($0)
    }
  }

  static func setUnchecked(_ on: Bool) {
    state.withLock {
      $0.unchecked = on
      update($0)
    }
  }

  /// Installs or removes the hook to match `state`; called with the lock held. (The runtime reads
  /// the variable without synchronisation, as it does for every hook; the store is one aligned
  /// pointer.)
  private static func update(_ state: State) {
    guard let variable = hookVariable else { return }
    variable.pointee = state.wantsHook ? { job, _ in MainActor.shared.enqueue(job) } : nil
  }
}
