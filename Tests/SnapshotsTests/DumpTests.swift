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
    #expect(DumpTypeTraits.quoted(text) == text.debugDescription)
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
    let facts = DumpTypeFacts.known
    #expect(facts.traits[ObjectIdentifier(Inspected.self)] != nil)
    #expect(facts.traits[ObjectIdentifier(Int.self)] != nil)
    #expect(facts.typeNames[ObjectIdentifier(Inspected.self)] == "Inspected")
  }
}
