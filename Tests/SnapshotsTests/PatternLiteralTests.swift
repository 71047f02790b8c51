import Foundation
import TestSupport
import Testing

@testable import Snapshots

/// A value that holds pattern syntax is recorded in its literal form: its reference matches
/// that value and nothing else, a filter's own placeholders stay placeholders, and references
/// written before keep passing.
@Suite struct PatternLiteralTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// Asserts `text` against the reference named `name`, recording it when it differs.
  func assert(
    _ text: String, _ name: String, record: Bool = false, filters: [SnapshotFilter] = []
  ) -> String? {
    verifySnapshot(
      of: text, as: .lines.filtered(filters), named: name, record: record ? .all : .never,
      snapshotDirectory: folder.path, testName: "literal()")
  }

  func reference(_ name: String) throws -> String {
    try String(contentsOf: folder.file("literal.\(name).txt"), encoding: .utf8)
  }

  /// Each pattern syntax, held by a value: what it is recorded as, and changed values that
  /// its reference would have matched had it been recorded as is.
  static let syntaxes: [(value: String, recorded: String, changed: [String])] = [
    ("slice a[..] end", "slice a[[..]] end", ["slice a[1...3] end", "slice a end"]),
    ("a\n...\nb", "a\n[[...]]\nb", ["a\nb", "a\nx\ny\nb"]),
    ("a\n  ...\t\nb", "a\n  [[...]]\t\nb", ["a\nb", "a\n  x\t\nb"]),
    ("id <UUID-1>", "id <[[UUID-1]]>", ["id <UUID-2>", "id 6F9619FF-8B86-D011-B42D-00C04FC964FF"]),
    ("at <date>", "at <[[date]]>", ["at 2026-11-23T09:41:00Z", "at <date-1>"]),
    ("the text [[..]]", "the text [[[..]]]", ["the text [..]", "the text [x]"]),
    ("a\n[[...]]\nb", "a\n[[[...]]]\nb", ["a\n...\nb", "a\n[x]\nb"]),
    ("id <[[UUID-1]]>", "id <[[[UUID-1]]]>", ["id <UUID-1>", "id <[[UUID-2]]>"]),
    // Text already, written as it is.
    ("a\n[...]\nb <[UUID-1]> c", "a\n[...]\nb <[UUID-1]> c", ["a\n...\nb <UUID-1> c"]),
  ]

  @Test func aValueWithEachPatternSyntaxIsRecordedInItsLiteralFormAndFailsOnceChanged() throws {
    defer { folder.remove() }
    for (index, syntax) in Self.syntaxes.enumerated() {
      let name = "syntax\(index)"
      #expect(assert(syntax.value, name, record: true)?.contains("Recorded snapshot") == true)
      let recorded = try reference(name)
      #expect(recorded == syntax.recorded)
      // Unchanged, it passes, and recording it again writes nothing.
      #expect(assert(syntax.value, name) == nil)
      #expect(assert(syntax.value, name, record: true) == nil)
      #expect(try reference(name) == recorded)
      for changed in syntax.changed {
        #expect(assert(changed, name) != nil, "\(syntax.value) recorded, then \(changed)")
      }
    }
  }

  @Test func aFiltersPlaceholdersStayPlaceholdersAndTheValuesOwnSpellingIsText() throws {
    defer { folder.remove() }
    let ids = (0..<2).map { _ in UUID().uuidString }
    func log(_ id: String, literal: String = "<UUID-1>") -> String {
      "request \(id)\nechoed \(id)\ndocs say \(literal) [..]"
    }
    _ = assert(log(ids[0]), "mixed", record: true, filters: [.uuids])
    #expect(
      try reference("mixed")
        == "request <UUID-1>\nechoed <UUID-1>\ndocs say <[[UUID-1]]> [[..]]")
    #expect(assert(log(ids[1]), "mixed", filters: [.uuids]) == nil)
    #expect(assert(log(ids[1], literal: "<UUID-2>"), "mixed", filters: [.uuids]) != nil)
    #expect(assert(log(ids[1], literal: ids[0]), "mixed", filters: [.uuids.flat]) != nil)
    // A filter's flat placeholder, and a kind of the user's, are the filter's too.
    let own = assert(
      "tok_a <token-1> \(ids[0])", "own", record: true,
      filters: [.regex(#"tok_\w+"#, placeholder: "token"), .uuids.flat])
    #expect(own?.contains("Recorded snapshot") == true, "\(own ?? "")")
    #expect(try reference("own") == "<token-1> <[[token-1]]> <UUID>")
    // A later filter that rewrites a placeholder leaves text, and moves the ones after it.
    let rewritten = try SnapshotFilter.filtered(
      [.uuids, .regex("<UUID-1> x", replacement: "[..] y")], "\(ids[0]) x \(ids[1])",
      packageRoot: nil, numbers: nil)
    #expect(rewritten.text == "[..] y <UUID-2>")
    #expect(rewritten.placeholders == [7..<15])
  }

  @Test func referencesWrittenBeforeKeepPassing() throws {
    defer { folder.remove() }
    // Recorded as is, before: each still reads as the pattern it is.
    for (index, old) in ["slice a[..] end", "a\n...\nb", "id <UUID-1>", "x [[..]]"].enumerated() {
      try Data(old.utf8).write(to: folder.file("literal.old\(index).txt"))
    }
    #expect(assert("slice a[..] end", "old0") == nil)
    #expect(assert("a\n...\nb", "old1") == nil)
    #expect(assert("id <UUID-1>", "old2") == nil)
    #expect(assert("x [..]", "old3") == nil)
    // Recording over one where another line changed keeps the old line, and writes the new
    // one's pattern syntax in its literal form.
    try Data("a [..] b\ntotal 1".utf8).write(to: folder.file("literal.old4.txt"))
    _ = assert("a [..] b\ntotal [..]", "old4", record: true)
    #expect(try reference("old4") == "a [..] b\ntotal [[..]]")
  }

  /// Pieces of text that read as pattern syntax, or nearly.
  static let pieces = [
    "[..]", "[[..]]", "...", "[[...]]", "[...]", "<UUID-1>", "<UUID>", "<[[UUID-1]]>",
    "<[UUID-2]>", "<date-2>", "[", "]", "<", ">", ".", "..", "-", "1", "UUID", "date", "\n",
    " ", "\t", "a", "<token-1>", "[[", "]]", "<[[", "é",
  ]

  /// Every recorded value matches itself and nothing else: over many generated texts, each
  /// text's literal form passes against it and fails against each of its one-piece changes.
  @Test func everyRecordedValueMatchesItselfAndNoChangedValue() {
    var random = SplitMix(seed: 51)
    let patterns = ReferencePatterns(filters: [.regex("tok_[a-z]", placeholder: "token")])
    func text(_ count: Int) -> String {
      (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
    }
    func passes(_ reference: String, _ actual: String) -> Bool {
      reference == actual || patterns.passes(Data(reference.utf8), actual) == true
    }
    for _ in 0..<3000 {
      let value = text(Int.random(in: 0...8, using: &random))
      let recorded = patterns.literal(value, placeholders: [])
      #expect(passes(recorded, value), "\(value.debugDescription) as \(recorded.debugDescription)")
      #expect(
        patterns.kept(reference: recorded, actual: value, placeholders: []) == recorded,
        "\(value.debugDescription)")
      #expect(patterns.literal(value, placeholders: []) == recorded, "the same text each time")
      let pieces = Array(value.unicodeScalars)
      for _ in 0..<6 where !pieces.isEmpty {
        var changed = pieces.map { String($0) }
        let at = Int.random(in: 0..<changed.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: changed[at] = text(1)
        case 1: changed.insert(text(Int.random(in: 1...3, using: &random)), at: at)
        default: changed.remove(at: at)
        }
        let other = changed.joined()
        guard other != value else { continue }
        #expect(
          !passes(recorded, other),
          "\(value.debugDescription) recorded as \(recorded.debugDescription) matches \(other.debugDescription)"
        )
      }
    }
  }
}
