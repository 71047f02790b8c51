import CLibXML2
import Foundation

/// A page as libxml2's HTML parser reads it: the tree it builds, recovering from whatever is
/// malformed as a browser would (closing what is left open, dropping stray end tags), and what
/// it complained about on the way.
final class HTMLPage {
  let document: htmlDocPtr
  /// The parser's complaints, `Unexpected end tag : div (2 times)`, each once.
  ///
  /// In the order it first made them, without line numbers: a reference must not change when whitespace
  /// moves a complaint to another line.
  let complaints: [String]
  /// How many different complaints there were; only the first `keptComplaints` are kept.
  let complaintCount: Int
  /// Which of `<html>`, `<head>` and `<body>` the source writes.
  ///
  /// The parser adds the others
  /// around a fragment; they are not the page's, so they are not shown.
  let writes: (html: Bool, head: Bool, body: Bool)

  static let keptComplaints = 20

  /// How many bytes of UTF-8 the source was.
  let size: Int
  /// Each element's kind, looked up once.
  var kinds = HTMLElementKind.Table()

  init(parsing text: String) throws(HTMLError) {
    var text = text
    let parsed = text.withUTF8 { bytes in Self.parse(bytes) }
    guard let document = parsed.document else { throw HTMLError.unparsable }
    self.document = document
    self.size = text.utf8.count
    self.complaints = parsed.complaints.prefix(Self.keptComplaints).map { complaint in
      let times = parsed.counts[complaint] ?? 1
      return times == 1 ? complaint : "\(complaint) (\(times) times)"
    }
    self.complaintCount = parsed.complaints.count
    self.writes = text.withUTF8 { Self.tagsWritten(in: $0) }
  }

  deinit { xmlFreeDoc(document) }

  /// The page's first node: its doctype, a comment, or its first element.
  var firstNode: xmlNodePtr? { document.pointee.children }

  /// Whether `element` is an `<html>`, `<head>` or `<body>` that is not the page's own.
  ///
  /// One the parser added around a fragment, or one out of its place (an `<html>` inside the
  /// page, which the parser may keep while recovering, but drops when it reads its tag
  /// there). Such an element is not written; what it holds is.
  func isImplied(_ element: xmlNodePtr, _ kind: HTMLElementKind) -> Bool {
    let parent = element.pointee.parent
    switch kind.implied {
    case .html: return !writes.html || parent?.isElement != false
    case .head, .body:
      let inRoot = parent.map { $0.isElement && $0.pointee.parent?.isElement == false } ?? false
      return !(kind.implied == .head ? writes.head : writes.body) || !inRoot
    case .unspellable: return true
    case .none: return false
    }
  }

  private static let setUp: Void = xmlInitParser()

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    document: htmlDocPtr?, complaints: [String], counts: [String: Int]
  ) {
    _ = setUp
    final class Collector {
      var complaints: [String] = []
      var counts: [String: Int] = [:]
    }
    let collector = Collector()
    // The handler is the calling thread's (libxml2 keeps it per thread), and the parse is
    // synchronous: set, parse and reset cannot interleave with another page's.
    let context = Unmanaged.passUnretained(collector).toOpaque()
    xmlSetStructuredErrorFunc(context) { context, error in
      guard let context, let error = error?.pointee else { return }
      // libxml2 2.9 knows HTML 4 only: every HTML5 or custom element would be a complaint.
      guard error.code != Int32(XML_HTML_UNKNOWN_TAG.rawValue) else { return }
      // An `&` that starts no character reference (`href="/x?a=1&b=2"`, `Tom & Jerry`) is
      // text to HTML5 and to libxml2's tree alike: not worth a complaint.
      let said = error.message.map { String(cString: $0) } ?? ""
      guard error.code != Int32(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue),
        !said.hasPrefix("htmlParseEntityRef: no name")
      else { return }
      let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
      var message = said.isEmpty ? "error \(error.code)" : said
      while message.last?.isWhitespace == true { message.removeLast() }
      if collector.counts[message] == nil { collector.complaints.append(message) }
      collector.counts[message, default: 0] += 1
    }
    defer { xmlSetStructuredErrorFunc(nil, nil) }
    let options =
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue
      | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      // Swift text is UTF-8 whatever a `<meta charset>` says.
      | HTML_PARSE_IGNORE_ENC.rawValue
      // Without it the parser stops at 256 levels of nesting and drops the rest of the page.
      | XML_PARSE_HUGE.rawValue
    let document = bytes.withMemoryRebound(to: CChar.self) { characters in
      characters.baseAddress.flatMap {
        htmlReadMemory(
          $0, Int32(clamping: characters.count), nil, "UTF-8", Int32(bitPattern: UInt32(options)))
      }
    }
    return (document, collector.complaints, collector.counts)
  }

  /// Whether the source has an `<html`, `<head` or `<body` start tag, in any case.
  private static func tagsWritten(in bytes: UnsafeBufferPointer<UInt8>) -> (
    html: Bool, head: Bool, body: Bool
  ) {
    var found = (html: false, head: false, body: false)
    guard let start = bytes.baseAddress else { return found }
    let end = start + bytes.count
    var next = start
    // `memchr`: a debug build's loop over five megabytes takes seconds.
    while let open = memchr(next, Int32(UInt8(ascii: "<")), end - next) {
      let tag = UnsafePointer(open.assumingMemoryBound(to: UInt8.self))
      next = tag + 1
      guard end - tag > 5 else { break }
      // Four letters, lowercased, then a character that ends a tag name.
      var name: UInt32 = 0
      for offset in 1...4 { name = name << 8 | UInt32(tag[offset] | 0x20) }
      switch tag[5] {
      case UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "/"), 0x09, 0x0A, 0x0C, 0x0D: break
      default: continue
      }
      switch name {
      case 0x6874_6D6C: found.html = true
      case 0x6865_6164: found.head = true
      case 0x626F_6479: found.body = true
      default: break
      }
    }
    return found
  }
}

/// HTML that cannot be read at all (the parser gave no document: an empty page).
extension HTMLPage {
  /// Marks each element that holds a block somewhere inside it, and so cannot be written on
  /// one line, by walking up from each block until an element already marked.
  func markBlocks() {
    var node = firstNode
    while let current = node {
      let kind = current.isElement ? kind(of: current) : nil
      // A head is written as blocks, one line for each thing it holds.
      if let kind, kind.implied == .head, current.pointee.children != nil {
        current.pointee._private = UnsafeMutableRawPointer(
          bitPattern: Int(bitPattern: current.pointee._private) | 1)
      }
      if let kind, !kind.isInline, !kind.isMetadata {
        var parent = current.pointee.parent
        // Ancestors come first in document order, so each already has its kind's number.
        while let element = parent, element.isElement, !holdsBlocks(element) {
          element.pointee._private = UnsafeMutableRawPointer(
            bitPattern: Int(bitPattern: element.pointee._private) | 1)
          parent = element.pointee.parent
        }
      }
      node = current.next()
    }
  }

  func holdsBlocks(_ element: xmlNodePtr) -> Bool {
    Int(bitPattern: element.pointee._private) & 1 == 1
  }
}

enum HTMLError: Error, CustomStringConvertible {
  case unparsable

  var description: String { "The HTML parser (libxml2) made no document of this text." }
}

/// The comment `.html` writes first when the parser recovered from malformed HTML.
enum HTMLComplaints {
  static let header = "<!-- The HTML parser recovered from:\n"

  /// Whether a comment's text is such a listing.
  static func isListing(_ comment: UnsafePointer<UInt8>?) -> Bool {
    guard let comment else { return false }
    return header.utf8.dropFirst(4).enumerated().allSatisfy { comment[$0.offset] == $0.element }
  }

  /// The complaints listed at the head of a page `.html` wrote (after its doctype), one per
  /// line.
  static func listed(in text: String) -> String? {
    var rest = Substring(text)
    if rest.hasPrefix("<!DOCTYPE"), let newline = rest.firstIndex(of: "\n") {
      rest = rest[rest.index(after: newline)...]
    }
    guard rest.hasPrefix(header), let end = rest.range(of: "\n-->\n") else { return nil }
    return String(rest[rest.index(rest.startIndex, offsetBy: header.count)..<end.lowerBound])
  }
}
