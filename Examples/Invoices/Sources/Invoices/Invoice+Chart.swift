extension Invoice {
  /// A bar chart of the line totals, as 8-bit RGBA pixels (for the PDF export).
  public func renderChart(barWidth: Int = 12, height: Int = 48) -> (
    width: Int, height: Int, rgba: [UInt8]
  ) {
    let width = max(1, lines.count) * barWidth
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
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
