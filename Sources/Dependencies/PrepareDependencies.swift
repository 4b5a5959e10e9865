import CDependencies

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
/// prepared keeps its value, and the attempt is reported with the key's name.
///
/// In a test, prepared values belong to the test's own cache, so tests that prepare different values
/// do not see each other's.
public func prepareDependencies<E: Error>(
  _ updateValues: (inout DependencyValues) throws(E) -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws(E) {
  let current = DependencyValues._current
  var values = current
  values._storage = .empty
  let assigned = _AssignedKeys()
  values._assignedKeys = assigned
  try updateValues(&values)

  let cache = values._cache.resolved
  for (id, name) in assigned.keys {
    guard let pointer = values._storage.lookup(id) else { continue }
    let status = dck_cache_put(cache.handle, id.raw, values._context._rawValue, pointer)
    if status == DCK_CACHE_EXISTS {
      reportIssue(
        """
        prepareDependencies could not set \(name): it was already read or prepared in this \
        \(values._context) context, and the value in use stays.

        Call prepareDependencies once, before anything reads \(name), for example first thing in \
        your entry point.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// The keys assigned through `DependencyValues`' subscript while it is set, in order, once each.
/// Normally one `prepareDependencies` call on one thread uses it, but the values that carry it can be
/// copied into other tasks by the update closure, so its state sits behind a lock.
@usableFromInline
final class _AssignedKeys: Sendable {
  private struct State {
    var keys: [(_KeyIdentity, String)] = []
    var seen: Set<UInt> = []
  }

  private let state = _Locked(State())

  var keys: [(_KeyIdentity, String)] { state.withLock { $0.keys } }

  @usableFromInline
  func record<Key>(_ id: _KeyIdentity, _ key: Key.Type) {
    state.withLock { state in
      if state.seen.insert(id.raw).inserted { state.keys.append((id, _typeName(key))) }
    }
  }
}
