import Foundation

/// What `.dump` learns about types: names, traits, field readers and orders.
///
/// They are facts of a type, the same for every value of it, and looking them up (protocol
/// conformance checks, reflection of the fields) is most of what a small value costs: they are
/// kept for the whole process, so each type is inspected once, not once per assertion.
struct DumpTypeFacts {
  var typeNames: [ObjectIdentifier: String] = [:]
  var traits: [ObjectIdentifier: DumpTypeTraits] = [:]
  var fieldOrders: [ObjectIdentifier: [Int]?] = [:]
  var structFields: [ObjectIdentifier: StructFields?] = [:]
  /// Structs already seen whose fields are read by key path: written with no `Mirror` at all.
  var plainStructs: [ObjectIdentifier: (name: String, fields: StructFields)] = [:]
  /// Plain structs of standard fields in a known order: written with no lookup but their own.
  var directStructs: [ObjectIdentifier: DirectStruct] = [:]

  /// The facts every dump of this process learned so far, and their version for ``learn(_:since:)``.
  static func known() -> (facts: DumpTypeFacts, version: Int) {
    shared.withLock { ($0.facts, $0.version) }
  }

  /// The type's ``DirectStruct``, if one was learned, without copying the other facts.
  static func directStruct(_ type: Any.Type) -> DirectStruct? {
    shared.withLock { $0.facts.directStructs[ObjectIdentifier(type)] }
  }

  /// Adds what one dump learned to the facts of `version`, which it started from.
  ///
  /// `facts` holds every fact of `version` and more: unless another dump learned in between,
  /// it is the new whole, with no merge of every dictionary.
  static func learn(_ newer: DumpTypeFacts, since version: Int) {
    shared.withLock { shared in
      defer { shared.version += 1 }
      guard version != shared.version else { return shared.facts = newer }
      shared.facts.typeNames.merge(newer.typeNames) { old, _ in old }
      shared.facts.traits.merge(newer.traits) { old, _ in old }
      shared.facts.fieldOrders.merge(newer.fieldOrders) { old, _ in old }
      shared.facts.structFields.merge(newer.structFields) { old, _ in old }
      shared.facts.plainStructs.merge(newer.plainStructs) { old, _ in old }
      shared.facts.directStructs.merge(newer.directStructs) { old, _ in old }
    }
  }

  /// The process's facts, and a count of the merges: a dump that learned from the latest facts
  /// replaces them whole.
  ///
  /// Values are only ever added, never changed, and each is a value type or an immutable key
  /// path, so handing out copies is safe.
  private static let shared = Locked<(facts: DumpTypeFacts, version: Int)>((DumpTypeFacts(), 0))
}
