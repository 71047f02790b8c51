extension Invoice {
  /// The invoice as a plain-text document, as it is e-mailed.
  public func renderText() -> String {
    var text = "INVOICE #\(number)\nBill to: \(customer)\n\n"
    for line in lines {
      let item = line.item.padding(toLength: 24, withPad: " ", startingAt: 0)
      text +=
        "\(item) \(line.quantity) × \(Self.money(line.unitPriceCents)) = \(Self.money(line.totalCents))\n"
    }
    text += String(repeating: "-", count: 48) + "\n"
    text += "Total: \(Self.money(totalCents)) \(currency)\n"
    return text
  }

  static func money(_ cents: Int) -> String {
    let remainder = cents % 100
    return "\(cents / 100).\(remainder < 10 ? "0" : "")\(remainder)"
  }
}
