import Foundation
import TestSupport
import Testing

@testable import Snapshots

/// A failure in which only numbered placeholders changed says which way (equal values now
/// differ, or the reverse) and names the flat filter.
@Suite struct PlaceholderRenumberingTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  func orders(_ first: String, _ second: String, filter: SnapshotFilter = .iso8601Dates)
    -> String?
  {
    verifySnapshot(
      of: "order 1 created 2026-11-23T09:41:\(first)Z\norder 2 created 2026-11-23T09:41:\(second)Z",
      as: .lines.filtered([filter]), named: "orders", record: .never,
      snapshotDirectory: folder.path, testName: "renumbered()")
  }

  func reference(_ text: String) throws {
    try Data(text.utf8).write(to: folder.file("renumbered.orders.txt"))
  }

  @Test func twoDatesOnEitherSideOfASecondSayWhatHappenedAndNameTheFlatFilter() throws {
    defer { folder.remove() }
    try reference("order 1 created <date-1>\norder 2 created <date-1>")
    #expect(orders("00.998", "00.998") == nil)
    let split = try #require(orders("00", "01"))
    #expect(
      split.contains("-order 2 created <date-1>") && split.contains("+order 2 created <date-2>"),
      "\(split)")
    #expect(
      split.contains(
        "Only the numbers of the <date-N> placeholders changed: values that were equal now differ."
      ), "\(split)")
    #expect(split.contains("number them flat: .iso8601Dates.flat."), "\(split)")
    // The reverse.
    try reference("order 1 created <date-1>\norder 2 created <date-2>")
    let merged = try #require(orders("00", "00"))
    #expect(merged.contains("values that differed are now equal."), "\(merged)")
    // Flat, both pass.
    try reference("order 1 created <date>\norder 2 created <date>")
    #expect(orders("00", "01", filter: .iso8601Dates.flat) == nil)
    #expect(orders("00", "00", filter: .iso8601Dates.flat) == nil)
  }

  @Test func aFailureWithOtherChangesSaysNothingOfNumbers() throws {
    defer { folder.remove() }
    try reference("order 1 created <date-1>\norder 3 created <date-1>")
    let message = try #require(orders("00", "01"))
    #expect(!message.contains("Only the numbers"), "\(message)")
  }

  @Test func eachKindIsToldWithItsOwnFilters() {
    let token = SnapshotFilter.regex(#"tok_\w+"#, placeholder: "token")
    let found = PlaceholderRenumbering.between(
      reference: "<token-1> <token-1> <token-2> <UUID-1>",
      actual: "<token-1> <token-2> <token-2> <UUID-1>", filters: [token, .uuids, .httpDates])
    #expect(
      found == [
        PlaceholderRenumbering(
          kind: "token", split: true, merged: true,
          flat: [##".regex(#"tok_\w+"#, placeholder: "token").flat"##])
      ])
    // Dates from two filters share a kind; flat filters and literal forms are not numbers.
    #expect(
      PlaceholderRenumbering.between(
        reference: "<date-1> <date-1>", actual: "<date-1> <date-2>",
        filters: [.iso8601Dates, .httpDates]
      ).first?.flat == [".iso8601Dates.flat", ".httpDates.flat"])
    #expect(
      PlaceholderRenumbering.between(
        reference: "<date-1> <date-1>", actual: "<date-1> <date-2>", filters: [.iso8601Dates.flat]
      ).isEmpty)
    #expect(
      PlaceholderRenumbering.between(
        reference: "<date-1> <[[date-1]]>", actual: "<date-1> <[[date-2]]>",
        filters: [.iso8601Dates]
      ).isEmpty)
  }
}
