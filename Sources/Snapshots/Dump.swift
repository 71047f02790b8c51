import Foundation

/// The text of a `.dump` snapshot: a Mirror walk that writes exactly what swift-snapshot-testing
/// 1.19.7 writes, so references recorded with it keep passing.
///
/// The format: one line per value, `▿` before values with children and `-` before leaves, two
/// spaces of indentation per level. Struct and class fields, dictionary entries and set members
/// are sorted by the text they dump to (within the child's `(label, value)` pair, as the original
/// does); arrays, tuples and enum payloads keep their order. Classes seen on the way down print
/// `(circular reference detected)`, pointer addresses are removed, and dates are written in UTC.
///
/// Each value is reflected once: a subtree is built a single time and re-rendered only to sort
/// its siblings, instead of being dumped again at every level above it.
struct Dump {
  private var typeNames: [ObjectIdentifier: String] = [:]

  static func text(of value: Any) -> String {
    var dump = Dump()
    let tree = dump.tree(of: value, visited: [])
    var output = ""
    tree.render(name: nil, indent: 0, into: &output)
    return output
  }

  private mutating func tree(of value: Any, visited: Set<ObjectIdentifier>) -> DumpTree {
    let mirror = Mirror(reflecting: value)
    let count = mirror.children.count
    switch mirror.displayStyle {
    case .collection?:
      return node(count == 1 ? "1 element" : "\(count) elements", mirror, visited, sorted: false)
    case .dictionary?:
      return node(
        count == 1 ? "1 key/value pair" : "\(count) key/value pairs", mirror, visited, sorted: true)
    case .set?:
      return node(count == 1 ? "1 member" : "\(count) members", mirror, visited, sorted: true)
    case .tuple?:
      return node(count == 1 ? "(1 element)" : "(\(count) elements)", mirror, visited, sorted: false)
    case .optional?:
      let name = typeName(mirror.subjectType)
      return node(count == 0 ? "\(name).none" : name, mirror, visited, sorted: false)
    default:
      break
    }
    if let custom = value as? any AnySnapshotStringConvertible {
      guard type(of: custom).renderChildren else { return .leaf(custom.snapshotDescription) }
      return node(custom.snapshotDescription, mirror, visited, sorted: false)
    }
    // `as? NSObject` alone would also bridge `Bool` and numbers to `NSNumber`.
    if type(of: value) is NSObject.Type, let object = value as? NSObject {
      return .leaf(PointerAddresses.removed(from: object.debugDescription))
    }
    if let describable = value as? any CustomStringConvertible {
      return node(describable.description, mirror, visited, sorted: false)
    }
    switch mirror.displayStyle {
    case .class?:
      let identity = ObjectIdentifier(value as AnyObject)
      if visited.contains(identity) { return .circular(hasChildren: count > 0) }
      var visited = visited
      visited.insert(identity)
      return node(typeName(mirror.subjectType), mirror, visited, sorted: true)
    case .struct?:
      return node(typeName(mirror.subjectType), mirror, visited, sorted: true)
    case .enum?:
      let name = typeName(mirror.subjectType)
      return node(count == 0 ? "\(name).\(value)" : name, mirror, visited, sorted: false)
    default:
      return node(String(describing: value), mirror, visited, sorted: false)
    }
  }

  private mutating func node(
    _ description: String, _ mirror: Mirror, _ visited: Set<ObjectIdentifier>, sorted: Bool
  ) -> DumpTree {
    var children = mirror.children.map { child in
      DumpTree.Child(label: child.label, tree: tree(of: child.value, visited: visited))
    }
    if sorted && children.count > 1 {
      children = children.map { ($0, $0.sortKey) }.sorted { $0.1 < $1.1 }.map(\.0)
    }
    return .node(description, children)
  }

  /// The type's name as `String(describing:)` gives it, without the ` #1` of local types.
  private mutating func typeName(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = typeNames[key] { return known }
    let name = Self.removingLocalDiscriminators(String(describing: type))
    typeNames[key] = name
    return name
  }

  /// Removes every ` #<digits>` from a type name.
  static func removingLocalDiscriminators(_ name: String) -> String {
    guard name.contains(" #") else { return name }
    var result = ""
    var scalars = Array(name.unicodeScalars)[...]
    while let scalar = scalars.first {
      if scalar == " ", scalars.dropFirst().first == "#",
        let digit = scalars.dropFirst(2).first, ("0"..."9").contains(digit)
      {
        scalars = scalars.dropFirst(2).drop { ("0"..."9").contains($0) }
      } else {
        result.unicodeScalars.append(scalar)
        scalars = scalars.dropFirst()
      }
    }
    return result
  }
}
