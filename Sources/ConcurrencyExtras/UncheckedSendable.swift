/// A wrapper that declares a value `Sendable` without the compiler checking it.
///
/// Use it to carry a value you know is safe to share (immutable after creation, or only used on
/// one thread at a time) across a concurrency boundary when its type is not marked `Sendable`:
///
/// ```swift
/// let formatter = UncheckedSendable(DateFormatter())
/// Task {
///   print(formatter.value.string(from: .now))
/// }
/// ```
///
/// In a test, carry a non-Sendable fixture into an override:
///
/// ```swift
/// let fixture = UncheckedSendable(LegacyImageCache())
/// withDependencies {
///   $0.imageCache = ImageCache(load: { fixture.value.image(for: $0) })
/// } operation: {
///   // …
/// }
/// ```
///
/// It is also a property wrapper (`@UncheckedSendable var cache = LegacyImageCache()`), and
/// reads and writes properties of the value through dynamic member lookup. Nothing synchronises
/// access: if the value is mutated from several threads, protect it with ``LockIsolated`` instead.
///
/// As in the classic module, it is deprecated on Apple platforms (with the same message) in
/// favour of `nonisolated(unsafe) let`, and not on Linux.
@available(iOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(macOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(tvOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(watchOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked Sendable: by design. The person who wraps a value asserts it is safe to share;
  // this type adds no synchronisation of its own.

  /// The wrapped value.
  public var value: Value

  /// Wraps a value.
  ///
  /// ```swift
  /// let box = UncheckedSendable(NSMutableString())
  /// ```
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps a value, as a property wrapper.
  ///
  /// ```swift
  /// @UncheckedSendable var parser = LegacyParser()
  /// ```
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The wrapped value, as a property wrapper.
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The wrapper itself (`$parser`), to pass the value along still wrapped.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a property of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Reads or writes a property of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    _read { yield value[keyPath: keyPath] }
    _modify { yield &value[keyPath: keyPath] }
  }
}

@available(iOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(macOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(tvOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(watchOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
extension UncheckedSendable: Equatable where Value: Equatable {}

@available(iOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(macOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(tvOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(watchOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
extension UncheckedSendable: Hashable where Value: Hashable {}

extension UncheckedSendable: AsyncSequence where Value: AsyncSequence {
  /// The wrapped sequence's iterator.
  public typealias AsyncIterator = Value.AsyncIterator
  /// The wrapped sequence's element.
  public typealias Element = Value.Element

  /// Iterates the wrapped sequence.
  public func makeAsyncIterator() -> AsyncIterator {
    value.makeAsyncIterator()
  }
}

@available(iOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(macOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(tvOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(watchOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
extension UncheckedSendable: Decodable where Value: Decodable {
  /// Decodes the wrapped value.
  public init(from decoder: any Decoder) throws {
    do {
      let container = try decoder.singleValueContainer()
      self.init(try container.decode(Value.self))
    } catch {
      self.init(try Value(from: decoder))
    }
  }
}

@available(iOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(macOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(tvOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
@available(watchOS, deprecated: 9999, message: "Use 'nonisolated(unsafe) let', instead.")
extension UncheckedSendable: Encodable where Value: Encodable {
  /// Encodes the wrapped value.
  public func encode(to encoder: any Encoder) throws {
    do {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    } catch {
      try value.encode(to: encoder)
    }
  }
}
