/// Sets the default values of dependencies for the rest of the process, before they are first read.
///
/// Call it once, as early as possible, typically at the entry point of the application:
///
/// ```swift
/// @main
/// struct Server {
///   static func main() async throws {
///     prepareDependencies {
///       $0.database = try! Database(path: "/var/lib/app.sqlite")
///     }
///     try await runServer()
///   }
/// }
/// ```
///
/// Every later read of a prepared key that no scope overrides returns the prepared value, as if it
/// were the key's default. A key that was already read (so its default is already in use) or already
/// prepared keeps its value, and the attempt is reported with the key's name. Reads the closure makes
/// (such as the read a partial update like `$0.apiClient.fetch = { … }` makes first) don't count as
/// reads, and report nothing.
///
/// In the preview context, as in the classic library, nothing is reported: a preview runs the app's
/// entry point again, and prepares again. There a key that was only read (never prepared) takes the
/// prepared value in place of the default it had, and a key that was prepared before keeps that
/// value.
///
/// Setting `$0.context` sets the context of every read that no scope gives a context of its own.
///
/// In a test, prepared values belong to the test's own cache, so tests that prepare different values
/// do not see each other's.
///
/// - Returns: What `updateValues` returns.
@discardableResult
public func prepareDependencies<R, E: Error>(
  _ updateValues: (inout DependencyValues) throws(E) -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws(E) -> R {
  var values = DependencyValues._currentPointer.pointee
  values._overrides = _Overrides(nil)
  values._modes.contextIsSet = false
  let assigned = _AssignedKeys(in: values._modes.computation)
  values._modes.record(assignedKeys: assigned)
  let result = try updateValues(&values)

  let cache = values._cache
  if values._modes.contextIsSet, !cache.prepare(context: values._context) {
    _DependencyReports.reportAlreadyPrepared(
      .init(DependencyContextKey.self, DependencyContext.self, property: "context"),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
  let context = values._resolvedContext(captured: nil, cache: cache)
  for key in assigned.keys {
    // As every root holds it: a box (the cache keeps it), never a scope that carries its value.
    guard let pointer = values._overrides.scope?.sharedLookup(key.id) else { continue }
    // Through the property the key was assigned through: the graph shows it as `\.config`.
    let site = _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
      .through(property: key.property)
    if context == .preview {
      _ = cache.prepare(
        key.id, context: context, value: pointer, replacingComputed: true, site: site)
      continue
    }
    // A live read of a key without a live value caches what it got apart (`_readWithoutLiveValue`).
    let wasReadLive =
      context == .live
      && key.liveReadSlot.map { cache.hasValue(for: $0, context) } ?? false
    if wasReadLive
      || !cache.prepare(
        key.id, context: context, value: pointer, replacingComputed: false, site: site)
    {
      _DependencyReports.reportAlreadyPrepared(
        key.names, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
  return result
}

/// The name the context goes by in reports about it.
enum DependencyContextKey {}

/// The keys assigned through `DependencyValues`' subscript while it is set, in order, once each.
/// Normally one `prepareDependencies` call on one thread uses it, but the values that carry it can be
/// copied into other tasks by the update closure, so its state sits behind a lock.
final class _AssignedKeys: Sendable {
  /// One assigned key, and the names to report it by.
  struct Key: Sendable {
    let id: _KeyIdentity
    let names: _DependencyReports.Names
    /// The `#function` of the subscript's caller: the property's name when it was assigned through
    /// a `DependencyValues` property (see `_ReadSite.property`).
    let property: StaticString
    /// For a key without a live value, the identity its live reads cache their value under.
    let liveReadSlot: _KeyIdentity?
  }

  private struct State {
    var keys: [Key] = []
    var seen: Set<UInt> = []
  }

  private let state = _Locked(State())

  /// The computation of a default whose values `prepareDependencies` was called in, if any: the
  /// values it sets stay that computation's (their reads go to it).
  let computation: _DefaultComputation?

  init(in computation: _DefaultComputation?) {
    self.computation = computation
  }

  var keys: [Key] { state.withLock { $0.keys } }

  func record<K: TestDependencyKey>(_ id: _KeyIdentity, _ key: K.Type, property: StaticString) {
    state.withLock { state in
      guard state.seen.insert(id.raw).inserted else { return }
      state.keys.append(
        Key(
          id: id, names: .init(K.self, K.Value.self, property: property), property: property,
          liveReadSlot: _LiveValueOfKeyWithoutOne<K>.applies
            ? _LiveValueOfKeyWithoutOne<K>.identity : nil))
    }
  }
}
