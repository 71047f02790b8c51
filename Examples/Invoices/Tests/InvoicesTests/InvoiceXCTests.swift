import Invoices
import Snapshots
import XCTest

final class InvoiceXCTests: XCTestCase {
  func testDraftInvoice() {
    let draft = Invoice(
      number: 7, customer: "Bo", lines: [.init(item: "Setup", quantity: 1, unitPriceCents: 999)])
    assertSnapshot(of: draft, as: .dump)
    assertSnapshot(of: draft.renderText(), as: .lines, named: "email")
  }
}
