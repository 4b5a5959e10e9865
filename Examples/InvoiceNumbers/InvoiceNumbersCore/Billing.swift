import Dependencies
import Foundation

/// An issued invoice.
public struct Invoice: Equatable, Sendable {
  /// A unique identifier, for storage.
  public var id: UUID
  /// The number printed on the invoice, such as `INV-2024-0007`.
  public var number: String
  /// When it was issued.
  public var issuedAt: Date
  /// Who pays.
  public var customer: String
  /// How much, in cents.
  public var amountInCents: Int
}

/// Issues invoices. Everything that varies between runs (identifiers, the date, the numbering)
/// comes from dependencies, so a test can predict every field.
public struct Billing: Sendable {
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.invoiceCounter) var invoiceCounter

  public init() {}

  /// Issues an invoice numbered `INV-<year>-<number>`, the year being the UTC year of issue.
  public func issue(to customer: String, amountInCents: Int) -> Invoice {
    let issuedAt = now
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let year = calendar.component(.year, from: issuedAt)
    let number = invoiceCounter.next()
    return Invoice(
      id: uuid(),
      number: "INV-\(year)-" + String(repeating: "0", count: max(0, 4 - "\(number)".count))
        + "\(number)",
      issuedAt: issuedAt,
      customer: customer,
      amountInCents: amountInCents)
  }
}
