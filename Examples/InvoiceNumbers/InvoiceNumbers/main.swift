// `swift run InvoiceNumbers`: issues a few invoices with the live dependencies, then the same
// invoices again inside a scope that pins the identifiers, the date and the numbering.
import Dependencies
import Foundation
import InvoiceNumbersCore

func issueAll(_ billing: Billing) -> [Invoice] {
  [("Ada", 12_000), ("Grace", 4_550), ("Alan", 99)].map {
    billing.issue(to: $0.0, amountInCents: $0.1)
  }
}

func show(_ invoices: [Invoice]) {
  for invoice in invoices {
    let customer = invoice.customer.padding(toLength: 6, withPad: " ", startingAt: 0)
    let amount = String(format: "%8.2f", Double(invoice.amountInCents) / 100)
    print("  \(invoice.number)  \(customer) \(amount)  \(invoice.id)  \(invoice.issuedAt)")
  }
}

print("Live:")
show(issueAll(Billing()))

print("Pinned (as a test would see them):")
let pinned = withDependencies {
  $0.uuid = .incrementing
  $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
  $0.invoiceCounter = .counting(from: 41)
} operation: {
  issueAll(Billing())
}
show(pinned)
