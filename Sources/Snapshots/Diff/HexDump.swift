/// Bytes as lines of hex, 16 to a line, for diffing binary snapshots.
///
/// For example:
/// `00000010  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a        |Hello, world!.|`
enum HexDump {
  static func lines(of bytes: some Collection<UInt8>) -> String {
    var output = ""
    var offset = 0
    var row: [UInt8] = []
    row.reserveCapacity(16)
    func flush() {
      let hexOffset = String(offset, radix: 16)
      output += String(repeating: "0", count: max(0, 8 - hexOffset.count)) + hexOffset + "  "
      for column in 0..<16 {
        if column < row.count {
          let hex = String(row[column], radix: 16)
          output += (hex.count == 1 ? "0" + hex : hex) + " "
        } else {
          output += "   "
        }
        if column == 7 { output += " " }
      }
      output += " |"
      for byte in row {
        output.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? .init(byte) : ".")
      }
      output += "|\n"
      offset += row.count
      row.removeAll(keepingCapacity: true)
    }
    for byte in bytes {
      row.append(byte)
      if row.count == 16 { flush() }
    }
    if !row.isEmpty { flush() }
    return output
  }
}
