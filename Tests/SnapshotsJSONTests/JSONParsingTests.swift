import Foundation
import Testing

@testable import SnapshotsJSON

/// Strict parsing through json-c, with positions for errors and numbers kept as written.
@Suite struct JSONParsingTests {
  func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

  @Test(arguments: ["123", "true", "false", "null", "\"x\"", "-0.5", " 7 "])
  func topLevelScalarsParse(text: String) throws {
    #expect(try parse(text).canonicalText == text.trimmingCharacters(in: .whitespaces) + "\n")
  }

  @Test(
    arguments: [
      ("{} trailing", nil, 3),
      ("[1] x", nil, 4),
      ("[1]\u{0}x", "unexpected text after the JSON value", 3),
      ("[1,]", nil, 3),
      ("{\"a\":1,}", nil, 7),
      ("// c\n{}", nil, 0),
      ("[NaN]", "NaN, Infinity and other bare words are not JSON", 1),
      ("[-Infinity]", "malformed number", 1),
      ("[-01]", "malformed number", 1),
      ("[\"a\tb\"]", "a control character in a string must be escaped", 3),
      ("['x']", nil, 1),
      // Found by fuzzing: a `"` inside single quotes put the second scan out of step.
      ("{'\"':5.}", "strings must be in double quotes", 1),
      ("", "unexpected end of input", 0),
      ("[1, 2", "unexpected end of input", 5),
    ] as [(String, String?, Int)])
  func nonStandardInputIsRefused(text: String, reason: String?, offset: Int) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? JSONParseError else { return false }
      return (reason == nil || error.reason == reason) && error.byteOffset == offset
    }
  }

  @Test func errorsSayLineColumnAndShowTheLine() throws {
    let text = "{\n  \"name\": \"Ann\",\n  \"age\": tru\n}"
    let error = try #require(throws: JSONParseError.self) { try parse(text) }
    #expect(error.line == 3)
    #expect(error.column == 13)
    #expect(error.byteOffset == 31)
    #expect(error.snippet == "  \"age\": tru")
    #expect(error.description.hasPrefix("invalid JSON at line 3, column 13 (byte offset 31): "))
  }

  @Test func deepNestingBeyondJSONCsDefaultParses() throws {
    let depth = 200
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(throws: Never.self) { try parse(text) }
    let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: JSONParseError.self) { try parse(tooDeep) }
  }

  @Test(arguments: [
    "-9223372036854775808", "9223372036854775807", "18446744073709551615", "1.10", "1e3", "1E+3",
    "-0.0", "-0", "123456789012345678901234567890", "-123456789012345678901234567890", "0.1e-400",
  ])
  func numbersKeepTheirText(text: String) throws {
    // A top-level number ends the bytes: what memory holds after them is not read (here a
    // digit, left by the removed last byte).
    var ended = Array((text + "7").utf8)
    ended.removeLast()
    #expect(try JSONValue.canonicalText(parsing: ended) == "\(text)\n")
    #expect(try parse("[\(text)]").canonicalText == "[\n  \(text)\n]\n")
    #expect(try parse(text).canonicalText == "\(text)\n")
    #expect(
      try JSONValue.canonicalText(parsing: Array("{\"n\": \(text)}".utf8))
        == "{\n  \"n\": \(text)\n}\n")
  }

  @Test func repeatedKeysKeepTheLastValue() throws {
    #expect(try parse(#"{"a":"x","b":1,"a":5}"#).canonicalText == "{\n  \"a\": 5,\n  \"b\": 1\n}\n")
  }

  @Test func invalidUTF8IsRefused() {
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
  }

  /// An encoded surrogate (CESU-8) is not UTF-8, whichever check finds it.
  @Test func encodedSurrogatesAreRefusedWithTheirOffset() throws {
    let bytes: [UInt8] = [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]
    let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
    #expect(error.byteOffset >= 2 && error.byteOffset <= 5)
  }
}
