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
/// Values are written straight to the output. A struct's or class's field order is worked out
/// once per type and process (``DumpTypeFacts``); only dictionaries, sets and unusual labels need
/// their children rendered to sort them.
struct Dump {
  /// Appended to as `String`s: in the debug build tests use, `String.append` runs the standard
  /// library's optimised code, where appending UTF-8 views to a byte array ran generic code.
  private var output = ""
  /// The process's type facts, and whether this dump added any.
  private var facts: DumpTypeFacts
  private let factsVersion: Int
  private var learned = false

  private init() {
    (facts, factsVersion) = DumpTypeFacts.known()
  }

  static func text(of value: Any) -> String {
    if let direct = DumpTypeFacts.directStruct(type(of: value)) {
      var output = ""
      direct.write(value, indent: 0, name: nil, to: &output)
      return output
    }
    var dump = Dump()
    dump.write(value, name: nil, indent: 0, visited: [])
    if dump.learned { DumpTypeFacts.learn(dump.facts, since: dump.factsVersion) }
    return dump.output
  }

  private mutating func write(
    _ value: Any, name: String?, indent: Int, visited: Set<ObjectIdentifier>
  ) {
    let valueType = type(of: value)
    let traits = traits(of: valueType)
    if let direct = traits.direct {
      Self.appendLead(to: &output, indent, "-", name)
      DumpTypeTraits.append(value, direct, to: &output)
      return output.append("\n")
    }
    let key = ObjectIdentifier(valueType)
    if let direct = facts.directStructs[key] {
      return direct.write(value, indent: indent, name: name, to: &output)
    }
    if let plain = facts.plainStructs[key] {
      return write(value, plain, name: name, indent: indent, visited: visited)
    }
    let mirror = Mirror(reflecting: value)
    let count = mirror.children.count
    var fields: StructFields?
    var visited = visited
    let description: String
    var order = Order.asReflected
    switch mirror.displayStyle {
    case .collection?:
      description = count == 1 ? "1 element" : "\(count) elements"
    case .dictionary?:
      description = count == 1 ? "1 key/value pair" : "\(count) key/value pairs"
      order = .byDump
    case .set?:
      description = count == 1 ? "1 member" : "\(count) members"
      order = .byDump
    case .tuple?:
      description = count == 1 ? "(1 element)" : "(\(count) elements)"
    case .optional?:
      description =
        count == 0 ? "\(typeName(mirror.subjectType)).none" : typeName(mirror.subjectType)
    default:
      if traits.customDescription, let custom = value as? any AnySnapshotStringConvertible {
        guard type(of: custom).renderChildren else {
          return line(indent, "-", name, custom.snapshotDescription)
        }
        description = custom.snapshotDescription
      } else if traits.describable, let describable = value as? any CustomStringConvertible {
        description = describable.description
      } else {
        switch mirror.displayStyle {
        case .class?:
          let identity = ObjectIdentifier(value as AnyObject)
          if visited.contains(identity) {
            return circular(indent, count > 0 ? "▿" : "-", name)
          }
          visited.insert(identity)
          description = typeName(mirror.subjectType)
          order = .byField(valueType, reflectable: traits.reflectable)
        case .struct?:
          description = typeName(mirror.subjectType)
          order = .byField(valueType, reflectable: traits.reflectable)
          fields = traits.reflectable ? nil : structFields(of: valueType)
          if let fields {
            facts.plainStructs[ObjectIdentifier(valueType)] = (description, fields)
            learned = true
          }
        case .enum?:
          let name = typeName(mirror.subjectType)
          description = count == 0 ? "\(name).\(value)" : name
        default:
          description = String(describing: value)
        }
      }
    }
    line(indent, count == 0 ? "-" : "▿", name, description)
    writeChildren(fields?.children(of: value) ?? Array(mirror.children), order, indent, visited)
  }

  /// A struct already read as plain (`StructFields`), written without its mirror.
  ///
  /// One whose fields are all of standard types, in an order already known (trivially for one
  /// field), is from now on a `DirectStruct`.
  private mutating func write(
    _ value: Any, _ plain: (name: String, fields: StructFields), name: String?, indent: Int,
    visited: Set<ObjectIdentifier>
  ) {
    let valueType = type(of: value)
    let key = ObjectIdentifier(valueType)
    let known =
      plain.fields.labels.count < 2
      ? Array(plain.fields.labels.indices) : facts.fieldOrders[key] ?? nil
    if let order = known,
      let direct = DirectStruct(typeName: plain.name, fields: plain.fields, order: order)
    {
      facts.directStructs[key] = direct
      learned = true
      return direct.write(value, indent: indent, name: name, to: &output)
    }
    line(indent, plain.fields.labels.isEmpty ? "-" : "▿", name, plain.name)
    writeChildren(
      plain.fields.children(of: value), .byField(valueType, reflectable: false), indent, visited)
  }

  private mutating func writeChildren(
    _ children: [Mirror.Child], _ order: Order, _ indent: Int, _ visited: Set<ObjectIdentifier>
  ) {
    let order = ordered(children, order, visited: visited)
    var position = 0
    while position < order.count {
      let child = children[order[position]]
      write(child.value, name: child.label, indent: indent + 2, visited: visited)
      position += 1
    }
  }

  /// How a node's children are ordered.
  private enum Order {
    case asReflected
    /// Sorted by what each `(label, value)` pair dumps to.
    case byDump
    /// Sorted by dump, but with a fixed set of fields: the order can be kept per type.
    case byField(Any.Type, reflectable: Bool)
  }

  private mutating func ordered(
    _ children: [Mirror.Child], _ order: Order, visited: Set<ObjectIdentifier>
  ) -> [Int] {
    guard children.count > 1 else { return Array(children.indices) }
    switch order {
    case .asReflected:
      return Array(children.indices)
    case .byDump:
      return sortedByDump(children, visited: visited)
    case .byField(let type, let reflectable):
      // A custom mirror may reflect different fields per value: its order is not kept.
      let key = ObjectIdentifier(type)
      if !reflectable, let known = facts.fieldOrders[key], let known, known.count == children.count
      {
        return known
      }
      let byLabel = DumpOrdering.byPlainLabels(children.map(\.label))
      if !reflectable {
        facts.fieldOrders[key] = .some(byLabel)
        learned = true
      }
      return byLabel ?? sortedByDump(children, visited: visited)
    }
  }

  /// The order swift-snapshot-testing sorts by: the dump of each `(label, value)` pair, less the
  /// first line, which every sibling shares.
  private mutating func sortedByDump(_ children: [Mirror.Child], visited: Set<ObjectIdentifier>)
    -> [Int]
  {
    let keys = children.map { child -> String in
      let prefix =
        child.label.map { "  ▿ label: Optional<String>\n    - some: \($0.debugDescription)\n" }
        ?? "  - label: Optional<String>.none\n"
      var key = prefix
      swap(&key, &output)
      write(child.value, name: "value", indent: 2, visited: visited)
      swap(&key, &output)
      return key
    }
    return keys.indices.sorted { keys[$0] < keys[$1] }
  }

  private mutating func line(_ indent: Int, _ bullet: String, _ name: String?, _ text: String) {
    Self.appendLine(to: &output, indent, bullet, name, text)
  }

  /// Appends one line: `<indent><bullet> [<name>: ]<text>`.
  static func appendLine(
    to output: inout String, _ indent: Int, _ bullet: String, _ name: String?, _ text: String
  ) {
    appendLead(to: &output, indent, bullet, name)
    output.append(text)
    output.append("\n")
  }

  /// Appends what precedes a line's text.
  static func appendLead(to output: inout String, _ indent: Int, _ bullet: String, _ name: String?)
  {
    if indent > 0 { output.append(String(repeating: " ", count: indent)) }
    output.append(bullet)
    output.append(" ")
    if let name {
      output.append(name)
      output.append(": ")
    }
  }

  private mutating func circular(_ indent: Int, _ bullet: String, _ name: String?) {
    line(indent, bullet, nil, (name ?? "value") + " (circular reference detected)")
  }

  private mutating func structFields(of type: Any.Type) -> StructFields? {
    let key = ObjectIdentifier(type)
    if let known = facts.structFields[key] { return known }
    let found = StructFields(type)
    facts.structFields[key] = .some(found)
    learned = true
    return found
  }

  private mutating func traits(of type: Any.Type) -> DumpTypeTraits {
    let key = ObjectIdentifier(type)
    if let known = facts.traits[key] { return known }
    let found = DumpTypeTraits(type)
    facts.traits[key] = found
    learned = true
    return found
  }

  /// The type's name as `String(describing:)` gives it, without the ` #1` of local types.
  ///
  /// `_typeName(_:qualified: false)` is what `String(describing:)` prints for a type, without
  /// its protocol casts, each a search of every conformance in the process the first time.
  private mutating func typeName(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let known = facts.typeNames[key] { return known }
    let name = DumpOrdering.removingLocalDiscriminators(_typeName(type, qualified: false))
    facts.typeNames[key] = name
    learned = true
    return name
  }
}
