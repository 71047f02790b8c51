import CLibXML2

/// `.html`'s text: the page libxml2 parsed, written one block per line and indented by depth,
/// so that a diff shows what changed where.
///
/// - A block (`div`, `p`, `li`, `tr`, …) that holds only text and inline elements is one line:
///   `<p>Hello <b>Ann</b>!</p>`. One that holds blocks opens and closes on lines of its own,
///   its content indented by two spaces.
/// - Whitespace is collapsed as a browser renders it (runs of it are one space, none at a
///   line's start or end), but kept as written in `pre` and `textarea`; `script` and `style`
///   keep their text as written.
/// - Attributes keep their order, each value in double quotes (`disabled=""` is `disabled`);
///   a start tag longer than a line has one attribute per line.
/// - Text and values are escaped the one way (`&amp;`, `&lt;`, `&gt;`, `&quot;`, and
///   `&nbsp;`, which would be invisible), whatever entities the source used.
/// - Only blocks break a line of text: an inline element around a block keeps its tags in
///   the lines beside it, and what is not drawn (`script`, `meta`, …) stays in its line, so no
///   whitespace appears where the page has none.
/// - Elements the parser added around a fragment (`html`, `head`, `body`), or kept out of
///   their place, and elements whose names HTML cannot spell are not written; what they hold
///   is.
///
/// The walk follows the tree's parent and sibling links, so a page nested 10,000 levels deep
/// needs no deeper stack than a flat one.
struct HTMLPrinter {
  let page: HTMLPage
  let sortsClasses: Bool
  let keepsComments: Bool
  /// A start tag longer than this, indentation included, has one attribute per line.
  let lineWidth = 100

  var out: [UInt8] = []
  /// Each attribute name as written, by libxml2's one copy of it.
  var attributeNames: [UnsafePointer<xmlChar>: [UInt8]] = [:]
  /// Whether a line of text is being written, where it began and where its text begins.
  private var inLine = false
  private var lineStart = 0
  private var contentStart = 0
  /// Inside a line of text: whether anything is written yet, and whether whitespace is
  /// waiting to be written as one space before what comes next.
  private var lineHasContent = false
  private var pendingSpace = false
  /// Where the content of each block being written begins.
  private var blockContents: [Int] = []

  init(_ page: HTMLPage, sortsClasses: Bool = false, keepsComments: Bool = true) {
    self.page = page
    self.sortsClasses = sortsClasses
    self.keepsComments = keepsComments
  }

  mutating func text() -> String {
    out = []
    out.reserveCapacity(page.size + page.size / 4)
    page.markBlocks()
    var node = page.firstNode
    // The doctype first, then what the parser complained of: libxml2 puts a doctype first
    // wherever the source has it, so the other order would not read back the same.
    if let doctype = node, doctype.nodeType == .doctype {
      writeDoctype(doctype)
      node = doctype.pointee.next
    }
    if let first = node, first.nodeType == .comment,
      HTMLComplaints.isListing(first.pointee.content)
    {
      // A snapshot normalised again keeps what was said of its source: the complaints about
      // the snapshot itself would name its own lines, and it would change each time.
      write("<!--")
      appendCString(first.pointee.content)
      write("-->\n")
      node = first.pointee.next
    } else {
      writeComplaints()
    }
    var depth = 0
    walkNodes(from: node) { current in
      switch current.nodeType {
      case .doctype:
        endLine()
        writeDoctype(current)
      case .element:
        let kind = page.kind(of: current)
        let holdsBlocks = page.holdsBlocks(current)
        if page.isImplied(current, kind) {
          return true
        } else if kind.isMetadata && !(inLine && lineHasContent) {
          endLine()
          writeElementLine(current, kind, depth: depth)
        } else if kind.isMetadata || (kind.isInline && !holdsBlocks) {
          beginLine(depth)
          writeInline(current)
        } else if kind.isInline {
          // An inline element around blocks: its tags stay in the lines of text on either
          // side, which only its blocks break.
          beginLine(depth)
          flushSpace()
          writeStartTag(current, kind, lineStart: nil, depth: 0)
          lineHasContent = true
          depth += 1
          return true
        } else if kind.keepsWhitespace || !holdsBlocks {
          endLine()
          writeElementLine(current, kind, depth: depth)
        } else {
          endLine()
          writeIndent(depth)
          writeStartTag(current, kind, lineStart: out.count - HTMLText.indent(depth), depth: depth)
          out.append(newline)
          blockContents.append(out.count)
          depth += 1
          return true
        }
      default:
        beginLine(depth)
        writeInline(current)
      }
      return false
    } leave: { element in
      leave(element, depth: &depth)
    }
    endLine()
    return String(decoding: out, as: UTF8.self)
  }

  /// Closes an element whose children were walked: a block's end tag on a line of its own, an
  /// inline element's in the line of text after its last block.
  private mutating func leave(_ element: xmlNodePtr, depth: inout Int) {
    let kind = page.kind(of: element)
    guard !page.isImplied(element, kind) else { return }
    depth -= 1
    if kind.isInline {
      beginLine(depth)
      writeEndTag(element)
    } else {
      endLine()
      if blockContents.popLast() == out.count {
        // Nothing of what it holds was written (an added `<body>`, say): one line, as its
        // markup reads back.
        out.removeLast()
      } else {
        writeIndent(depth)
      }
      writeEndTag(element)
      out.append(newline)
    }
  }

  /// Starts a line of text at `depth`, unless one is being written.
  private mutating func beginLine(_ depth: Int) {
    if inLine && out.count == contentStart {
      // Nothing but whitespace yet: the line starts where what comes first starts.
      out.removeLast(out.count - lineStart)
      writeIndent(depth)
      contentStart = out.count
    }
    guard !inLine else { return }
    inLine = true
    lineStart = out.count
    writeIndent(depth)
    contentStart = out.count
    startLine()
  }

  /// Ends the line of text being written, if any: whitespace that ends it is not written, and
  /// a line with nothing but whitespace is not a line.
  private mutating func endLine() {
    guard inLine else { return }
    inLine = false
    pendingSpace = false
    if out.count == contentStart {
      out.removeLast(out.count - lineStart)
    } else {
      out.append(newline)
    }
  }

  let newline = UInt8(ascii: "\n")

  /// Writes a block that holds no blocks.
  ///
  /// One line, or its start tag's lines, its text on one line and its end tag on another. Text
  /// kept as written is never broken: a line break after `<pre>` is not content.
  private mutating func writeElementLine(_ element: xmlNodePtr, _ kind: HTMLElementKind, depth: Int)
  {
    writeIndent(depth)
    let lineStart = out.count - HTMLText.indent(depth)
    writeStartTag(
      element, kind, lineStart: kind.keepsWhitespace ? nil : lineStart, depth: depth)
    defer { out.append(newline) }
    guard !kind.isVoid else { return }
    let broke = out.last == newline
    let contentLine = out.count
    if broke { writeIndent(depth + 1) }
    let contentStart = out.count
    startLine()
    if let child = element.pointee.children {
      writeInline(
        child, siblings: true, keeping: kind.keepsWhitespace ? element : nil,
        verbatim: kind.isVerbatim ? element : nil)
    }
    pendingSpace = false
    if broke {
      if out.count == contentStart {
        out.removeLast(out.count - contentLine)
      } else {
        out.append(newline)
      }
      writeIndent(depth)
    }
    writeEndTag(element)
  }

  private mutating func startLine() {
    lineHasContent = false
    pendingSpace = false
  }

  /// Writes `first` inline, or, with `siblings`, `first` and the siblings after it.
  ///
  /// `keeping` is the element inside which whitespace is kept, `verbatim` the one (a `script`, a
  /// `style`) inside which text is written as it is, unescaped.
  private mutating func writeInline(
    _ first: xmlNodePtr, siblings: Bool = false, keeping: xmlNodePtr? = nil,
    verbatim: xmlNodePtr? = nil
  ) {
    var keeping = keeping
    var verbatim = verbatim
    var node = first
    while true {
      switch node.nodeType {
      case .element:
        let kind = page.kind(of: node)
        if !page.isImplied(node, kind) {
          // Whitespace before what is not drawn belongs to what comes after it.
          if !kind.isMetadata { flushSpace() }
          writeStartTag(node, kind, lineStart: nil, depth: 0)
        }
        lineHasContent = true
        if kind.keepsWhitespace, keeping == nil { keeping = node }
        if kind.isVerbatim, verbatim == nil { verbatim = node }
        if let child = node.pointee.children {
          node = child
          continue
        }
        writeEndTag(node)
        if keeping == node { keeping = nil }
        if verbatim == node { verbatim = nil }
      case .text:
        if verbatim != nil {
          // Whitespace waiting before a script is not the script's: it waits on after it.
          appendCString(node.pointee.content)
          lineHasContent = true
        } else {
          writeText(node.pointee.content, keepingSpaces: keeping != nil)
        }
      case .comment where keepsComments:
        flushSpace()
        write("<!--")
        appendCString(node.pointee.content)
        write("-->")
        lineHasContent = true
      case .instruction:
        flushSpace()
        write("<?")
        appendCString(node.pointee.name)
        if let content = node.pointee.content, content.pointee != 0 {
          out.append(UInt8(ascii: " "))
          appendCString(content)
        }
        out.append(UInt8(ascii: ">"))
        lineHasContent = true
      default:
        break
      }
      // Then the next sibling, or up to the parent, closing it, until back where it began.
      while true {
        if !siblings && node == first { return }
        if let next = node.pointee.next {
          node = next
          break
        }
        guard let parent = node.pointee.parent, !siblings || parent != first.pointee.parent
        else { return }
        node = parent
        writeEndTag(node)
        if keeping == node { keeping = nil }
        if verbatim == node { verbatim = nil }
      }
    }
  }

  private mutating func flushSpace() {
    if pendingSpace {
      out.append(UInt8(ascii: " "))
      pendingSpace = false
    }
  }

  /// Writes text escaped, collapsing its whitespace unless `keepingSpaces`.
  ///
  /// Runs of ordinary bytes are copied whole: a debug build (where users' tests run) pays per call, not per byte.
  mutating func writeText(
    _ text: UnsafePointer<xmlChar>?, keepingSpaces: Bool = false, quote: Bool = false
  ) {
    guard let text else { return }
    var run = text
    var byte = text
    while true {
      let kind = HTMLText.kind(of: byte.pointee)
      if kind == .ordinary || (kind == .space && keepingSpaces)
        || (byte.pointee == UInt8(ascii: "\"") && !quote)
      {
        byte += 1
        continue
      }
      if byte > run {
        flushSpace()
        out.append(contentsOf: UnsafeBufferPointer(start: run, count: byte - run))
        lineHasContent = true
      }
      switch kind {
      case .end:
        return
      case .space:
        if lineHasContent { pendingSpace = true }
        byte += 1
      default:
        flushSpace()
        byte = writeEscaped(byte)
        lineHasContent = true
      }
      run = byte
    }
  }

  /// Writes the character at `byte`, escaped, and returns where the next one starts.
  mutating func writeEscaped(_ byte: UnsafePointer<xmlChar>) -> UnsafePointer<xmlChar> {
    switch byte.pointee {
    case UInt8(ascii: "&"): write("&amp;")
    case UInt8(ascii: "<"): write("&lt;")
    case UInt8(ascii: ">"): write("&gt;")
    case UInt8(ascii: "\""): write("&quot;")
    case 0xC2 where byte[1] == 0xA0:
      write("&nbsp;")
      return byte + 2
    default: out.append(byte.pointee)
    }
    return byte + 1
  }

  mutating func appendCString(_ text: UnsafePointer<xmlChar>?) {
    HTMLText.append(text, to: &out)
  }

  mutating func writeIndent(_ depth: Int) {
    HTMLText.appendIndent(depth, to: &out)
  }

  /// Appends a literal; `append(contentsOf: "…".utf8)` walks it byte by byte in a debug build.
  mutating func write(_ literal: StaticString) {
    out.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
