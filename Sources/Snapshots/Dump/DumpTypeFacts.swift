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
  static func known() -> (facts: DumpTypeFacts, version: Int) { Store.shared.read() }

  /// The type's ``DirectStruct``, if one was learned, without copying the other facts.
  static func directStruct(_ type: Any.Type) -> DirectStruct? {
    Store.shared.directStruct(ObjectIdentifier(type))
  }

  /// Adds what one dump learned to the facts of `version`, which it started from.
  static func learn(_ facts: DumpTypeFacts, since version: Int) {
    Store.shared.merge(facts, since: version)
  }

  /// The process's facts behind a lock.
  ///
  /// Values are only ever added, never changed, and each is a value type or an immutable key
  /// path, so handing out copies is safe.
  private final class Store: @unchecked Sendable {
    static let shared = Store()
    private let lock = NSLock()
    private var facts = DumpTypeFacts()
    /// Counts the merges: a dump that learned from the latest facts replaces them whole.
    private var version = 0

    func read() -> (facts: DumpTypeFacts, version: Int) {
      // `lock()` and `unlock()`, not `withLock`: a generic call per dump in a debug build.
      lock.lock()
      defer { lock.unlock() }
      return (facts, version)
    }

    func directStruct(_ key: ObjectIdentifier) -> DirectStruct? {
      lock.lock()
      defer { lock.unlock() }
      return facts.directStructs[key]
    }

    /// `newer` holds every fact of `since` and more: unless another dump learned in between,
    /// it is the new whole, with no merge of every dictionary.
    func merge(_ newer: DumpTypeFacts, since: Int) {
      lock.withLock {
        defer { version += 1 }
        guard since != version else { return facts = newer }
        facts.typeNames.merge(newer.typeNames) { old, _ in old }
        facts.traits.merge(newer.traits) { old, _ in old }
        facts.fieldOrders.merge(newer.fieldOrders) { old, _ in old }
        facts.structFields.merge(newer.structFields) { old, _ in old }
        facts.plainStructs.merge(newer.plainStructs) { old, _ in old }
        facts.directStructs.merge(newer.directStructs) { old, _ in old }
      }
    }
  }
}
