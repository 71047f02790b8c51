import Foundation
import Snapshots
import TestSupport
import Testing

@testable import SnapshotsJSON

/// Comparison is semantic, and failures name the changed paths.
@Suite struct JSONComparisonTests {
  struct Team: Codable {
    struct Member: Codable { var id: Int; var name: String }
    var users: [Member]
    var meta: [String: String]
  }

  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  func verify<Value>(_ value: Value, as strategy: Snapshotting<Value, String>, reference: String)
    throws -> String?
  {
    defer { folder.remove() }
    try Data(reference.utf8).write(to: folder.file("team.1.json"))
    return verifySnapshot(
      of: value, as: strategy, record: .never, snapshotDirectory: folder.path, testName: "team")
  }

  static let team = Team(
    users: [.init(id: 1, name: "Bo"), .init(id: 2, name: "Ann")], meta: ["etag": "x1", "v": "2"])

  @Test func formattingAndKeyOrderDoNotMatter() throws {
    let reference =
      #"{ "meta" : {"v":"2","etag":"x1"}, "users":[{"name":"Bo","id":1.0},{"id":2,"name":"Ann"}] }"#
    #expect(try verify(Self.team, as: .json, reference: reference) == nil)
  }

  @Test func referencesFromSwiftSnapshotTestingPass() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let theirs = String(decoding: try encoder.encode(Self.team), as: UTF8.self)
    #expect(theirs.contains("\"id\" : 1"))
    #expect(try verify(Self.team, as: .json, reference: theirs) == nil)
  }

  @Test func changesAreListedByPath() throws {
    var team = Self.team
    team.users[1].name = "Anna"
    team.users.append(.init(id: 5, name: "Cy"))
    team.meta["etag"] = nil
    let reference = String(decoding: try JSONEncoder().encode(Self.team), as: UTF8.self)
    let message = try #require(try verify(team, as: .json, reference: reference))
    #expect(
      message.contains(
        """
        - $.meta.etag
        $.users[1].name: "Ann" → "Anna"
        + $.users[2]: {"id":5,"name":"Cy"}
        """))
    #expect(message.contains("@@ "))
    #expect(message.contains("-      \"name\": \"Ann\"\n+      \"name\": \"Anna\""))
  }

  @Test func numbersCompareByValue() {
    #expect(JSONValue.numbersEqual("1.10", "1.1"))
    #expect(JSONValue.numbersEqual("1e3", "1000"))
    #expect(JSONValue.numbersEqual("-0", "0"))
    #expect(JSONValue.numbersEqual("18446744073709551615", "18446744073709551615"))
    #expect(
      !JSONValue.numbersEqual("123456789012345678901234567890", "123456789012345678901234567891"))
    #expect(!JSONValue.numbersEqual("9223372036854775807", "9223372036854775806"))
    // Outside `Double`: too large, too small, too precise.
    #expect(!JSONValue.numbersEqual("1e400", "2e400"))
    #expect(JSONValue.numbersEqual("1e400", "10e399"))
    #expect(!JSONValue.numbersEqual("1e-400", "0"))
    #expect(!JSONValue.numbersEqual("0.1000000000000000000001", "0.1"))
    #expect(JSONValue.numbersEqual("0.0e5", "-0.000"))
    #expect(!JSONValue.numbersEqual("1e123456789012345678901", "2e123456789012345678901"))
    #expect(JSONValue.numbersEqual("1e0123456789012345678901", "1E+123456789012345678901"))
    #expect(!JSONValue.numbersEqual("1e", "1e0"))
  }

  /// The same verdicts as Python's `decimal.Decimal` on random numbers written many ways.
  @Test func numbersCompareAsDecimalDoes() throws {
    var random = SplitMix(seed: 32)
    func number() -> String {
      let digits = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        ["0", "1", "5", "00", "10"].randomElement(using: &random)!
      }.joined()
      var text = (Bool.random(using: &random) ? "-" : "") + digits
      if Bool.random(using: &random) {
        text += "." + ["0", "5", "50", "001"].randomElement(using: &random)!
      }
      if Bool.random(using: &random) {
        text +=
          ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)!
          + ["0", "1", "2", "400", "0400", "99999999999999999"].randomElement(using: &random)!
      }
      return text
    }
    let pairs = (0..<3000).map { _ in (number(), number()) }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let input = folder.file("pairs.txt")
    try Data(pairs.map { "\($0.0) \($0.1)" }.joined(separator: "\n").utf8).write(to: input)
    let script = """
      import decimal, sys
      decimal.setcontext(decimal.Context(Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN))
      for line in open(sys.argv[1]):
          a, b = line.split()
          print(int(decimal.Decimal(a) == decimal.Decimal(b)))
      """
    let oracle = try Command("python3", ["-c", script, input.path], in: folder.url)
    guard oracle.status != 127 else {
      print("skipped the decimal oracle: no python3")
      return
    }
    let verdicts = oracle.output.split(separator: "\n").map { $0 == "1" }
    #expect(verdicts.count == pairs.count, "\(oracle.output)")
    let disagreeing = zip(pairs, verdicts).filter { JSONValue.numbersEqual($0.0, $0.1) != $1 }
    #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10))")
    // Written one way (`normalizingNumbers`): the same value, and one text for equal values.
    func normalized(_ text: String) -> String {
      guard case .number(let written) = JSONValue.number(text).normalizingNumbers() else {
        return text
      }
      return written
    }
    for ((a, b), equal) in zip(pairs, verdicts) {
      #expect(JSONValue.numbersEqual(a, normalized(a)), "\(a) → \(normalized(a))")
      #expect((normalized(a) == normalized(b)) == equal, "\(a) \(b)")
    }
    #expect(verdicts.contains(true) && verdicts.contains(false))
  }

  @Test func numbersAreWrittenOneWay() {
    let written = [
      "1.0", "1e2", "-0", "0.50", "1E-7", "0.000001", "123e20", "1e21", "1e22", "-12.5e-1",
    ]
    .map { text -> String in
      guard case .number(let number) = JSONValue.number(text).normalizingNumbers() else {
        return ""
      }
      return number
    }
    #expect(
      written == [
        "1", "100", "0", "0.5", "1e-7", "0.000001", "1.23e22", "1e21",
        "1e22", "-1.25",
      ])
  }

  @Test func numbersOutsideDoubleFailAndSayWhere() throws {
    let message = try verify(Data(#"{"n": 2e400}"#.utf8), as: .json, reference: #"{"n": 1e400}"#)
    #expect(message?.contains("$.n: 1e400 → 2e400") == true, "\(message ?? "")")
  }

  @Test func invalidActualJSONFailsWithItsPosition() throws {
    let message = try verify(Data("{\n  \"a\": [1,,2]\n}".utf8), as: .json, reference: "{}")
    #expect(
      message?.hasPrefix(
        "Could not snapshot the value: invalid JSON at line 2, column 11 (byte offset 12): ")
        == true)
  }

  @Test func invalidReferenceFailsWithItsPosition() throws {
    let message = try verify(Self.team, as: .json, reference: "{\"users\": [}")
    #expect(
      message?.contains(
        "The reference is not valid JSON: invalid JSON at line 1, column 12 (byte offset 11): ")
        == true)
  }
}

/// JSON keys and strings that look alike are told apart, by their scalars, and the failure
/// says how.
@Suite struct JSONLookAlikeTests {
  @Test func keysThatDifferOnlyInNormalisation() throws {
    let message = try #require(
      Diffing<String>.json().diff(#"{"caf\#u{E9}": 1}"#, #"{"cafe\#u{301}": 1}"#)?.message)
    #expect(message.contains("+ $[\"cafe\u{301}\"]: 1\n- $[\"caf\u{E9}\"]\n"), "\(message)")
    #expect(
      message.contains(
        "  The keys $[\"caf\u{E9}\"] and $[\"cafe\u{301}\"] look the same but differ in Unicode normalisation: the reference is composed (NFC), the actual value decomposed (NFD)."
      ), "\(message)")
  }

  @Test func stringsWithAnInvisibleCharacter() throws {
    let message = try #require(
      Diffing<String>.json().diff(#"{"a": "x y"}"#, #"{"a": "x\#u{A0}y"}"#)?.message)
    #expect(
      message.contains(
        "  The strings look the same but differ in no-break space (U+00A0): 0 in the reference, 1 in the actual value."
      ), "\(message)")
  }
}
