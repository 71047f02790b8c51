import Foundation
import TestSupport
import Testing

@testable import Snapshots

/// Numbered placeholders and the patterns a person writes into a reference: what each matches,
/// that the same placeholder means the same value, and that recording over a reference keeps
/// the patterns whose lines still match.
@Suite struct ReferencePatternTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  static let ids = (0..<3).map { _ in UUID().uuidString }

  @Test func aFilterNumbersDistinctValuesAndGivesARepeatItsNumber() throws {
    let (a, b) = (Self.ids[0], Self.ids[1])
    #expect(
      try SnapshotFilter.apply([.uuids], to: "a \(a) b \(b) c \(a)", packageRoot: nil)
        == "a <UUID-1> b <UUID-2> c <UUID-1>")
    #expect(
      try SnapshotFilter.apply([.uuids.flat], to: "a \(a) b \(b)", packageRoot: nil)
        == "a <UUID> b <UUID>")
    #expect(
      try SnapshotFilter.apply(
        [.regex(#"tok_\w+"#, placeholder: "token")], to: "x tok_a tok_b tok_a", packageRoot: nil)
        == "x <token-1> <token-2> <token-1>")
    // ISO 8601 and HTTP dates share one count.
    #expect(
      try SnapshotFilter.apply(
        [.iso8601Dates, .httpDates],
        to: "on 2026-11-23T09:41:00Z, Mon, 23 Nov 2026 09:41:00 GMT, 2026-11-23T09:41:00Z",
        packageRoot: nil) == "on <date-1>, <date-2>, <date-1>")
  }

  @Test func aScopeCanNumberAcrossItsAssertions() throws {
    defer { folder.remove() }
    func record(_ text: String, _ name: String) throws -> String {
      _ = verifySnapshot(
        of: text, as: .lines.filtered([.uuids]), named: name, record: .all,
        snapshotDirectory: folder.path, testName: "ids()")
      return try String(contentsOf: folder.file("ids.\(name).txt"), encoding: .utf8)
    }
    let (a, b) = (Self.ids[0], Self.ids[1])
    let shared = try withSnapshotTesting(placeholderNumbering: .perTest) { () throws -> [String] in
      [try record("created \(a)", "created"), try record("other \(b), fetched \(a)", "fetched")]
    }
    #expect(shared == ["created <UUID-1>", "other <UUID-2>, fetched <UUID-1>"])
    // Per snapshot (the default), each counts from 1.
    #expect(try record("other \(b), fetched \(a)", "alone") == "other <UUID-1>, fetched <UUID-2>")
  }

  /// Compares `text` with the reference `reference`, recording what is kept when they differ.
  func verify(_ text: String, against reference: String, record: Bool = false) throws -> (
    message: String?, kept: String
  ) {
    try Data(reference.utf8).write(to: folder.file("patterns.value.txt"))
    let message = verifySnapshot(
      of: text, as: .lines, named: "value", record: record ? .all : .never,
      snapshotDirectory: folder.path, testName: "patterns()")
    let written = try String(contentsOf: folder.file("patterns.value.txt"), encoding: .utf8)
    return (message, written)
  }

  @Test func patternsMatchWhatTheySayAndTheSamePlaceholderTheSameValue() throws {
    defer { folder.remove() }
    let (a, b) = (Self.ids[0], Self.ids[1])
    let reference = "took [..] ms\n...\nid <UUID-1>\nechoed <UUID-1>\nother <UUID-2>\nend"
    #expect(
      try verify(
        "took 31 ms\nwarming up\nretrying\nid \(a)\nechoed \(a)\nother \(b)\nend",
        against: reference
      ).message == nil)
    // `...` takes no line too; the filtered text's own placeholders match themselves.
    #expect(
      try verify(
        "took 4 ms\nid <UUID-1>\nechoed <UUID-1>\nother <UUID-2>\nend", against: reference
      ).message == nil)
    // An echo of another id, and one id for two numbers, fail.
    let wrongEcho = try verify(
      "took 31 ms\nid \(a)\nechoed \(b)\nother \(b)\nend", against: reference)
    #expect(wrongEcho.message?.contains("-echoed <UUID-1>\n+echoed \(b)") == true)
    #expect(
      try verify("took 1 ms\nid \(a)\nechoed \(a)\nother \(a)\nend", against: reference).message
        != nil)
    // `[[..]]` is the text `[..]` itself; an unknown kind is text.
    #expect(try verify("a [..] b", against: "a [[..]] b").message == nil)
    #expect(try verify("a xyz b", against: "a [[..]] b").message != nil)
    #expect(try verify("<thing-1>", against: "<thing-1>").message == nil)
    #expect(try verify("<thing-2>", against: "<thing-1>").message != nil)
  }

  @Test(arguments: [
    ("...\nend", "end", true), ("...\nend", "a\nb\nend", true), ("start\n...", "start", true),
    ("start\n...\n", "start\nx\n", true), ("a\n...\nb\n...\nc", "a\n1\nb\n2\n3\nc", true),
    ("a [..] b\n", "a x b", false), ("[..]", "", true), ("x[..]", "y", false),
    ("a\n...\nb", "a\nc", false), ("<UUID>", "<date-1>", false),
  ])
  func whereEllipsesAndWildcardsStand(reference: String, actual: String, passes: Bool) {
    let patterns = ReferencePatterns(filters: [])
    #expect(
      (patterns.kept(reference: reference, actual: actual, placeholders: []) == reference)
        == passes)
  }

  @Test func aFlatPlaceholderOfAnOlderReferenceMatchesANumberedOne() throws {
    defer { folder.remove() }
    #expect(
      try verify("order <UUID-1> at <date-1>", against: "order <UUID> at <date>").message == nil)
  }

  @Test func swappedIdsFailWithADiffOfTheSwappedLinesOnly() throws {
    defer { folder.remove() }
    let (a, b) = (Self.ids[0], Self.ids[1])
    let reference =
      "request <UUID-1>\nrequest <UUID-2>\nstatus 200\nresponse <UUID-1>\nresponse <UUID-2>"
    let swapped = try verify(
      "request \(a)\nrequest \(b)\nstatus 200\nresponse \(b)\nresponse \(a)", against: reference)
    let message = try #require(swapped.message)
    let changed = message.split(separator: "\n").filter {
      ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
    }
    #expect(
      changed == [
        "-response <UUID-1>", "-response <UUID-2>", "+response \(b)", "+response \(a)",
      ], "\(message)")
  }

  @Test func recordingKeepsThePatternsWhoseLinesStillMatch() throws {
    defer { folder.remove() }
    let reference = "header\ntook [..] ms\n...\ntotal 3\nfooter"
    let recorded = try verify(
      "header\ntook 12 ms\nnoise 1\nnoise 2\ntotal 4\nfooter", against: reference, record: true)
    #expect(recorded.message?.contains("Recorded a new snapshot over it") == true)
    #expect(recorded.kept == "header\ntook [..] ms\n...\ntotal 4\nfooter")
    // The failure shows the pattern lines as unchanged.
    let failed = try verify(
      "header\ntook 12 ms\nnoise\ntotal 5\nfooter", against: recorded.kept)
    let message = try #require(failed.message)
    #expect(message.contains(" took [..] ms") && message.contains(" ..."), "\(message)")
    #expect(message.contains("-total 4\n+total 5"), "\(message)")
  }

  @Test func aReferenceWithNoPatternIsComparedAsBefore() throws {
    defer { folder.remove() }
    let failed = try verify("a\nb [x]\nc", against: "a\nb [y]\nc")
    #expect(failed.message?.contains("-b [y]\n+b [x]") == true)
    #expect(!ReferencePatterns(filters: []).mayHold("a\nb [y]\nc <p>"))
  }
}
