import CLibXML2

/// The kinds of node the printer and the outline tell apart.
enum HTMLNodeType {
  case element, text, comment, doctype, instruction, other
}

/// Reading libxml2's tree.
///
/// Walking it in document order by its links (no recursion, however deep the page), an
/// element's name and attributes, and its text as a browser shows it.
extension UnsafeMutablePointer where Pointee == xmlNode {
  // By raw value: `==` on the imported enum goes through a generic witness, per node.
  var isElement: Bool { pointee.type.rawValue == XML_ELEMENT_NODE.rawValue }

  var nodeType: HTMLNodeType {
    switch pointee.type.rawValue {
    case XML_ELEMENT_NODE.rawValue: .element
    case XML_TEXT_NODE.rawValue, XML_CDATA_SECTION_NODE.rawValue: .text
    case XML_COMMENT_NODE.rawValue: .comment
    case XML_DTD_NODE.rawValue: .doctype
    case XML_PI_NODE.rawValue: .instruction
    default: .other
    }
  }

  /// The node after this one in document order: its first child (unless `skippingChildren`),
  /// else the next sibling of it or of its nearest ancestor that has one, inside `root`.
  func next(within root: xmlNodePtr? = nil, skippingChildren: Bool = false) -> xmlNodePtr? {
    if !skippingChildren, isElement, let child = pointee.children { return child }
    var node = self
    while node != root {
      if let next = node.pointee.next { return next }
      guard let parent = node.pointee.parent, parent.isElement else { return nil }
      node = parent
    }
    return nil
  }

  func isNamed(_ name: StaticString) -> Bool { HTMLText.equal(pointee.name, name) }

  /// The attribute's value (empty for `disabled`), `nil` when the element has none of that
  /// name.
  func attribute(_ name: StaticString) -> String? {
    var attribute = pointee.properties
    while let current = attribute {
      if HTMLText.equal(current.pointee.name, name) {
        var value: [UInt8] = []
        var part = current.pointee.children
        while let text = part {
          HTMLText.append(text.pointee.content, to: &value)
          part = text.pointee.next
        }
        return String(decoding: value, as: UTF8.self)
      }
      attribute = current.pointee.next
    }
    return nil
  }

  func hasAttribute(_ name: StaticString) -> Bool {
    var attribute = pointee.properties
    while let current = attribute {
      if HTMLText.equal(current.pointee.name, name) { return true }
      attribute = current.pointee.next
    }
    return false
  }
}

/// Walks the nodes from `first` on in document order.
///
/// No further than `root`'s last descendant when `root` is given. `visit` says whether to go into a node's children; `leave`
/// is called for each node gone into, once its children are done.
func walkNodes(
  from first: xmlNodePtr?, within root: xmlNodePtr? = nil, visit: (xmlNodePtr) -> Bool,
  leave: (xmlNodePtr) -> Void
) {
  var node = first
  while let current = node {
    let entered = visit(current)
    if entered, let child = current.pointee.children {
      node = child
      continue
    }
    // Leave `current`, and each ancestor it ends, for what comes next.
    node = nil
    var finished = current
    var left = entered
    while true {
      if left { leave(finished) }
      if let next = finished.pointee.next {
        node = next
        break
      }
      guard let parent = finished.pointee.parent, parent.isElement, parent != root else { break }
      finished = parent
      left = true
    }
  }
}

enum HTMLText {
  /// Indentation stops growing at 100 levels, so that a page nested 10,000 deep is written in
  /// a size that grows with the page, not with its square.
  static func indent(_ depth: Int) -> Int { 2 * min(depth, 100) }

  private static let spaces = [UInt8](repeating: 0x20, count: indent(100))

  static func appendIndent(_ depth: Int, to bytes: inout [UInt8]) {
    spaces.withUnsafeBufferPointer { bytes.append(contentsOf: $0[..<indent(depth)]) }
  }

  enum ByteKind { case ordinary, space, escaped, end }

  /// A byte's kind for the printer.
  ///
  /// Whitespace, one it escapes (`&`, `<`, `>`, `"`, and the first of U+00A0's two), the end
  /// of a C string, or any other. Most bytes of most pages
  /// are past `>`, so that is asked first.
  @inline(__always)
  static func kind(of byte: UInt8) -> ByteKind {
    if byte > UInt8(ascii: ">") { return byte == 0xC2 ? .escaped : .ordinary }
    switch byte {
    case 0: return .end
    case 0x20, 0x09, 0x0A, 0x0C, 0x0D: return .space
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""):
      return .escaped
    default: return .ordinary
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// Appends `text` with each run of whitespace as one space (none first, when `collapsed`
  /// is empty or ends in one).
  static func appendCollapsed(_ text: UnsafePointer<xmlChar>?, to collapsed: inout [UInt8]) {
    guard let text else { return }
    appendCollapsed(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))), to: &collapsed)
  }

  static func appendCollapsed(_ text: some Sequence<UInt8>, to collapsed: inout [UInt8]) {
    for byte in text {
      if isSpace(byte) {
        if let last = collapsed.last, last != 0x20 { collapsed.append(0x20) }
      } else {
        collapsed.append(byte)
      }
    }
  }

  static func append(_ text: UnsafePointer<xmlChar>?, to bytes: inout [UInt8]) {
    guard let text else { return }
    bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
  }

  /// `text` with each run of whitespace as one space, and none first or last.
  static func collapsing(_ text: String) -> String {
    // Most names and values are collapsed already: they are returned as they are.
    if isCollapsed(text.utf8) { return text }
    var bytes: [UInt8] = []
    appendCollapsed(text.utf8, to: &bytes)
    return collapsed(bytes)
  }

  /// Whether `text` has no whitespace but single spaces between words.
  static func isCollapsed(_ text: String.UTF8View) -> Bool {
    var previous: UInt8 = 0x20
    for byte in text {
      if isSpace(byte) && (byte != 0x20 || previous == 0x20) { return false }
      previous = byte
    }
    return previous != 0x20 || text.isEmpty
  }

  /// Bytes `appendCollapsed` wrote (which never start with a space) without the space they
  /// may end with.
  static func collapsed(_ bytes: [UInt8]) -> String {
    var end = bytes.endIndex
    while end > 0 && bytes[end - 1] == 0x20 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// Whether `bytes` spell `name`, ignoring ASCII case.
  static func equal(_ bytes: ArraySlice<UInt8>, _ name: UnsafePointer<xmlChar>?) -> Bool {
    guard let name else { return false }
    var offset = 0
    for byte in bytes {
      guard name[offset] != 0, byte | 0x20 == name[offset] | 0x20 else { return false }
      offset += 1
    }
    return name[offset] == 0
  }

  static func equal(_ text: UnsafePointer<xmlChar>?, _ name: StaticString) -> Bool {
    guard let text else { return false }
    let expected = name.utf8Start
    for offset in 0..<name.utf8CodeUnitCount where text[offset] != expected[offset] {
      return false
    }
    return text[name.utf8CodeUnitCount] == 0
  }
}
