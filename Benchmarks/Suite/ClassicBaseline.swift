import Dependencies
import Foundation

/// The classic way of storing dependencies, implemented here so every benchmark row can show it
/// beside ours, measured in the same process on the same workload.
///
/// - The values of a scope are a `[ObjectIdentifier: any Sendable]` dictionary, copied into each new
///   scope (copy-on-write: the first override in a scope copies the whole dictionary).
/// - A `@Dependency` read merges the values captured when the property was created with the current
///   ones, binds the merge, and reads through a key path; the stored value comes back as
///   `any Sendable` and is cast to the key's type.
/// - Default values are cached in a dictionary behind a recursive lock, taken on every default read.
enum Classic {
  struct Values: Sendable {
    var storage: [ObjectIdentifier: any Sendable] = [:]
    var context: DependencyContext = .live
    var cache: DefaultCache = .shared

    @TaskLocal static var current = Values()

    subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
      get {
        if let value = storage[ObjectIdentifier(key)], let value = value as? Key.Value {
          return value
        }
        return cache.value(for: Key.self, context: context)
      }
      set { storage[ObjectIdentifier(key)] = newValue }
    }

    func merging(_ other: Values) -> Values {
      var values = self
      values.storage.merge(other.storage) { _, new in new }
      values.context = other.context
      return values
    }
  }

  /// The default-value cache: a dictionary behind a recursive lock.
  final class DefaultCache: @unchecked Sendable {
    // @unchecked Sendable: `cached` is only touched with `lock` held.
    static let shared = DefaultCache()

    struct Key: Hashable {
      var id: ObjectIdentifier
      var context: DependencyContext
    }

    private let lock = NSRecursiveLock()
    private var cached: [Key: any Sendable] = [:]

    func value<K: TestDependencyKey>(for key: K.Type, context: DependencyContext) -> K.Value {
      lock.lock()
      defer { lock.unlock() }
      let cacheKey = Key(id: ObjectIdentifier(key), context: context)
      if let value = cached[cacheKey] as? K.Value { return value }
      let value: K.Value
      switch context {
      case .live:
        value = (key as? any DependencyKey.Type).map { Self.live($0) as! K.Value } ?? K.testValue
      case .preview: value = K.previewValue
      case .test: value = K.testValue
      }
      cached[cacheKey] = value
      return value
    }

    private static func live<L: DependencyKey>(_ key: L.Type) -> any Sendable { L.liveValue }
  }

  /// `@Dependency` the classic way: merge captured and current values on every read.
  @propertyWrapper
  struct Dependency<Value>: Sendable {
    let keyPath: KeyPath<Values, Value> & Sendable
    let initialValues: Values

    init(_ keyPath: KeyPath<Values, Value> & Sendable) {
      self.keyPath = keyPath
      self.initialValues = Values.current
    }

    var wrappedValue: Value {
      let values = initialValues.merging(Values.current)
      return Values.$current.withValue(values) { Values.current[keyPath: keyPath] }
    }
  }

  static func withDependencies<R>(
    _ update: (inout Values) throws -> Void, operation: () throws -> R
  ) rethrows -> R {
    var values = Values.current
    try update(&values)
    return try Values.$current.withValue(values, operation: operation)
  }

  static func withDependencies<R: Sendable>(
    _ update: (inout Values) throws -> Void, operation: () async throws -> R
  ) async rethrows -> R {
    var values = Values.current
    try update(&values)
    return try await Values.$current.withValue(values, operation: operation)
  }
}

/// What a classic `@Dependency` carries for `withDependencies(from:)`.
protocol ClassicCapturedValues {
  var initialValues: Classic.Values { get }
}

extension Classic.Dependency: ClassicCapturedValues {}

extension Classic {
  /// `withDependencies(from: model)` the classic way: reflect over the model's properties and merge
  /// the values each classic `@Dependency` captured into the current ones (dictionary merges).
  static func withDependencies<Model: AnyObject, R>(
    from model: Model, operation: () throws -> R
  ) rethrows -> R {
    var values = Values.current
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        if let dependency = child.value as? any ClassicCapturedValues {
          values = values.merging(dependency.initialValues)
        }
      }
      mirror = current.superclassMirror
    }
    return try Values.$current.withValue(values, operation: operation)
  }
}
