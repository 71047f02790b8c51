import CLibXML2

// How `.html` writes tags: start tags with their attributes (one spelling, SVG's names, class
// lists), end tags, the doctype, and the parser's complaints at the head of the page.
extension HTMLPrinter {
  /// Writes `<name attributes>`; when `lineStart` is given (a block's tag, which starts a line
  /// there) and the tag is too long, again with one attribute per line.
  mutating func writeStartTag(
    _ element: xmlNodePtr, _ kind: HTMLElementKind, lineStart: Int?, depth: Int
  ) {
    let tagStart = out.count
    out.append(UInt8(ascii: "<"))
    out.append(contentsOf: kind.writtenName)
    var attributes = 0
    var attribute = element.pointee.properties
    while let current = attribute {
      out.append(UInt8(ascii: " "))
      writeAttribute(current)
      attributes += 1
      attribute = current.pointee.next
    }
    out.append(UInt8(ascii: ">"))
    guard let lineStart, attributes > 1, out.count - lineStart > lineWidth else { return }
    out.removeLast(out.count - tagStart)
    out.append(UInt8(ascii: "<"))
    out.append(contentsOf: kind.writtenName)
    attribute = element.pointee.properties
    while let current = attribute {
      out.append(newline)
      writeIndent(depth + 1)
      writeAttribute(current)
      attribute = current.pointee.next
    }
    out.append(newline)
    writeIndent(depth)
    out.append(UInt8(ascii: ">"))
    out.append(newline)
  }

  mutating func writeAttribute(_ attribute: xmlAttrPtr) {
    writeAttributeName(attribute.pointee.name)
    let valueStart = out.count
    write("=\"")
    let textStart = out.count
    var part = attribute.pointee.children
    while let text = part {
      writeText(text.pointee.content, keepingSpaces: true, quote: true)
      part = text.pointee.next
    }
    if out.count == textStart || HTMLText.equal(out[textStart...], attribute.pointee.name),
      HTMLElementKind.isBoolean(attribute.pointee.name)
    {
      // `disabled`, `disabled=""` and `disabled="disabled"`: the same attribute.
      out.removeLast(out.count - valueStart)
      return
    }
    if HTMLText.equal(attribute.pointee.name, "class") { normalizeClasses(from: textStart) }
    out.append(UInt8(ascii: "\""))
  }

  /// An attribute's name, in SVG's and MathML's spelling where they have one
  /// (``ForeignNames``); looked up once per name, which libxml2 keeps once per page.
  mutating func writeAttributeName(_ name: UnsafePointer<xmlChar>?) {
    guard let name else { return }
    if let known = attributeNames[name] {
      out.append(contentsOf: known)
      return
    }
    let start = out.count
    appendCString(name)
    let written = ForeignNames.attributes[String(decoding: out[start...], as: UTF8.self)]
    if let written {
      out.removeLast(out.count - start)
      out.append(contentsOf: written.utf8)
    }
    attributeNames[name] = Array(out[start...])
  }

  /// A class list's names are separated by any whitespace, in any order: one space, and in
  /// order when asked.
  mutating func normalizeClasses(from start: Int) {
    let value = out[start...]
    let tidy =
      !sortsClasses && value.first != 0x20 && value.last != 0x20
      && !zip(value, value.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
      && !value.contains { HTMLText.isSpace($0) && $0 != 0x20 }
    guard !tidy else { return }
    // A copy: slices of `out` kept while `out` changes would copy all of it each time.
    var names = Array(value).split(whereSeparator: HTMLText.isSpace)
    if sortsClasses { names.sort { $0.lexicographicallyPrecedes($1) } }
    out.removeLast(out.count - start)
    for (index, name) in names.enumerated() {
      if index > 0 { out.append(UInt8(ascii: " ")) }
      out.append(contentsOf: name)
    }
  }

  mutating func writeEndTag(_ element: xmlNodePtr) {
    let kind = page.kind(of: element)
    guard !kind.isVoid, !page.isImplied(element, kind) else { return }
    write("</")
    out.append(contentsOf: kind.writtenName)
    out.append(UInt8(ascii: ">"))
  }

  mutating func writeDoctype(_ node: xmlNodePtr) {
    let doctype = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
    write("<!DOCTYPE ")
    // A doctype's name is read without regard to case: `html`, however written.
    let nameStart = out.count
    appendCString(doctype.name)
    for index in nameStart..<out.count where out[index] >= 0x41 && out[index] <= 0x5A {
      out[index] |= 0x20
    }
    if let publicID = doctype.ExternalID {
      write(" PUBLIC \"")
      appendCString(publicID)
      out.append(UInt8(ascii: "\""))
    }
    if let systemID = doctype.SystemID {
      out.append(contentsOf: doctype.ExternalID == nil ? " SYSTEM \"".utf8 : " \"".utf8)
      appendCString(systemID)
      out.append(UInt8(ascii: "\""))
    }
    write(">\n")
  }

  /// What the parser recovered from, first, as a comment: the reference shows the page is
  /// malformed, and where.
  mutating func writeComplaints() {
    guard !page.complaints.isEmpty else { return }
    out.append(contentsOf: HTMLComplaints.header.utf8)
    for complaint in page.complaints {
      writeIndent(1)
      // A comment cannot hold `--`.
      for byte in complaint.utf8 {
        if byte == UInt8(ascii: "-") && out.last == byte { out.append(UInt8(ascii: " ")) }
        out.append(byte)
      }
      out.append(newline)
    }
    if page.complaintCount > page.complaints.count {
      out.append(contentsOf: "  and \(page.complaintCount - page.complaints.count) more\n".utf8)
    }
    write("-->\n")
  }
}
