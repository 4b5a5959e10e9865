/// What one computation of a default records for the dependency graph (``DependencyGraph``), beside
/// what it records for the value itself (`_DefaultComputation.reads`, `cachedReads`): when it
/// started, how long it ran, which values kept by scopes it read, and what the `@Dependency`
/// properties it created name (which the shutdown order follows too).
///
/// Written on the computation's thread while it runs (`_DefaultComputation.run`, `absorb`), read
/// by the code that started it once it has returned, as the rest of the computation's record. The
/// cache whose default it computed keeps it (`_DependencyGraphRecord`) when it caches the value, or
/// when a scope keeps it. Nothing here is touched by a read that finds its value cached.
struct _ComputedDefaultRecord: Sendable {
  /// When the computation started; nil until it runs.
  private(set) var start: ContinuousClock.Instant?
  /// How long it ran: its whole run, including the defaults it computed on its way.
  private(set) var duration = Duration.zero
  /// The values kept by scopes that it read (`_KeptDefault.order`), once each.
  private(set) var keptReads: [UInt64] = []
  /// What the `@Dependency` properties it created name (less the keys it read).
  private(set) var declared = _Declarations()

  /// Notes that the computation starts now.
  mutating func begin() {
    start = .now
  }

  /// Notes that the computation has returned, having read the keys `keysRead` (raw identities).
  mutating func end(keysRead: [UInt]) {
    if let start { duration = start.duration(to: .now) }
    declared.close(keysRead: keysRead)
  }

  /// Notes that the computation created a `@Dependency` property naming `declared`.
  mutating func recordDeclaration(of declared: _DeclaredDependency) {
    self.declared.add(declared)
  }

  /// Notes that the computation read the value `kept`, which a scope keeps.
  mutating func recordRead(of kept: _KeptDefault) {
    guard !keptReads.contains(kept.order) else { return }
    keptReads.append(kept.order)
  }
}
