import Foundation

/// An invoice: who is billed, for what, and when.
public struct Invoice: Sendable {
  public struct Line: Sendable {
    public var item: String
    public var quantity: Int
    public var unitPriceCents: Int

    public init(item: String, quantity: Int, unitPriceCents: Int) {
      self.item = item
      self.quantity = quantity
      self.unitPriceCents = unitPriceCents
    }

    public var totalCents: Int { quantity * unitPriceCents }
  }

  public enum Status: Sendable {
    case draft
    case sent(to: String)
    case paid(on: Date)
  }

  public var number: Int
  public var customer: String
  public var currency: String
  public var lines: [Line]
  public var status: Status
  public var tags: Set<String>

  public init(
    number: Int, customer: String, currency: String = "EUR", lines: [Line],
    status: Status = .draft, tags: Set<String> = []
  ) {
    self.number = number
    self.customer = customer
    self.currency = currency
    self.lines = lines
    self.status = status
    self.tags = tags
  }

  public var totalCents: Int { lines.reduce(0) { $0 + $1.totalCents } }
}
