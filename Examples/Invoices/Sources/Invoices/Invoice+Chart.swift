/// The colours a chart is drawn in.
public enum ChartTheme: String, CaseIterable, Sendable {
  case light, dark

  var background: [UInt8] { self == .light ? [255, 255, 255, 255] : [24, 24, 28, 255] }
}

extension Invoice {
  /// A bar chart of the line totals, as 8-bit RGBA pixels (for the PDF export).
  public func renderChart(barWidth: Int = 12, height: Int = 48, theme: ChartTheme = .light) -> (
    width: Int, height: Int, rgba: [UInt8]
  ) {
    let width = max(1, lines.count) * barWidth
    var rgba = Array([[UInt8]](repeating: theme.background, count: width * height).joined())
    let largest = max(1, lines.map(\.totalCents).max() ?? 1)
    for (index, line) in lines.enumerated() {
      let barHeight = max(1, line.totalCents * (height - 4) / largest)
      for y in (height - barHeight)..<height {
        for x in (index * barWidth + 2)..<((index + 1) * barWidth - 2) {
          let offset = (y * width + x) * 4
          rgba.replaceSubrange(
            offset..<offset + 4, with: [30, 110, UInt8(180 - index * 40 % 180), 255])
        }
      }
    }
    return (width, height, rgba)
  }
}
