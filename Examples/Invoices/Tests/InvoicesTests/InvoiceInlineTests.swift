import Foundation
import InlineSnapshots
import Invoices
import SnapshotsJSON
import Testing

/// References kept in the source; `swift package --allow-writing-to-package-directory
/// snapshot-record` writes them when they change.
@Suite struct InvoiceInlineTests {
  @Test func emailHeader() {
    let header = sample.renderText().split(separator: "\n").prefix(2).joined(separator: "\n")
    assertInlineSnapshot(of: header, as: .lines) {
      #"""
      INVOICE #42
      Bill to: Ann Example
      """#
    }
  }

  @Test func lineItems() {
    assertInlineSnapshot(of: sample.lines.map(\.item), as: .json) {
      """
      [
        "Consulting (hours)",
        "Travel"
      ]

      """
    }
  }
}
