import CDependencies

/// The accessor of a key path of `DependencyValues`: it reads through the key path until one read
/// has shown that the key path is one property whose getter does nothing but read one key
/// (`get { self[Key.self] }`, the way dependencies are registered), and from then on reads that key
/// directly, as fast as `@Dependency(Key.self)`.
///
/// The first read runs the key path with a probe in the read frame. The key subscript, when it sees
/// the probe, records what it read: the key, the value it returned, and a read specialised for the
/// key. The key path reads that key directly from then on when
///
/// - the key path has exactly one component (`\.date`, not `\.date.now`);
/// - the getter read exactly one key, once (not a composition of several keys);
/// - the key's value type is the key path's value type; and
/// - the getter returned exactly the value the subscript gave it, bit for bit (not a transformation
///   of it).
///
/// Anything else — a nested path, a computed composition, a getter that does not read a key at all
/// (`\.context`), a transformation — reads through the key path for good. The decision is
/// published once per key path (`dck_published_*`), and later reads only load it. Limits: a getter
/// that transforms its key's value only for some values (`max(self[K.self], 0)`) and returned a
/// value it leaves unchanged on that first read, or one whose side effects matter, would be read
/// directly; register such a dependency with its own key and read it with `@Dependency(Key.self)`.
@usableFromInline
final class _KeyPathResolution<Value>: @unchecked Sendable {
  // @unchecked Sendable: `keyPath` is Sendable and immutable; `slot` is read and written only
  // through `dck_published_get`/`dck_published_set`, which are atomic.
  let keyPath: KeyPath<DependencyValues, Value> & Sendable
  /// Whether the key path has one component (from its description).
  let hasOneComponent: Bool
  /// Nil until the first read decided; then `readsThroughTheKeyPath`, or a `_DependencyAccessor`
  /// for the key (retained for the rest of the process).
  private let slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// What the slot holds when the key path must be read through.
  @usableFromInline static var readsThroughTheKeyPath: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: 1)!
  }

  init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
    self.hasOneComponent = Self.hasOneComponent(keyPath)
    slot = .allocate(capacity: 1)
    slot.initialize(to: nil)
  }

  // Registered resolutions live for the rest of the process; an unregistered one (beyond the
  // registry's limit) frees its slot, and the direct accessor it published.
  deinit {
    if let published = dck_published_get(slot), published != Self.readsThroughTheKeyPath {
      Unmanaged<_DependencyAccessor<Value>>.fromOpaque(published).release()
    }
    slot.deallocate()
  }

  /// The accessor properties reading this key path use: it reads through the key path until the
  /// key is published in `slot`, and directly from then on (`_DependencyAccessor.value`).
  var accessor: _DependencyAccessor<Value> {
    _DependencyAccessor(
      read: { [self] values, captured, capturedContext, site, result in
        guard dck_published_get(slot) == nil else {
          _store(
            Self.readThroughKeyPath(
              keyPath, in: values, captured: captured, capturedContext: capturedContext, site: site),
            in: result)
          return
        }
        _store(
          resolve(values, captured: captured, capturedContext: capturedContext, site: site),
          in: result)
      },
      direct: slot)
  }

  /// The first read: through the key path, with a probe; then publishes what later reads do.
  @inline(never)
  private func resolve(
    _ values: UnsafePointer<DependencyValues>, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: _ReadSite
  ) -> Value {
    let probe = _KeyPathProbe()
    let value = withExtendedLifetime(probe) {
      Self.readThroughKeyPath(
        keyPath, in: values, captured: captured, capturedContext: capturedContext, site: site,
        probe: Unmanaged.passUnretained(probe))
    }
    var decision = Self.readsThroughTheKeyPath
    if hasOneComponent, probe.reads == 1, probe.valueType == Value.self,
      let direct = probe.directRead, let observed = probe.value as? Value,
      Self.isBitwiseEqual(value, observed)
    {
      decision = Unmanaged.passRetained(_DependencyAccessor<Value>(read: direct)).toOpaque()
    }
    if !dck_published_set(slot, decision), decision != Self.readsThroughTheKeyPath {
      Unmanaged<_DependencyAccessor<Value>>.fromOpaque(decision).release()  // another read won
    }
    return value
  }

  /// Reads `keyPath` of `values`. The key path's getter (user code) calls the subscript, which finds
  /// the rest (what the reading `@Dependency` captured, where it is, a probe) in the frame.
  @inlinable @inline(__always)
  static func readThroughKeyPath(
    _ keyPath: KeyPath<DependencyValues, Value>, in values: UnsafePointer<DependencyValues>,
    captured: OpaquePointer?, capturedContext: DependencyContext?, site: _ReadSite,
    probe: Unmanaged<_KeyPathProbe>? = nil
  ) -> Value {
    var frame = _ReadFrame(
      captured: captured, capturedContext: capturedContext, site: site, probe: probe)
    return withUnsafeMutablePointer(to: &frame) { frame in
      _ReadFrame.with(frame) {
        values.pointee[keyPath: keyPath]
      }
    }
  }

  /// Whether `keyPath`'s description names one component: `\DependencyValues.date` (or, where
  /// names are not available, `\DependencyValues.<computed 0x… (Date)>`), not `….date.now`.
  private static func hasOneComponent(_ keyPath: AnyKeyPath) -> Bool {
    guard #available(macOS 13.3, *) else { return false }
    let description = keyPath.debugDescription
    let root = "\\DependencyValues."
    guard description.hasPrefix(root) else { return false }
    var depth = 0
    for character in description.dropFirst(root.count) {
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case "." where depth == 0: return false
      default: break
      }
    }
    return depth == 0
  }

  private static func isBitwiseEqual(_ a: Value, _ b: Value) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
  }
}

/// What the key subscript records while the first read of a key path runs (see
/// `_KeyPathResolution`). Used by that one read, on one thread.
@usableFromInline
final class _KeyPathProbe: @unchecked Sendable {
  // @unchecked Sendable: created, written and read by one synchronous read on one thread.
  /// How many times the subscript read a key.
  private(set) var reads = 0
  /// What the last of them returned.
  private(set) var value: Any?
  /// The type of that value: the type `directRead` initialises.
  private(set) var valueType: Any.Type?
  /// A read of that key, specialised for it.
  private(set) var directRead: _KeyRead?

  /// Records that the subscript returned `value`, which `read` reads directly (initialising a `V`).
  /// `read` captures nothing but the key's metatype.
  @usableFromInline
  func record<V>(_ value: V, read: @escaping _KeyRead) {
    reads += 1
    self.value = value
    self.valueType = V.self
    self.directRead = read
  }
}
