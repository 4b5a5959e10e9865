import DependenciesTestSupport
import Foundation
import InvoiceNumbersCore
import Testing

// snippet: traits
// Every test of the suite gets incrementing UUIDs and a fixed date (2023-11-14 22:13:20 UTC).
@Suite(
  .dependencies {
    $0.uuid = .incrementing
    $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
  })
struct InvoiceNumbersTests {
  @Test func invoicesAreNumberedConsecutively() {
    let billing = Billing()
    let first = billing.issue(to: "Ada", amountInCents: 12_000)
    let second = billing.issue(to: "Grace", amountInCents: 4_550)

    #expect(first.id == UUID(0))
    #expect(first.number == "INV-2023-0001")
    #expect(first.issuedAt == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(second.id == UUID(1))
    #expect(second.number == "INV-2023-0002")
  }

  // A test's trait applies after its suite's.
  @Test(.dependency(\.invoiceCounter, .counting(from: 42)))
  func numberingCanStartAnywhere() {
    let billing = Billing()
    #expect(billing.issue(to: "Ada", amountInCents: 1).number == "INV-2023-0042")
    #expect(billing.issue(to: "Ada", amountInCents: 1).number == "INV-2023-0043")
  }
}
// end snippet: traits

// More tests of the suite (and so with its traits).
extension InvoiceNumbersTests {
  @Test func invoicesCarryTheCustomerAndAmount() {
    let invoice = Billing().issue(to: "Ada", amountInCents: 12_000)
    #expect(invoice.customer == "Ada")
    #expect(invoice.amountInCents == 12_000)
  }

  // The counter's test value is built once per test: this test starts from 1 again, whatever
  // the other tests (running in parallel) have issued.
  @Test func everyTestStartsItsOwnNumbering() {
    #expect(Billing().issue(to: "Alan", amountInCents: 99).number == "INV-2023-0001")
  }

  @Test func theYearComesFromTheDateOfIssue() {
    let invoice = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01 00:00:00 UTC
    } operation: {
      Billing().issue(to: "Ada", amountInCents: 1)
    }
    #expect(invoice.number == "INV-2025-0001")
  }

  @Test func concurrentIssuingNeverReusesANumber() async {
    let billing = Billing()
    let numbers = await withTaskGroup(of: String.self) { group in
      for _ in 0..<100 {
        group.addTask { billing.issue(to: "Ada", amountInCents: 1).number }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(numbers.count == 100)
    #expect(numbers.contains("INV-2023-0100"))
  }
}

// snippet: no-trait
// No trait: every test case (here, each of the four arguments, run in parallel) still has its own
// cache of default values, so the counter's test value starts from 1 in each.
@Test(arguments: 1...4)
func everyTestCaseHasItsOwnCounter(_ argument: Int) async {
  @Dependency(\.invoiceCounter) var counter
  #expect(counter.next() == 1)
  await Task.yield()
  #expect(counter.next() == 2)
}
// end snippet: no-trait
