import Foundation

// Values whose `.dump` must match, byte for byte, what swift-snapshot-testing 1.19.7 records.
// `Scripts/record-dump-fixtures` compiles this same file against swift-snapshot-testing to record
// the references under `__Snapshots__/DumpCompatibilityTests/`; keep it free of our own API.

struct DumpUser {
  var name: String
  var id: Int
  var bio: String?
  var tags: [String]
}

struct DumpPoint: Hashable {
  var x: Double
  var y: Double
}

enum DumpShape {
  case circle(radius: Double)
  case rectangle(DumpPoint, DumpPoint)
  case empty
  indirect case group([DumpShape])
}

enum DumpStatus: String {
  case active, suspended
}

final class DumpNode {
  var value: Int
  var next: DumpNode?
  weak var parent: DumpNode?
  init(value: Int, next: DumpNode? = nil) {
    self.value = value
    self.next = next
  }
}

class DumpAnimal {
  var name = "Rex"
  var legs = 4
}

final class DumpDog: DumpAnimal {
  var barks = true
}

final class DumpObject: NSObject {
  var label = "obj"
}

struct DumpDescribed: CustomStringConvertible {
  var inner = 1
  var description: String { "Described(\(inner))" }
}

struct DumpBox<T> {
  var content: T
}

struct DumpOuter {
  struct Inner { var flag = false }
  var inner = Inner()
  var zeta = 0
  var alpha = "a"
}

func dumpFixtures() -> [(name: String, value: Any)] {
  let cycle = DumpNode(value: 1)
  cycle.next = DumpNode(value: 2, next: cycle)
  let shared = DumpNode(value: 7)
  let date = Date(timeIntervalSince1970: 1_700_000_000)
  return [
    ("int", 42),
    ("negativeDouble", -1.5),
    ("bool", true),
    ("string", "Hello, \"world\"\n\ttab"),
    ("emptyString", ""),
    ("character", Character("é")),
    ("substring", "abcdef".dropFirst(2)),
    ("unicode", "naïve café 🍕"),
    ("struct", DumpUser(name: "Blob", id: 1, bio: nil, tags: ["a", "b"])),
    ("structWithBio", DumpUser(name: "Ann", id: 2, bio: "Hi", tags: [])),
    ("optionalNone", Optional<Int>.none as Any),
    ("optionalSome", Optional<Int>.some(3) as Any),
    ("nestedOptional", Optional<String?>.some(.some("x")) as Any),
    ("array", [1, 2, 3]),
    ("emptyArray", [Int]()),
    ("singleArray", ["one"]),
    ("nestedArrays", [[1, 2], [], [3]]),
    ("dictionary", ["b": 2, "a": 1, "c": 3, "aa": 0]),
    ("singleDictionary", ["k": "v"]),
    ("dictionaryOfStructs", ["p": DumpPoint(x: 1, y: 2), "o": DumpPoint(x: 0, y: 0)]),
    ("intKeyedDictionary", [10: "ten", 2: "two", 1: "one"]),
    ("set", Set(["pear", "apple", "fig"])),
    ("singleSet", Set([5])),
    ("setOfPoints", Set([DumpPoint(x: 2, y: 1), DumpPoint(x: 1, y: 2)])),
    ("tuple", (1, "two", 3.0)),
    ("labelledTuple", (first: 1, second: DumpStatus.active)),
    ("singleTuple", (1, 2)),
    ("enumPlain", DumpShape.empty),
    ("enumPayload", DumpShape.circle(radius: 2)),
    ("enumTwoPayloads", DumpShape.rectangle(DumpPoint(x: 0, y: 0), DumpPoint(x: 3, y: 4))),
    ("enumIndirect", DumpShape.group([.empty, .circle(radius: 1)])),
    ("enumRaw", DumpStatus.suspended),
    ("date", date),
    ("dates", [date, Date(timeIntervalSince1970: 0)]),
    ("url", URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/")),
    ("data", Data([0, 1, 2, 255])),
    ("emptyData", Data()),
    ("class", DumpAnimal()),
    ("subclass", DumpDog()),
    ("nsObject", DumpObject()),
    ("recursiveClass", cycle),
    ("sharedReferences", [shared, shared]),
    ("customStringConvertible", DumpDescribed()),
    ("generic", DumpBox(content: [DumpStatus.active])),
    ("nestedType", DumpOuter()),
    ("uint8", UInt8(200)),
    ("float", Float(0.1)),
    ("largeStructs", (0..<20).map { DumpPoint(x: Double($0), y: Double($0 % 3)) }),
  ]
}
