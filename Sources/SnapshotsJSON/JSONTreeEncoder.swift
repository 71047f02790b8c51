import Foundation

/// Encodes `Encodable` values straight into a `JSONValue`, spelling everything as `JSONEncoder`
/// writes it, so `.json` records the same canonical text as encoding to bytes and parsing them
/// back, without that round trip.
///
/// Like `JSONEncoder`'s defaults: dates as seconds since 2001-01-01, `Data` as Base64, URLs as
/// their absolute string, `Decimal` as its description, doubles as their shortest description
/// without a trailing `.0` (`100`, `0.1`, `1e+20`), and NaN or infinity refused.
enum JSONTreeEncoder {
  static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    try Node.encoding(value, at: [], depth: 0).value
  }

  /// The canonical text of the value, written straight from the encoded tree.
  static func canonicalText<T: Encodable>(_ value: T) throws -> String {
    var writer = CanonicalWriter(pretty: true)
    try Node.encoding(value, at: [], depth: 0).write(to: &writer)
    writer.finish()
    return String(decoding: writer.output, as: UTF8.self)
  }
}

/// A value being encoded; containers fill in as their members arrive.
private final class Node {
  enum Content {
    case empty
    case value(JSONValue)
    case array([Node])
    /// Members in the order first encoded; `index` is built once an object is large enough for
    /// a linear search to cost more than hashing.
    case object(members: [(key: String, node: Node)], index: [String: Int]?)
  }

  var content = Content.empty
  /// How many containers (or single-value wrappers) hold this node: 0 for the encoded value.
  let depth: Int

  init(depth: Int) {
    self.depth = depth
  }

  /// Encodes `value` as a node held by `depth` containers.
  ///
  /// Deeper than ``JSONValue/maximumDepth`` is refused with an error, never a crash (each level
  /// is a few stack frames) and never a reference that could not be parsed back.
  static func encoding<T: Encodable>(_ value: T, at path: [any CodingKey], depth: Int) throws
    -> Node
  {
    guard depth < JSONValue.maximumDepth else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: path,
          debugDescription:
            "the value nests deeper than \(JSONValue.maximumDepth) levels, the most a JSON reference is read back with"
        ))
    }
    let node = Node(depth: depth)
    switch value {
    case let date as Date:
      node.content = .value(.number(Self.number(date.timeIntervalSinceReferenceDate)))
    case let data as Data: node.content = .value(.string(data.base64EncodedString()))
    case let url as URL: node.content = .value(.string(url.absoluteString))
    case let decimal as Decimal: node.content = .value(.number(decimal.description))
    default: try value.encode(to: TreeEncoder(node: node, codingPath: path))
    }
    return node
  }

  /// `JSONEncoder`'s spelling of a floating-point number.
  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  static func checked<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, at path: [any CodingKey]
  ) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: path, debugDescription: "\(value) is not representable in JSON"))
    }
    return .number(number(value))
  }

  var value: JSONValue {
    switch content {
    case .empty: return .object([])
    case .value(let value): return value
    case .array(let elements): return .array(elements.map(\.value))
    case .object(let members, _):
      return .object(members.map { ($0.key, $0.node.value) })
    }
  }

  /// Writes the node canonically, keys sorted by their bytes.
  func write(to writer: inout CanonicalWriter) {
    switch content {
    case .empty:
      JSONValue.object([]).write(to: &writer)
    case .value(let value):
      value.write(to: &writer)
    case .array(let elements):
      writer.array(elements) { $1.write(to: &$0) }
    case .object(let members, _):
      let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      writer.object(sorted, key: \.key.utf8) { $1.node.write(to: &$0) }
    }
  }

  /// Sets a member; a key encoded again replaces its value, as in `JSONEncoder`.
  func set(_ key: String, _ node: Node) {
    guard case .object(var members, var index) = content else {
      content = .object(members: [(key, node)], index: nil)
      return
    }
    content = .empty  // let the arrays be mutated in place
    let existing = index.map { $0[key] } ?? members.firstIndex { $0.key == key }
    if let existing {
      members[existing].node = node
    } else {
      members.append((key, node))
      if index != nil {
        index?[key] = members.count - 1
      } else if members.count > 16 {
        index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
      }
    }
    content = .object(members: members, index: index)
  }

  func append(_ node: Node) {
    guard case .array(var elements) = content else {
      content = .array([node])
      return
    }
    content = .empty
    elements.append(node)
    content = .array(elements)
  }

  static func leaf(_ value: JSONValue) -> Node {
    let node = Node(depth: 0)
    node.content = .value(value)
    return node
  }
}

private struct TreeEncoder: Encoder {
  let node: Node
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.content {} else { node.content = .object(members: [], index: nil) }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.content {} else { node.content = .array([]) }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(node: node, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { node.set(key.stringValue, .leaf(.null)) }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    node.set(key.stringValue, .leaf(.bool(value)))
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    node.set(key.stringValue, .leaf(.string(value)))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    node.set(key.stringValue, .leaf(try Node.checked(value, at: codingPath + [key])))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    node.set(key.stringValue, .leaf(try Node.checked(value, at: codingPath + [key])))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    node.set(
      key.stringValue, try Node.encoding(value, at: codingPath + [key], depth: node.depth + 1))
  }

  private func integer(_ value: some BinaryInteger, _ key: Key) {
    node.set(key.stringValue, .leaf(.number(String(value))))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = Node(depth: node.depth + 1)
    node.set(key.stringValue, child)
    return TreeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = Node(depth: node.depth + 1)
    node.set(key.stringValue, child)
    return TreeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key.stringValue)
  }

  private func superEncoder(named name: String) -> any Encoder {
    let child = Node(depth: node.depth + 1)
    node.set(name, child)
    return TreeEncoder(node: child, codingPath: codingPath)
  }
}

/// The containers whose primitives each become one JSON value, unkeyed or single: every
/// `encode` overload funnels into `put`.
private protocol ValueSink {
  var codingPath: [any CodingKey] { get }
  /// The depth of the nodes `put` receives.
  var childDepth: Int { get }
  func put(_ node: Node)
}

extension ValueSink {
  mutating func encodeNil() throws { put(.leaf(.null)) }
  mutating func encode(_ value: Bool) throws { put(.leaf(.bool(value))) }
  mutating func encode(_ value: String) throws { put(.leaf(.string(value))) }
  mutating func encode(_ value: Double) throws {
    put(.leaf(try Node.checked(value, at: codingPath)))
  }
  mutating func encode(_ value: Float) throws {
    put(.leaf(try Node.checked(value, at: codingPath)))
  }
  mutating func encode(_ value: Int) throws { integer(value) }
  mutating func encode(_ value: Int8) throws { integer(value) }
  mutating func encode(_ value: Int16) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(value) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: UInt) throws { integer(value) }
  mutating func encode(_ value: UInt8) throws { integer(value) }
  mutating func encode(_ value: UInt16) throws { integer(value) }
  mutating func encode(_ value: UInt32) throws { integer(value) }
  mutating func encode(_ value: UInt64) throws { integer(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    put(try Node.encoding(value, at: codingPath, depth: childDepth))
  }

  private func integer(_ value: some BinaryInteger) { put(.leaf(.number(String(value)))) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, ValueSink {
  let node: Node
  let codingPath: [any CodingKey]

  var count: Int {
    if case .array(let elements) = node.content { return elements.count }
    return 0
  }

  var childDepth: Int { node.depth + 1 }

  func put(_ child: Node) { node.append(child) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = Node(depth: node.depth + 1)
    node.append(child)
    return TreeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = Node(depth: node.depth + 1)
    node.append(child)
    return TreeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let child = Node(depth: node.depth + 1)
    node.append(child)
    return TreeEncoder(node: child, codingPath: codingPath)
  }
}

private struct SingleContainer: SingleValueEncodingContainer, ValueSink {
  let node: Node
  let codingPath: [any CodingKey]

  /// One more, though a single value takes its node's place: a chain of wrappers is recursion
  /// too, and counting it keeps the stack bounded.
  var childDepth: Int { node.depth + 1 }

  func put(_ child: Node) { node.content = child.content }
}
