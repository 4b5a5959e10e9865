#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One computation of a key's default value, and the record of what it reads.
///
/// The computation's own reads see the reader's overrides, as a classic default does; everything
/// it leaves behind sees only the values a default shared by everyone sees. So a default is
/// computed in values of its own (`run`):
///
/// - their overrides are the cache's shared ones (`shared`, its `baseline`: a test trait's, or
///   none), less those the reader overrides otherwise (`own`), so that a `@Dependency` property
///   created by the computation captures nothing of the reader's scope; for a read through a model
///   outside its scope (`modelScope`), the model's scope's overrides on top: the read is one in the
///   model's scope, and the value is that scope's (see `_DefaultReader`);
/// - they have no cache a read can use directly (`_Defaults.computed`) and carry this computation
///   (`_Modes.computation`), so every read that these overrides do not answer comes here (`read`),
///   and every override a read finds in them is reported (`recordOverride`). A read the computation
///   makes — on its thread, while it runs — is served from the reader's values and recorded; any
///   other read through these values — a `Task` the computation started, values it escaped with
///   `withEscapedDependencies`, a `@Dependency` it created, read later or on another thread — is
///   served from the shared values and records nothing.
///
/// What it records (`reads`: the overrides read, and the keys read without one) decides what the
/// value is: a default that read none of the reader's scope's overrides is the cache's, computed
/// once for everyone; one that did, or that ran in a model's scope, belongs to that scope (see
/// `_DefaultReader`). `cachedReads`,
/// the cached values it read, order shutdowns (a value is shut down before those it read).
///
/// One threading rule: the record is written and read only on the thread the computation runs on,
/// while it runs (a computation is synchronous: it starts and returns on one thread), and by the
/// code that started it on that thread once it has returned.
final class _DefaultComputation: @unchecked Sendable {
  // @unchecked Sendable: `reader`, `reads`, `cachedReads` and `isOpen` are only touched on
  // `thread` (see above); every other property is immutable. Another thread that reads through
  // the computation's values checks the thread first and touches nothing else of the record.

  /// The cache the default is computed for, while it lives. The reader holds it while the
  /// computation runs; a read through these values after it is gone reads the process's cache.
  var cache: _LiveValueCache? { processCache ?? otherCache }
  /// `cache` when it is the process's, which lives as long as the process: held strongly, so that
  /// it never gets a weak reference (the runtime would give it a side table, which slows every
  /// retain of it, and which LeakSanitizer cannot see through and reports as a leak at exit).
  private let processCache: _LiveValueCache?
  /// Any other cache (a test's, or one a trait or scope made), held weakly: a value the cache keeps
  /// may hold these values (escaped values, a task it started), and through them this computation;
  /// the cache must not be kept alive by its own value.
  private weak let otherCache: _LiveValueCache?
  /// The context it is computed in.
  let context: DependencyContext
  /// The overrides a default shared by everyone sees: the cache's `baseline`, or nil.
  let shared: _Scope?
  /// For a read through a model outside its scope, the model's scope (see
  /// `_DefaultReader.modelScope`): the computation runs in it, and its value belongs to it. Weak:
  /// the reader holds it while the computation runs and its value is kept, and what the
  /// computation leaves behind (a task still running, holding these values) must not hold the
  /// scope that keeps the value.
  var modelScope: _Scope? { weakModelScope?.scope }
  private let weakModelScope: _WeakScope?
  /// Whether the computation runs in a model's scope (`modelScope` was set).
  let runsInAModelScope: Bool
  /// The overrides of the computation's values: `shared`, less the keys whose override the reader
  /// finds otherwise, under `modelScope`'s.
  let own: _Scope?
  /// The overrides reads through the computation's values see once it has returned, or from
  /// another thread: `own` for a computation through a model's scope, else `shared`.
  private let later: _Scope?
  /// The keys whose defaults are being computed on this thread, outermost first, this one last:
  /// for cycle messages.
  let chain: [String]
  /// Where the read that needs the default happened: lets a key's `testValue` report there.
  let site: _ReadSite
  /// Whether the read was made to change values (an update closure, a trait,
  /// `prepareDependencies`): ``TestDependencyKey/shouldReportUnimplemented`` is false then.
  let isSetting: Bool

  /// The reader's values (with the cache and context of the computation) and the scopes their
  /// overrides come from; nil once the computation has returned.
  private var reader: (values: DependencyValues, scopes: _DefaultReader)?
  private let thread = pthread_self()
  /// What the computation read of the overrides around it.
  private(set) var reads = _DefaultReads()
  /// The cached values it read, once each.
  private(set) var cachedReads: [_CacheEntryID] = []
  /// When it ran, for how long, and the values kept by scopes it read: for ``DependencyGraph``.
  private(set) var record = _ComputedDefaultRecord()

  /// A computation of `Key`'s default for a read of `values` (whose cache is `cache`) whose
  /// overrides come from `scopes`.
  init<Key: TestDependencyKey>(
    of _: Key.Type, for values: DependencyValues, scopes: _DefaultReader,
    context: DependencyContext, cache: _LiveValueCache, site: _ReadSite, isSetting: Bool
  ) {
    var readerValues = values
    readerValues._context = context
    readerValues._cache = cache
    readerValues._modes.stopRecordingAndSetting()
    self.reader = (readerValues, scopes)
    let isProcessCache = cache === _LiveValueCache.shared
    self.processCache = isProcessCache ? cache : nil
    self.otherCache = isProcessCache ? nil : cache
    self.context = context
    self.shared = cache.baseline
    let modelScope = scopes.modelScope
    let sharedOverrides = Self.sharedOverrides(cache.baseline, agreeingWith: scopes)
    self.weakModelScope = modelScope.map(_WeakScope.init)
    self.runsInAModelScope = modelScope != nil
    // A copy of the model's overrides, not its scope: what the computation leaves behind (a task
    // it starts) must not hold the scope that keeps the value (a cycle while the task runs).
    self.own =
      modelScope.map { model in
        let merged = sharedOverrides?.merging(model) ?? model
        return merged === model ? model.detachedCopy() : merged
      } ?? sharedOverrides
    self.later = modelScope == nil ? cache.baseline : own
    self.chain = (Self.running?.chain ?? []) + [ReportedTypeName.qualified(Key.self)]
    self.site = site
    self.isSetting = isSetting
  }

  /// `shared` less the keys whose override `scopes` finds otherwise: `shared` itself when they
  /// agree on every key (the reader's overrides were built on the shared ones).
  private static func sharedOverrides(_ shared: _Scope?, agreeingWith scopes: _DefaultReader)
    -> _Scope?
  {
    guard let shared, !shared.isEmpty else { return nil }
    var own = shared
    shared.forEach { key, box in
      guard scopes.lookup(key) != box, let removed = own.removing(key) else { return }
      own = removed
    }
    return own.isEmpty ? nil : own
  }

  /// The computation running on this task (innermost), if any.
  @TaskLocal static var running: _DefaultComputation?

  /// Runs `body`, the default's computation, in the computation's values; closes the record
  /// when it returns.
  func run<Value>(_ body: () -> Value) -> Value {
    record.begin()
    defer {
      record.end(keysRead: reads.keysRead)
      reader = nil
    }
    var values = reader!.values
    values._overrides = _Overrides(own)
    values._defaults = .computed
    values._modes.record(readsOf: self)
    // The default runs as code of its own: no frame of the read that triggered it.
    return _ReadFrame.with(nil) {
      Self.$running.withValue(self) {
        DependencyValues.$_current.withValue(values, operation: body)
      }
    }
  }

  /// Whether the caller is the computation itself: on its thread, while it runs.
  private var isCurrent: Bool {
    pthread_equal(pthread_self(), thread) != 0 && reader != nil
  }

  /// A read through the computation's values that they did not answer: served from the reader's
  /// values and recorded when the computation makes it, from the shared values otherwise.
  func read<Key: TestDependencyKey>(_ key: Key.Type, _ id: _KeyIdentity, site: _ReadSite)
    -> Key.Value
  {
    if isCurrent, let (values, scopes) = reader {
      if let box = scopes.lookup(id) {
        reads.record(id, box, isShared: shared?.sharedLookup(id) == box)
        return _DependencyBox<Key.Value>.value(at: box)
      }
      reads.record(id, nil, isShared: true)
      return values._resolveDefault(
        Key.self, id, captured: scopes.captured, capturedContext: nil, site: site, for: self)
    }
    if let later, let box = later.lookup(id) {
      return _DependencyBox<Key.Value>.value(at: box)
    }
    var values = DependencyValues(overrides: later, context: context, cache: cache ?? .shared)
    values._modes.contextIsSet = true
    return values._resolveDefault(
      Key.self, id, captured: nil, capturedContext: nil, site: site, for: nil)
  }

  /// Records that the computation read `box` for `key` in its own overrides (a read the read path
  /// answered): only a shared override counts, since the computation set any other itself.
  func recordOverride(_ key: _KeyIdentity, _ box: UnsafeMutableRawPointer) {
    guard isCurrent, let own, own.lookup(key) == box else { return }
    reads.record(key, own.sharedLookup(key), isShared: true)
  }

  /// Whether the value belongs to a scope: the computation read a scope's override, or ran in a
  /// model's scope.
  var belongsToAScope: Bool { reads.readsAScopesOverride || runsInAModelScope }

  /// Records that the computation read the cached value of `entry`.
  func recordCachedRead(_ entry: _CacheEntryID) {
    guard isCurrent, !cachedReads.contains(entry) else { return }
    cachedReads.append(entry)
  }

  /// Records that the computation created a `@Dependency` property naming `declared`: on its
  /// thread, while it runs (for the dependency graph and the shutdown order, see
  /// `_DeclaredDependency`).
  func declare(_ declared: _DeclaredDependency) {
    guard isCurrent else { return }
    record.recordDeclaration(of: declared)
  }

  /// Records that the computation read `kept`, a default a scope keeps, computed from its reads.
  func absorb(_ kept: _KeptDefault) {
    guard isCurrent else { return }
    reads.absorb(kept.reads)
    record.recordRead(of: kept)
  }

  /// Stops a computation whose default needs itself (on this thread, or through threads waiting
  /// on each other).
  static func failCycle(chain: [String], site: _ReadSite) -> Never {
    let key = chain.last!
    let path = chain.joined(separator: " → ")
    // On this thread the chain shows the whole cycle. Otherwise the key is being computed on another
    // thread that (directly or through further threads) waits for a default this thread computes:
    // this thread only knows its own part of the cycle.
    let cycle =
      chain.dropLast().contains(key)
      ? "computing the default value of \(key) needs \(key) itself (\(path))"
      : """
      the default value of \(key) is being computed on another thread, which waits (directly or \
      through other threads) for a default value this thread is computing (this thread: \(path))
      """
    fatalError(
      """
      swift-dependencies: dependency cycle: \(cycle). A key's liveValue/testValue must not read \
      itself, directly or through other keys. Break the cycle, for example by reading the \
      dependency lazily inside a closure instead of while the value is built.
      """,
      file: site.fileID, line: site.line)
  }
}

extension _DefaultComputation {
  /// Where the read that needs the default being computed on this task happened, if any.
  static var readSite: _ReadSite? { running?.site }

  /// True while a default is computed for a read made to change values.
  static var isSetting: Bool { running?.isSetting ?? false }
}
