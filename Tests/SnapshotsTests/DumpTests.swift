import Foundation
import Testing

@testable import Snapshots

/// The parts of `.dump` that the compatibility references cannot show on their own.
@Suite struct DumpTests {
  @Test func pointerAddressesAreRemoved() {
    #expect(PointerAddresses.removed(from: "<Foo: 0x6000abc>") == "<Foo>")
    #expect(PointerAddresses.removed(from: "a 0x1 0x2 b") == "a  b")
    #expect(PointerAddresses.removed(from: "0xZZ stays") == "0xZZ stays")
    #expect(PointerAddresses.removed(from: "x:\t0xff\ny") == "x\ny")
  }

  @Test(arguments: [
    "", "plain text", "quote \" inside", "back\\slash", "tab\t", "é", "🍕", "\u{7F}", "~",
  ])
  func stringsAreQuotedLikeDebugDescription(text: String) {
    var quoted = "→"
    DumpTypeTraits.appendQuoted(text, to: &quoted)
    #expect(quoted == "→" + text.debugDescription)
  }

  @Test func localTypeDiscriminatorsAreRemoved() {
    #expect(DumpOrdering.removingLocalDiscriminators("Local #1 in f()") == "Local in f()")
    #expect(DumpOrdering.removingLocalDiscriminators("Box<A #12>") == "Box<A>")
    #expect(DumpOrdering.removingLocalDiscriminators("Issue #x") == "Issue #x")
  }

  @Test func structsWithWeakAndFunctionFieldsUseTheMirror() {
    let animal = DumpAnimal()
    let holder = DumpHolder(object: animal)
    #expect(
      Dump.text(of: holder) == """
        ▿ DumpHolder
          - action: (Function)
          - id: 1
          ▿ object: Optional<DumpAnimal>
            ▿ some: DumpAnimal
              - legs: 4
              - name: "Rex"

        """)
    withExtendedLifetime(animal) {}
  }

  /// A struct of standard fields is written from its bytes once its field order is known: the
  /// first dump (through reflection) and the later ones must be the same text.
  @Test func structsOfStandardFieldsDumpAlikeEveryTime() {
    struct Scalars {
      var zone: Double
      var name: String
      var count: Int
      var flag: Bool
      var alias: String
    }
    let values = [
      Scalars(zone: 0.1, name: "a \"quoted\"\nline", count: -3, flag: true, alias: "é"),
      Scalars(zone: -0.0, name: "", count: .max, flag: false, alias: "plain"),
    ]
    for _ in 0..<3 {
      #expect(
        Dump.text(of: values[0]) == #"""
          ▿ Scalars
            - alias: "é"
            - count: -3
            - flag: true
            - name: "a \"quoted\"\nline"
            - zone: 0.1

          """#)
      #expect(
        Dump.text(of: values[1]) == """
          ▿ Scalars
            - alias: "plain"
            - count: 9223372036854775807
            - flag: false
            - name: ""
            - zone: -0.0

          """)
    }
  }

  /// The same inside other values: named, indented, with one field and with none.
  @Test func nestedStructsOfStandardFieldsDumpAlikeEveryTime() {
    struct Pair { var b: Int; var a: String }
    struct One { var only: Bool }
    struct Empty {}
    struct Outer { var pair: Pair; var ones: [One]; var empty: Empty }
    let value = Outer(
      pair: Pair(b: 2, a: "x"), ones: [One(only: true), One(only: false)], empty: Empty())
    for _ in 0..<3 {
      #expect(
        Dump.text(of: value) == """
          ▿ Outer
            - empty: Empty
            ▿ ones: 2 elements
              ▿ One
                - only: true
              ▿ One
                - only: false
            ▿ pair: Pair
              - a: "x"
              - b: 2

          """)
      #expect(Dump.text(of: One(only: true)) == "▿ One\n  - only: true\n")
      #expect(Dump.text(of: Empty()) == "- Empty\n")
    }
  }

  @Test func deepNestingIsDumpedOnce() {
    indirect enum Tree { case leaf, node(Tree, Tree) }
    func tree(depth: Int) -> Tree {
      depth == 0 ? .leaf : .node(tree(depth: depth - 1), tree(depth: depth - 1))
    }
    struct Wrapper { var z = 0; var a: [Wrapper] = [] }
    var nested = Wrapper()
    for _ in 0..<40 { nested = Wrapper(z: 1, a: [nested]) }
    let text = Dump.text(of: nested)
    #expect(text.split(separator: "\n").count == 41 * 3)
  }
}

struct DumpHolder {
  weak var object: DumpAnimal?
  var action: () -> Void = {}
  var id = 1

  @Test func objectsDescribeThemselvesWithoutAddresses() {
    let object: any AnySnapshotStringConvertible = NSObject()
    #expect(object.snapshotDescription.hasPrefix("<NSObject"))
    #expect(!object.snapshotDescription.contains("0x"), "\(object.snapshotDescription)")
  }

  @Test func typesAreInspectedOncePerProcess() {
    struct Inspected { var id = 1 }
    _ = Dump.text(of: Inspected())
    let facts = DumpTypeFacts.known().facts
    #expect(facts.traits[ObjectIdentifier(Inspected.self)] != nil)
    #expect(facts.traits[ObjectIdentifier(Int.self)] != nil)
    #expect(facts.typeNames[ObjectIdentifier(Inspected.self)] == "Inspected")
  }
}
