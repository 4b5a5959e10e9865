// Part of the Foundation trait (on by default): see Package.swift.
#if Foundation || ClassicDefaultTraits
  public import Foundation

  extension DependencyValues {
    /// A dependency that returns the current date.
    ///
    /// Read the current date through it instead of calling `Date()`, so that tests can control it:
    ///
    /// ```swift
    /// @Observable
    /// final class NewNoteModel {
    ///   @ObservationIgnored @Dependency(\.date.now) var now
    ///   var note: Note?
    ///
    ///   func saveButtonTapped(text: String) {
    ///     note = Note(text: text, createdAt: now)
    ///   }
    /// }
    /// ```
    ///
    /// In a test, pin it to a fixed date:
    ///
    /// ```swift
    /// @Test func createdAt() {
    ///   let model = withDependencies {
    ///     $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    ///   } operation: {
    ///     NewNoteModel()
    ///   }
    ///   model.saveButtonTapped(text: "Hi")
    ///   #expect(model.note?.createdAt == Date(timeIntervalSince1970: 1_234_567_890))
    /// }
    /// ```
    ///
    /// The live value returns `Date()`. It has no test value: as in the classic library, a test that
    /// reads it without overriding it reports "@Dependency(\.date) has no test implementation"
    /// (once per test), then gets the live value.
    public var date: DateGenerator {
      get { self[DateGeneratorKey.self] }
      set { self[DateGeneratorKey.self] = newValue }
    }

    private enum DateGeneratorKey: DependencyKey {
      static let liveValue = DateGenerator { Date() }
    }
  }

  /// A dependency that generates dates: the value of ``DependencyValues/date``.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// let now = date()      // or date.now
  /// ```
  ///
  /// In a test, replace it with a constant:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.date = .constant(Date(timeIntervalSince1970: 0))
  /// } operation: {
  ///   // date() and date.now return 1970-01-01 here
  /// }
  /// ```
  public struct DateGenerator: Sendable {
    private var generate: @Sendable () -> Date

    /// A generator that always returns `now`.
    ///
    /// ```swift
    /// $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    /// ```
    public static func constant(_ now: Date) -> Self {
      Self { now }
    }

    /// The current date. Setting it makes the generator return that date from then on.
    ///
    /// ```swift
    /// @Dependency(\.date.now) var now
    ///
    /// withDependencies {
    ///   $0.date.now = Date(timeIntervalSince1970: 0)
    /// } operation: { … }
    /// ```
    public var now: Date {
      get { generate() }
      set { generate = { newValue } }
    }

    /// A generator that calls `generate` for each date.
    ///
    /// ```swift
    /// let start = Date(timeIntervalSince1970: 0)
    /// let calls = LockIsolated(0)
    /// let date = DateGenerator {
    ///   calls.withValue { $0 += 1; return start.addingTimeInterval(Double($0)) }
    /// }
    /// ```
    public init(_ generate: @escaping @Sendable () -> Date) {
      self.generate = generate
    }

    /// Returns the current date.
    ///
    /// ```swift
    /// let createdAt = date()
    /// ```
    public func callAsFunction() -> Date {
      generate()
    }
  }
#endif
