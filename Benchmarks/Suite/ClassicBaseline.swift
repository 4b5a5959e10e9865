import Dependencies
import Foundation

/// The classic library's way of storing and reading dependencies, re-implemented here so every
/// benchmark row can show it beside ours, measured in the same process on the same workload.
///
/// It follows the algorithm of pointfreeco/swift-dependencies (commit f84167a) as its release build
/// runs it (no `#if DEBUG` parts), written from scratch for this benchmark:
///
/// - The values of a scope are a `[ObjectIdentifier: any Sendable]` dictionary held in a task-local,
///   copied into each new scope (copy-on-write: the first override in a scope copies it whole).
/// - A `@Dependency` read merges the values captured when the property was created into the current
///   ones, binds the merge in the task-local, and reads through a key path
///   (`ClassicBaselineDependency.swift`).
/// - The context (live, preview, test) is itself a stored key: a read that finds no override looks
///   the context up, and, when it is not overridden either, asks the default-value cache for it
///   before asking for the key's default.
/// - The default-value cache is a dictionary behind a recursive lock, taken on every lookup; its key
///   holds the running test's identifier, and each lookup binds a task-local issue context.
/// - `withDependencies` binds the task-local and, when the operation returns an object, records the
///   object with its values in a locked dictionary of weak entries, starting one clean-up `Task` per
///   recorded object (`ClassicBaselineScopes.swift`).
///
/// The classic library is a module of its own: a call into it is not inlined, and its generic
/// functions run unspecialised (a `withDependencies` checks at run time whether its result is an
/// object; a read casts through the key's metadata). The baseline's entry points keep that with
/// `@inline(never)` and `@_semantics("optimize.sil.specialize.generic.never")`. Counted with
/// callgrind (the real library built from source, release, same workloads), the baseline then runs
/// within about 6 % of the real library's instructions per read and per scope; a scope returning a
/// new model varies more, with when its clean-up tasks run.
///
/// It reuses only our key protocols (`DependencyKey`, `TestDependencyKey`) and `DependencyContext`,
/// so that both sides read the same key types.
enum Classic {
  /// `DependencyValues` the classic way.
  struct Values: Sendable {
    @TaskLocal static var current = Values()
    /// Set while `prepareDependencies` runs (never, in the benchmarks); every override checks it.
    @TaskLocal static var preparationID: UUID?
    static var isPreparing: Bool { preparationID != nil }

    var cachedValues = CachedValues()
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    subscript<Key: TestDependencyKey>(
      key: Key.Type,
      fileID fileID: StaticString = #fileID,
      filePath filePath: StaticString = #filePath,
      line line: UInt = #line,
      column column: UInt = #column,
      function function: StaticString = #function
    ) -> Key.Value {
      @_semantics("optimize.sil.specialize.generic.never") @inline(never)
      get {
        guard let base = storage[ObjectIdentifier(key)], let dependency = base as? Key.Value
        else {
          let context =
            storage[ObjectIdentifier(ContextKey.self)] as? DependencyContext
            ?? cachedValues.value(
              for: ContextKey.self, context: classicDefaultContext, fileID: fileID,
              filePath: filePath, function: function, line: line, column: column)
          return cachedValues.value(
            for: Key.self, context: context, fileID: fileID, filePath: filePath,
            function: function, line: line, column: column)
        }
        return dependency
      }
      @_semantics("optimize.sil.specialize.generic.never") @inline(never)
      set {
        // Every write checks for `prepareDependencies`, which writes the cache instead; nothing
        // here prepares, so only the check is kept.
        _ = Self.isPreparing
        storage[ObjectIdentifier(key)] = newValue
      }
    }

    /// The context, stored under its own key like any dependency.
    var context: DependencyContext {
      get { self[ContextKey.self] }
      set { self[ContextKey.self] = newValue }
    }

    /// `self` with every value of `other` laid over it (`other` wins); the cache stays `self`'s.
    @inline(never)
    func merging(_ other: Values) -> Values {
      var values = self
      values.storage.merge(other.storage, uniquingKeysWith: { $1 })
      return values
    }
  }

  /// The key the context is stored under.
  enum ContextKey: DependencyKey {
    static let liveValue = DependencyContext.live
    static let previewValue = DependencyContext.preview
    static let testValue = DependencyContext.test
  }

  /// The default-value cache: a dictionary behind a recursive lock.
  final class CachedValues: @unchecked Sendable {
    // @unchecked Sendable: `cached` is only touched with `lock` held.
    @TaskLocal static var isAccessingCachedDependencies = false

    struct CacheKey: Hashable, Sendable {
      let id: ObjectIdentifier
      let context: DependencyContext
      let testIdentifier: TestIdentifier?

      init(id: ObjectIdentifier, context: DependencyContext) {
        self.id = id
        self.context = context
        self.testIdentifier = TestIdentifier.current
      }
    }

    struct CachedValue {
      let base: any Sendable
      let preparationID: UUID?
    }

    let lock = NSRecursiveLock()
    var cached: [CacheKey: CachedValue] = [:]

    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    func value<Key: TestDependencyKey>(
      for key: Key.Type,
      context: DependencyContext,
      fileID: StaticString,
      filePath: StaticString,
      function: StaticString,
      line: UInt,
      column: UInt
    ) -> Key.Value {
      lock.lock()
      defer { lock.unlock() }
      return withIssueContext(fileID: fileID, filePath: filePath, line: line, column: column) {
        let cacheKey = CacheKey(id: ObjectIdentifier(key), context: context)
        guard let base = cached[cacheKey]?.base, let value = base as? Key.Value else {
          let value: Key.Value?
          switch context {
          case .live:
            value = (key as? any DependencyKey.Type)?.liveValue as? Key.Value
          case .preview:
            if !Self.isAccessingCachedDependencies {
              value = Self.$isAccessingCachedDependencies.withValue(true) { Key.previewValue }
            } else {
              value = Key.previewValue
            }
          case .test:
            value = Key.testValue
          }
          let cacheableValue = value ?? Key.testValue
          cached[cacheKey] = CachedValue(
            base: cacheableValue, preparationID: Values.preparationID)
          return cacheableValue
        }
        return value
      }
    }
  }

  /// The running test's identifier, part of every cache key (so each test gets its own defaults).
  struct TestIdentifier: Hashable, @unchecked Sendable {
    // @unchecked Sendable: the identifier is immutable once made.
    let rawValue: AnyHashable

    /// nil outside tests, which is where the benchmarks run; in a test the classic library asks
    /// Swift Testing for the current test, a lookup this baseline never needs.
    static var current: TestIdentifier? {
      guard classicIsTesting else { return nil }
      return nil
    }
  }

  /// Binds `IssueContext` around `operation`: a generic function of the issue-reporting library,
  /// which the classic library calls without specialising it.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  static func withIssueContext<R>(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    operation: () throws -> R
  ) rethrows -> R {
    try IssueContext.$current.withValue(
      IssueContext(fileID: fileID, filePath: filePath, line: line, column: column),
      operation: operation)
  }

  /// Where the code that asked for a value is, bound around each cache lookup (for the issues a
  /// default value may report).
  struct IssueContext: Sendable {
    @TaskLocal static var current: IssueContext?
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }
}

/// The context of a process that overrides none: live, unless the process runs tests.
private let classicDefaultContext: DependencyContext = classicIsTesting ? .test : .live

/// Whether the process runs tests, judged once from its environment and arguments.
private let classicIsTesting: Bool = {
  let environment = ProcessInfo.processInfo.environment
  let markers = [
    "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
    "XCTestSessionIdentifier",
  ]
  if markers.contains(where: { environment[$0] != nil }) { return true }
  return ProcessInfo.processInfo.arguments.contains { argument in
    let path = URL(fileURLWithPath: argument)
    return path.lastPathComponent == "swiftpm-testing-helper" || argument == "--testing-library"
      || path.lastPathComponent == "xctest" || path.pathExtension == "xctest"
  }
}()
