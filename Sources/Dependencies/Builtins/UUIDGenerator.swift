// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// A dependency that generates UUIDs.
    ///
    /// Create identifiers through it instead of calling `UUID()`, so that tests can predict them:
    ///
    /// ```swift
    /// @Observable
    /// final class TodosModel {
    ///   @ObservationIgnored @Dependency(\.uuid) var uuid
    ///   var todos: [Todo] = []
    ///
    ///   func addButtonTapped() {
    ///     todos.append(Todo(id: uuid(), title: ""))
    ///   }
    /// }
    /// ```
    ///
    /// In a test, use ``UUIDGenerator/incrementing``:
    ///
    /// ```swift
    /// @Test func add() {
    ///   let model = withDependencies {
    ///     $0.uuid = .incrementing
    ///   } operation: {
    ///     TodosModel()
    ///   }
    ///   model.addButtonTapped()
    ///   model.addButtonTapped()
    ///   #expect(model.todos.map(\.id) == [UUID(0), UUID(1)])
    /// }
    /// ```
    ///
    /// The live value returns `UUID()`. It has no test value: as in the classic library, a test that
    /// reads it without overriding it reports "@Dependency(\.uuid) has no test implementation" (once
    /// per test), then gets the live value.
    public var uuid: UUIDGenerator {
      get { self[UUIDGeneratorKey.self] }
      set { self[UUIDGeneratorKey.self] = newValue }
    }

    private enum UUIDGeneratorKey: DependencyKey {
      static let liveValue = UUIDGenerator { UUID() }
    }
  }

  /// A dependency that generates UUIDs: the value of ``DependencyValues/uuid``.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  ///
  /// In a test, make the UUIDs predictable:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.uuid = .incrementing
  /// } operation: {
  ///   @Dependency(\.uuid) var uuid
  ///   uuid()  // 00000000-0000-0000-0000-000000000000
  ///   uuid()  // 00000000-0000-0000-0000-000000000001
  /// }
  /// ```
  public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// A generator that always returns `uuid`.
    ///
    /// ```swift
    /// $0.uuid = .constant(UUID(42))
    /// ```
    public static func constant(_ uuid: UUID) -> Self {
      Self { uuid }
    }

    /// A generator that returns `UUID(0)`, `UUID(1)`, `UUID(2)`, …: 00000000-0000-0000-0000-000000000000,
    /// then …0001, and so on.
    ///
    /// Every access creates a new generator with its own counter, starting at zero, so each test
    /// that sets `$0.uuid = .incrementing` starts over.
    ///
    /// ```swift
    /// withDependencies {
    ///   $0.uuid = .incrementing
    /// } operation: { … }
    /// ```
    public static var incrementing: Self {
      let next = LockIsolated(0)
      return Self {
        next.withValue { next in
          defer { next += 1 }
          return UUID(next)
        }
      }
    }

    /// A generator that calls `generate` for each UUID.
    ///
    /// ```swift
    /// let fixed = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    /// $0.uuid = UUIDGenerator { fixed }
    /// ```
    public init(_ generate: @escaping @Sendable () -> UUID) {
      self.generate = generate
    }

    /// Returns a UUID.
    ///
    /// ```swift
    /// let id = uuid()
    /// ```
    public func callAsFunction() -> UUID {
      generate()
    }
  }

  extension UUID {
    /// A UUID spelling out `intValue`: its magnitude in the last 64 bits, and a 1 in the third group
    /// when it is negative.
    ///
    /// ```swift
    /// UUID(0)    // 00000000-0000-0000-0000-000000000000
    /// UUID(1)    // 00000000-0000-0000-0000-000000000001
    /// UUID(256)  // 00000000-0000-0000-0000-000000000100
    /// UUID(-1)   // 00000000-0000-0001-0000-000000000001
    /// ```
    ///
    /// In a test, compare against the UUIDs ``UUIDGenerator/incrementing`` produces:
    ///
    /// ```swift
    /// withDependencies {
    ///   $0.uuid = .incrementing
    /// } operation: {
    ///   @Dependency(\.uuid) var uuid
    ///   #expect(uuid() == UUID(0))
    /// }
    /// ```
    public init(_ intValue: Int) {
      let magnitude = UInt64(intValue.magnitude)
      func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> (8 * index)) }
      self.init(
        uuid: (
          0, 0, 0, 0, 0, 0, 0, intValue < 0 ? 1 : 0,
          byte(7), byte(6), byte(5), byte(4), byte(3), byte(2), byte(1), byte(0)
        ))
    }
  }
#endif
