import Invoices
import Snapshots
import SnapshotsPNG
import Testing

extension Snapshotting where Value == Invoice, Format == Image {
  /// The invoice's chart as a PNG snapshot.
  static var chart: Snapshotting {
    .png.pullback { (invoice: Invoice) async throws -> Image in
      let chart = invoice.renderChart()
      return try Image(width: chart.width, height: chart.height, rgba: chart.rgba)
    }
  }
}

@Suite struct InvoiceChartTests {
  @Test func chart() {
    assertSnapshot(of: sample, as: .chart)
  }
}
