import Foundation
import Invoices
import Snapshots
import SnapshotsJSON
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let sample = Invoice(
  number: 42, customer: "Ann Example",
  lines: [
    .init(item: "Consulting (hours)", quantity: 3, unitPriceCents: 12_000),
    .init(item: "Travel", quantity: 1, unitPriceCents: 4_550),
  ],
  status: .paid(on: Date(timeIntervalSince1970: 1_700_000_000)),
  tags: ["q4", "consulting", "eu"]
)

@Suite struct InvoiceTests {
  @Test func structure() {
    assertSnapshot(of: sample, as: .dump)
  }

  @Test func emailText() {
    assertSnapshot(of: sample.renderText(), as: .lines)
  }

  @Test func sendRequest() {
    let request = sample.sendRequest(
      baseURL: URL(string: "https://billing.example.com/v1")!, token: "t0k3n")
    assertSnapshot(of: request, as: .raw(pretty: true))
    assertSnapshot(of: request, as: .curl)
    assertSnapshot(
      of: request.httpBody ?? Data(), as: .json(redacting: [.check("$.total_cents", .number)]))
  }

  @Test(arguments: ["EUR", "USD", "CHF"])
  func totalsLine(currency: String) {
    var invoice = sample
    invoice.currency = currency
    assertSnapshot(of: invoice.renderText(), as: .lines)
  }
}
