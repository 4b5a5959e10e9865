import Dependencies

/// Hands out consecutive invoice numbers.
public struct InvoiceCounter: Sendable {
  /// The next number.
  public var next: @Sendable () -> Int

  /// A counter that calls `next` for each number.
  public init(next: @escaping @Sendable () -> Int) {
    self.next = next
  }

  /// A counter that starts at `first` and counts up by one, safe to share between tasks.
  public static func counting(from first: Int) -> InvoiceCounter {
    let current = LockIsolated(first)
    return InvoiceCounter {
      current.withValue { value in
        defer { value += 1 }
        return value
      }
    }
  }
}

extension InvoiceCounter: DependencyKey {
  /// A real application would ask its database; this one counts in memory from 1.
  public static var liveValue: InvoiceCounter { .counting(from: 1) }
  /// Also counts from 1. It is a computed property, so every test, which gets its own cache of
  /// default values, gets a new counter that starts over.
  public static var testValue: InvoiceCounter { .counting(from: 1) }
}

extension DependencyValues {
  /// The source of invoice numbers.
  public var invoiceCounter: InvoiceCounter {
    get { self[InvoiceCounter.self] }
    set { self[InvoiceCounter.self] = newValue }
  }
}
