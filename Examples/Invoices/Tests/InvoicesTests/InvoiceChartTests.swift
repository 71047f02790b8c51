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

  static let theme = VariantAxis<ChartTheme>("theme")
  static let barWidth = VariantAxis("bars", [8, 16])

  /// One chart per theme and bar width: `chartVariants.theme=dark_bars=16.png` and three more.
  @Test func chartVariants() {
    assertSnapshots(
      of: { variant in
        let chart = sample.renderChart(
          barWidth: variant[Self.barWidth], theme: variant[Self.theme])
        return try Image(width: chart.width, height: chart.height, rgba: chart.rgba)
      },
      as: .png, across: Variants(Self.theme, Self.barWidth))
  }
}
