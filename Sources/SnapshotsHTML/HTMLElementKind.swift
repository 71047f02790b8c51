import CLibXML2

/// What the printer needs to know of an element by its name: whether it flows inside a line of
/// text (phrasing content, as the HTML standard calls it), has no end tag, keeps its text as
/// written, or is one of the three the parser adds around a fragment.
struct HTMLElementKind {
  enum Implied { case none, html, head, body, unspellable }

  /// The element's name, lower-case as libxml2 keeps it.
  let name: String
  /// The name its tags are written with: the part after the last colon.
  ///
  /// libxml2 2.9 reads
  /// `<a:b:c>` as an element named `b:c`, so each reading would drop one more part.
  let writtenName: [UInt8]

  var isInline = false
  var isVoid = false
  /// `pre` and `textarea` keep their whitespace; `script` and `style` their text as well.
  var keepsWhitespace = false
  var isVerbatim = false
  /// Not drawn (`script`, `style`, `meta`, …): on a line of its own among blocks, but it
  /// neither breaks a line of text it is in nor makes the element it is in a block.
  var isMetadata = false
  var implied = Implied.none

  init(_ name: String) {
    self.name = name
    let local = Array(
      name.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? [])
    writtenName =
      ForeignNames.elements[String(decoding: local, as: UTF8.self)].map { Array($0.utf8) } ?? local
    // A name HTML cannot spell (libxml2 recovers some from broken tags, `<:a>`): its tags
    // would read back as text, so only what it holds is written, as for an added `<body>`.
    guard let first = writtenName.first, (0x61...0x7A).contains(first | 0x20) else {
      implied = .unspellable
      isInline = true
      return
    }
    switch name {
    case "html": implied = .html
    case "head": implied = .head
    case "body": implied = .body
    case "pre", "listing", "plaintext", "xmp": keepsWhitespace = true
    case "textarea":
      isInline = true
      keepsWhitespace = true
    case "script", "style":
      keepsWhitespace = true
      isVerbatim = true
      isMetadata = true
    case "base", "link", "meta":
      isVoid = true
      isMetadata = true
    case "template", "title":
      isMetadata = true
    case "br", "img", "input", "wbr", "embed", "source", "track":
      isInline = true
      isVoid = true
    case "area", "col", "hr", "param", "keygen":
      isVoid = true
    case "address", "article", "aside", "blockquote", "caption", "colgroup", "dd", "details",
      "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
      "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "legend", "li",
      "main", "menu", "nav", "noscript", "ol", "optgroup", "option", "p", "search", "section",
      "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul":
      break
    default:
      // Phrasing content, and any element HTML does not define (a custom element, SVG's and
      // MathML's), which a browser shows inline until a style says otherwise.
      isInline = true
    }
  }

  /// Whether the attribute is one whose presence is its value (`disabled`), so that any
  /// spelling of it is written bare.
  static func isBoolean(_ name: UnsafePointer<xmlChar>?) -> Bool {
    guard let name else { return false }
    return booleanAttributes.contains(String(cString: name))
  }

  private static let booleanAttributes: Set<String> = [
    "allowfullscreen", "async", "autofocus", "autoplay", "checked", "compact", "controls",
    "declare", "default", "defer", "disabled", "formnovalidate", "hidden", "inert", "ismap",
    "itemscope", "loop", "multiple", "muted", "nohref", "nomodule", "noresize", "noshade",
    "novalidate", "nowrap", "open", "playsinline", "readonly", "required", "reversed",
    "selected",
  ]

  /// The kinds met on one page.
  ///
  /// libxml2 copies each element's name, so a name up to eight
  /// bytes long is looked up by those bytes as one number, not as a string; and once looked
  /// up, an element keeps its kind's number in the field libxml2 leaves to applications
  /// (`_private`), above the bit that says it holds blocks.
  struct Table {
    private var kinds: [HTMLElementKind] = []
    private var short: [UInt64: Int] = [:]
    private var long: [String: Int] = [:]

    mutating func kind(of element: xmlNodePtr) -> HTMLElementKind {
      let bits = Int(bitPattern: element.pointee._private)
      if bits > 1 { return kinds[bits >> 1 - 1] }
      let index = number(of: element)
      element.pointee._private = UnsafeMutableRawPointer(bitPattern: (index + 1) << 1 | bits)
      return kinds[index]
    }

    private mutating func number(of element: xmlNodePtr) -> Int {
      guard let name = element.pointee.name else { return add(HTMLElementKind("")) }
      var key: UInt64 = 0
      var length = 0
      while length < 8, name[length] != 0 {
        key = key << 8 | UInt64(name[length])
        length += 1
      }
      if name[length] == 0 {
        if let known = short[key] { return known }
        let index = add(HTMLElementKind(String(cString: name)))
        short[key] = index
        return index
      }
      let text = String(cString: name)
      if let known = long[text] { return known }
      let index = add(HTMLElementKind(text))
      long[text] = index
      return index
    }

    private mutating func add(_ kind: HTMLElementKind) -> Int {
      kinds.append(kind)
      return kinds.count - 1
    }
  }
}

extension HTMLPage {
  func kind(of element: xmlNodePtr) -> HTMLElementKind { kinds.kind(of: element) }
}
