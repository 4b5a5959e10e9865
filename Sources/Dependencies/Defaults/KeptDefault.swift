/// One default value a scope keeps, with what its computation read.
final class _KeptDefault: Sendable {
  /// The value (+1).
  let box: _AnyDependencyBox
  /// What the computation read: where the value is valid.
  let reads: _DefaultReads
  /// The cache the value was computed for, kept so that no other cache takes its address (and so
  /// its values) while this value is kept.
  let cache: _LiveValueCache
  /// The entry it stands in for, and where it was first read: what a failed shutdown names.
  let entry: _CacheEntryID
  let site: _ReadSite
  /// For a value kept by one scope that also read the overrides of another (a model of one scope
  /// read in another), that other scope, while it lives: the reads of its overrides are only
  /// valid (their boxes only alive) while it does.
  var alsoReadScope: _Scope? { weakAlsoReadScope?.scope }
  private let weakAlsoReadScope: _WeakScope?
  private let readsAnotherScope: Bool
  /// For a value computed through a model's scope (see `_DefaultReader.modelScope`), that scope:
  /// only readers through it may have the value (its captures saw that scope).
  private let throughScope: ObjectIdentifier?
  /// When it was kept, process-wide: the order of shutdowns.
  let order: UInt64

  init(
    _ box: _AnyDependencyBox, reads: _DefaultReads, through modelScope: _Scope?,
    cache: _LiveValueCache, entry: _CacheEntryID, site: _ReadSite, alsoReading other: _Scope?
  ) {
    self.box = box
    self.reads = reads
    self.throughScope = modelScope.map(ObjectIdentifier.init)
    self.cache = cache
    self.entry = entry
    self.site = site
    self.weakAlsoReadScope = other.map(_WeakScope.init)
    self.readsAnotherScope = other != nil
    self.order = _KeptDefault.nextOrder()
  }

  /// Whether the other scope it read is gone: the value can never be valid again.
  var readsAScopeThatIsGone: Bool { readsAnotherScope && alsoReadScope == nil }

  /// Whether `reader` may have this value: it reads through the model's scope the value was
  /// computed through (if any), the scope it also read (if any) lives, and the reader maps every
  /// key read to what was read. (The scope that keeps the value lives while this is asked: the
  /// model's scope is then that one, or the one `alsoReadScope` holds.)
  func isValid(for reader: _DefaultReader) -> Bool {
    if let throughScope, !reader.reads(through: throughScope) { return false }
    guard readsAnotherScope else { return reads.agree(with: reader.lookup) }
    guard let other = alsoReadScope else { return false }
    // Held while comparing: the boxes read from its overrides cannot be freed meanwhile.
    return withExtendedLifetime(other) { reads.agree(with: reader.lookup) }
  }

  /// The value, as `Value` (the key's value type, which fixed the box's).
  func value<Value: Sendable>(as _: Value.Type) -> Value {
    unsafeDowncast(box, to: _DependencyBox<Value>.self).value
  }

  /// The key's name, for reports.
  var name: String { ReportedTypeName.qualified(unsafeBitCast(entry.key, to: Any.Type.self)) }

  private static let counter = _Locked<UInt64>(0)

  private static func nextOrder() -> UInt64 {
    counter.withLock {
      $0 += 1
      return $0
    }
  }
}
