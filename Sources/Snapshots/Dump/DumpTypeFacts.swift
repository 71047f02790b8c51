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

  /// The facts every dump of this process learned so far.
  static var known: DumpTypeFacts { Store.shared.read() }

  /// Adds what one dump learned.
  static func learn(_ facts: DumpTypeFacts) { Store.shared.merge(facts) }

  /// The process's facts behind a lock.
  ///
  /// Values are only ever added, never changed, and each is a value type or an immutable key
  /// path, so handing out copies is safe.
  private final class Store: @unchecked Sendable {
    static let shared = Store()
    private let lock = NSLock()
    private var facts = DumpTypeFacts()

    func read() -> DumpTypeFacts {
      // `lock()` and `unlock()`, not `withLock`: a generic call per dump in a debug build.
      lock.lock()
      defer { lock.unlock() }
      return facts
    }

    func merge(_ newer: DumpTypeFacts) {
      lock.withLock {
        facts.typeNames.merge(newer.typeNames) { old, _ in old }
        facts.traits.merge(newer.traits) { old, _ in old }
        facts.fieldOrders.merge(newer.fieldOrders) { old, _ in old }
        facts.structFields.merge(newer.structFields) { old, _ in old }
        facts.plainStructs.merge(newer.plainStructs) { old, _ in old }
      }
    }
  }
}
