import Foundation
import Testing

@_spi(Tooling) @testable import Snapshots

/// Lines that look the same on screen fail naming what differs: a byte-order mark, Unicode
/// normalisation, invisible characters, look-alike spaces, white space at the end of a line.
@Suite struct LookAlikeTextTests {
  func message(_ reference: String, _ actual: String) -> String? {
    Diffing<String>.lines.diff(reference, actual)?.message
  }

  /// What the diff says of its look-alike lines.
  func hints(_ reference: String, actual: String) -> [String] {
    UnifiedDiff().linesWithHints(old: reference, new: actual).filter { $0.kind == .note }
      .map(\.text)
  }

  @Test func aByteOrderMarkIsNamed() throws {
    let text = try #require(message("rec 1\nrec 2\n", "\u{FEFF}rec 1\nrec 2\n"))
    #expect(text.contains("-rec 1\n+\u{FEFF}rec 1"), "\(text)")
    #expect(
      text.hasSuffix(
        "Line 1 of both look the same but differ in the actual value starts with a byte-order mark (U+FEFF)."
      ), "\(text)")
  }

  /// Swift's `==` takes the two spellings of `é` as one; the bytes stored differ, and so must
  /// the verdict.
  @Test func normalisationFailsAndIsNamed() throws {
    let text = try #require(message("caf\u{E9}\n", "cafe\u{301}\n"))
    #expect(
      text.contains(
        "Line 1 of both look the same but differ in Unicode normalisation: the reference is composed (NFC), the actual value decomposed (NFD)."
      ), "\(text)")
  }

  @Test func invisibleCharactersAndSpacesAreNamedWithTheirCounts() throws {
    let text = try #require(
      message("a\nid: 12\nprice: 5 €\nz\n", "a\nid: 1\u{200B}2\nprice: 5\u{A0}€\nz\n"))
    #expect(
      text.contains(
        "Line 2 of both look the same but differ in zero width space (U+200B): 0 in the reference, 1 in the actual value."
      ), "\(text)")
    #expect(
      text.contains(
        "Line 3 of both look the same but differ in no-break space (U+00A0): 0 in the reference, 1 in the actual value."
      ), "\(text)")
  }

  @Test func linesThatMovedArePairedByTheirLook() {
    let lines = hints("x\nsame\u{2060}\n", actual: "new\nx\nsame\n")
    #expect(
      lines == [
        "Line 2 of the reference and 3 of the actual value look the same but differ in word joiner (U+2060): 1 in the reference, 0 in the actual value."
      ])
  }

  /// In a plain ASCII text too, where the other look-alikes cannot be.
  @Test func whiteSpaceAtTheEndOfALineIsNamed() throws {
    let text = try #require(message("a\ntotal: 5\nz\n", "a\ntotal: 5  \nz\n"))
    #expect(
      text.hasSuffix(
        "Line 2 of both look the same but differ in white space at the end: none in the reference, 2 spaces in the actual value."
      ), "\(text)")
    #expect(
      hints("x \t\n", actual: "x\u{A0}\n") == [
        "Line 1 of both look the same but differ in no-break space (U+00A0): 0 in the reference, 1 in the actual value; white space at the end: a space and a tab in the reference, a space in the actual value."
      ])
  }

  @Test func textsThatLookDifferentGetNoHint() {
    #expect(hints("caf\u{E9}\n", actual: "cafe\n").isEmpty)
    #expect(LookAlikeText.difference(of: "x", reference: "é", actual: "é") == nil)
    #expect(message("caf\u{E9}", "caf\u{E9}") == nil)
  }
}
