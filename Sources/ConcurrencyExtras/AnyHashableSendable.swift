/// A type-erased hashable value that is also `Sendable`: a sendable `AnyHashable`.
///
/// An existential `any Hashable & Sendable` is not itself `Hashable`, so it can't be a dictionary
/// key or a set element; `AnyHashable` is, but isn't `Sendable`. Wrap the value in
/// `AnyHashableSendable` to get both:
///
/// ```swift
/// struct CancelID: Sendable {
///   let ids: Set<AnyHashableSendable>
/// }
/// let id = CancelID(ids: [AnyHashableSendable("search"), AnyHashableSendable(42)])
/// ```
///
/// Two wrapped values are equal when `AnyHashable` says they are (so `AnyHashableSendable(1)`
/// equals `AnyHashableSendable(1)`, and not `AnyHashableSendable("1")`), and a wrapped value
/// converts to `AnyHashable` as the value itself: `AnyHashableSendable(1) as AnyHashable`
/// equals `1 as AnyHashable`. Wrapping an `AnyHashableSendable` again doesn't nest it.
///
/// Literals make wrapped values directly:
///
/// ```swift
/// let key: AnyHashableSendable = "search"
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  ///
  /// ```swift
  /// let wrapped = AnyHashableSendable(42)
  /// wrapped.base as? Int  // 42
  /// ```
  public let base: any Hashable & Sendable

  /// Wraps a value whose type is only known as an existential.
  ///
  /// ```swift
  /// let value: any Hashable & Sendable = 42
  /// let wrapped = AnyHashableSendable(value)
  /// ```
  ///
  /// - Parameter base: The value to wrap. An `AnyHashableSendable` is returned as is.
  @_disfavoredOverload
  public init(_ base: any Hashable & Sendable) {
    self.init(opening: base)
  }

  /// Wraps a value.
  ///
  /// ```swift
  /// let wrapped = AnyHashableSendable("search")
  /// ```
  ///
  /// - Parameter base: The value to wrap. An `AnyHashableSendable` is returned as is.
  public init(_ base: some Hashable & Sendable) {
    self.init(opening: base)
  }

  private init(opening base: some Hashable & Sendable) {
    if let base = base as? AnyHashableSendable {
      self = base
    } else {
      self.base = base
    }
  }

  /// Whether two wrapped values are equal, as `AnyHashable` compares them.
  ///
  /// ```swift
  /// AnyHashableSendable(1) == AnyHashableSendable(1)  // true
  /// AnyHashableSendable(1) == AnyHashableSendable("1")  // false
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value as `AnyHashable` does, so that values equal by ``==(_:_:)`` hash
  /// alike.
  ///
  /// ```swift
  /// Set([AnyHashableSendable(1), AnyHashableSendable(1)]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomDebugStringConvertible {
  /// The wrapped value's debug description, in the wrapper.
  ///
  /// ```swift
  /// String(reflecting: AnyHashableSendable("a"))  // AnyHashableSendable("a")
  /// ```
  public var debugDescription: String {
    "AnyHashableSendable(" + String(reflecting: base) + ")"
  }
}

extension AnyHashableSendable: CustomReflectable {
  /// A mirror with the wrapped value as its only child, `value`.
  ///
  /// ```swift
  /// dump(AnyHashableSendable(1))
  /// ```
  public var customMirror: Mirror {
    Mirror(self, children: ["value": base])
  }
}

extension AnyHashableSendable: CustomStringConvertible {
  /// The wrapped value's description.
  ///
  /// ```swift
  /// "\(AnyHashableSendable(42))"  // "42"
  /// ```
  public var description: String {
    String(describing: base)
  }
}

extension AnyHashableSendable: _HasCustomAnyHashableRepresentation {
  /// The wrapped value as `AnyHashable`, used when an `AnyHashableSendable` is converted to
  /// `AnyHashable`: the result is the wrapped value's own `AnyHashable`.
  ///
  /// ```swift
  /// AnyHashableSendable(1) as AnyHashable == 1 as AnyHashable  // true
  /// ```
  public func _toCustomAnyHashable() -> AnyHashable? {
    AnyHashable(base)
  }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral {
  /// Wraps a Boolean literal.
  ///
  /// ```swift
  /// let flag: AnyHashableSendable = true
  /// ```
  public init(booleanLiteral value: Bool) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByFloatLiteral {
  /// Wraps a floating-point literal, as a `Double`.
  ///
  /// ```swift
  /// let ratio: AnyHashableSendable = 4.2
  /// ```
  public init(floatLiteral value: Double) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// Wraps an integer literal, as an `Int`.
  ///
  /// ```swift
  /// let id: AnyHashableSendable = 42
  /// ```
  public init(integerLiteral value: Int) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// Wraps a string literal, as a `String`.
  ///
  /// ```swift
  /// let key: AnyHashableSendable = "search"
  /// ```
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
