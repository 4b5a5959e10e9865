/// The test framework running the current test: Swift Testing or XCTest.
///
/// ```swift
/// switch TestContext.current {
/// case .swiftTesting?:
///   print("In a Swift Testing test")
/// case .xcTest?:
///   print("In an XCTest test")
/// case nil:
///   print("Not testing")
/// }
/// ```
public enum TestContext: Equatable, Sendable {
  /// Swift Testing, with the running test when it is known.
  case swiftTesting(Testing?)

  /// XCTest.
  case xcTest

  /// The context of the current test, or nil outside a test process.
  ///
  /// In a test process, ``swiftTesting(_:)`` with the test when a Swift Testing test is running on
  /// the current task (what `Test.current` returns, found at run time without linking Testing),
  /// and ``xcTest`` otherwise.
  ///
  /// ```swift
  /// if case .swiftTesting(let testing?) = TestContext.current {
  ///   print(testing.test.id)
  /// }
  /// ```
  public static var current: Self? {
    guard isTesting else { return nil }
    guard let test = SwiftTestingRuntime.currentTest() else { return .xcTest }
    return .swiftTesting(Testing(test: Testing.Test(test)))
  }

  /// Whether the context is Swift Testing.
  ///
  /// ```swift
  /// if TestContext.current?.isSwiftTesting == true {
  ///   // Swift Testing-specific behaviour
  /// }
  /// ```
  public var isSwiftTesting: Bool {
    guard case .swiftTesting = self else { return false }
    return true
  }

  /// A running Swift Testing test.
  ///
  /// ```swift
  /// if case .swiftTesting(let testing?) = TestContext.current {
  ///   print(testing.test.traits.count)
  /// }
  /// ```
  public struct Testing: Equatable, Sendable {
    /// The test.
    public let test: Test

    /// A Swift Testing test: its identity and its traits.
    ///
    /// ```swift
    /// if case .swiftTesting(let testing?) = TestContext.current {
    ///   let id = testing.test.id
    /// }
    /// ```
    public struct Test: Equatable, Hashable, Identifiable, Sendable {
      /// The test's identity: Swift Testing's `Test.ID`.
      public let id: ID

      /// The test's traits.
      public let traits: [any Sendable]

      /// A test's identity.
      ///
      /// ```swift
      /// let ids: Set<TestContext.Testing.Test.ID> = [testing.test.id]
      /// ```
      public struct ID: Equatable, Hashable, Sendable {
        private let value: any Hashable & Sendable

        /// The identity, type-erased.
        public var rawValue: AnyHashable { AnyHashable(value) }

        init(_ value: any Hashable & Sendable) {
          self.value = value
        }

        /// Whether two identities are the same.
        public static func == (lhs: Self, rhs: Self) -> Bool {
          lhs.rawValue == rhs.rawValue
        }

        /// Hashes the identity.
        public func hash(into hasher: inout Hasher) {
          hasher.combine(rawValue)
        }
      }

      /// Whether two tests are the same test (have the same identity).
      public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id
      }

      /// Hashes the test's identity.
      public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
      }
    }
  }

  /// Whether two contexts are the same: a ``swiftTesting(_:)`` without a test matches any Swift
  /// Testing context.
  ///
  /// ```swift
  /// if case .xcTest? = TestContext.current {}  // instead of TestContext.current == .xcTest
  /// ```
  @available(*, deprecated, message: "Test using pattern matching, instead.")
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.swiftTesting(nil), .swiftTesting), (.swiftTesting, .swiftTesting(nil)),
      (.xcTest, .xcTest):
      return true
    case (.swiftTesting(let lhs), .swiftTesting(let rhs)):
      return lhs == rhs
    case (.swiftTesting, .xcTest), (.xcTest, .swiftTesting):
      return false
    }
  }

  /// Swift Testing, without a test.
  ///
  /// ```swift
  /// if TestContext.current?.isSwiftTesting == true {}  // instead of == .swiftTesting
  /// ```
  @available(
    *, deprecated,
    message: "Test for '.swiftTesting' using pattern matching or 'isSwiftTesting', instead."
  )
  public static var swiftTesting: Self {
    .swiftTesting(nil)
  }
}

extension TestContext.Testing.Test {
  /// The test described by a `Testing.Test` value: its `Identifiable` identity, and its stored
  /// traits (read by reflection; none if they cannot be read).
  init(_ test: Any) {
    func identity<T: Identifiable>(_ test: T) -> [any Hashable] { [test.id] }
    let ids = (test as? any Identifiable).map { identity($0) } ?? [String(reflecting: test)]
    let traits = Mirror(reflecting: test).descendant("traits") as? [Any] ?? []
    // `Any` and `any Sendable` (and `any Hashable` and `any Hashable & Sendable`) have the same
    // existential layout, since `Sendable` is a marker protocol; and the values are Sendable:
    // Testing's `Test.ID` is, and its `Trait` protocol refines `Sendable`.
    self.init(
      id: ID(unsafeBitCast(ids, to: [any Hashable & Sendable].self)[0]),
      traits: unsafeBitCast(traits, to: [any Sendable].self))
  }
}
