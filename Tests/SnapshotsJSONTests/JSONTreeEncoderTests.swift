import Foundation
import Testing

@testable import SnapshotsJSON

/// Encoding straight to a tree records exactly what encoding with `JSONEncoder` and parsing the
/// bytes back would.
@Suite struct JSONTreeEncoderTests {
  enum Kind: String, Codable { case small, large }
  enum Shape: Codable { case circle(radius: Double), square(Int), none }

  class Animal: Encodable { var name = "Rex" }
  final class Dog: Animal {
    var barks = true
    enum CodingKeys: String, CodingKey { case barks }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(barks, forKey: .barks)
      try super.encode(to: container.superEncoder())
    }
  }

  struct Custom: Encodable {
    func encode(to encoder: any Encoder) throws {
      var outer = encoder.container(keyedBy: AnyKey.self)
      var list = outer.nestedUnkeyedContainer(forKey: AnyKey("list"))
      try list.encode(1)
      try list.encodeNil()
      var inner = list.nestedContainer(keyedBy: AnyKey.self)
      try inner.encode("x", forKey: AnyKey("y"))
      try outer.encode(2, forKey: AnyKey("b"))
      try outer.encode(3, forKey: AnyKey("b"))  // encoded twice: the last wins
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  struct Everything: Encodable {
    var int = -42
    var big = UInt64.max
    var small = Int64.min
    var doubles = [100.0, 0.1, -0.0, 1e20, 1.5e-7, 123_456_789.123, 1e16, 2.5]
    var floats: [Float] = [0.1, 100, 1e10]
    var text = "a/b\u{1}\t\"é\\"
    var flag = false
    var missing: String? = nil
    var present: String? = "here"
    var date = Date(timeIntervalSince1970: 1_700_000_000.5)
    var data = Data([0, 1, 2, 255])
    var url = URL(string: "https://example.com/a?b=c")
    var decimal = Decimal(string: "1.10")
    var kinds: [Kind] = [.small, .large]
    var shapes: [Shape] = [.circle(radius: 2), .square(3), .none]
    var byName = ["b": 2, "a": 1]
    var byNumber = [2: "two", 1: "one"]
    var nested = [[1, 2], [], [3]]
    var empty: [String: Int] = [:]
    var many = Dictionary(uniqueKeysWithValues: (0..<50).map { ("key \($0)", $0) })
    var dog: Animal = Dog()
    var custom = Custom()
  }

  @Test func matchesJSONEncoderThroughJSONC() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let viaBytes = try JSONValue.canonicalText(parsing: encoder.encode(Everything()))
    #expect(try JSONTreeEncoder.encode(Everything()).canonicalText == viaBytes)
    #expect(try JSONTreeEncoder.canonicalText(Everything()) == viaBytes)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteNumbersAreRefused(value: Double) {
    #expect(throws: EncodingError.self) { try JSONTreeEncoder.encode([value]) }
  }

  @Test func topLevelScalars() throws {
    #expect(try JSONTreeEncoder.encode(5).canonicalText == "5\n")
    #expect(try JSONTreeEncoder.encode("x").canonicalText == "\"x\"\n")
    #expect(try JSONTreeEncoder.encode(Optional<Int>.none).canonicalText == "null\n")
  }
}
