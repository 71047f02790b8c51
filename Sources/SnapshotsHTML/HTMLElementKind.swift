import CLibXML2

/// What the printer needs to know of an element by its name: whether it flows inside a line of
/// text (phrasing content, as the HTML standard calls it), has no end tag, keeps its text as
/// written, or is one of the three the parser adds around a fragment.
struct HTMLElementKind {
  enum Implied { case none, html, head, body }

  /// The element's name, lower-case as libxml2 keeps it.
  let name: String

  var isInline = false
  var isVoid = false
  /// `pre` and `textarea` keep their whitespace; `script` and `style` their text as well.
  var keepsWhitespace = false
  var isVerbatim = false
  var implied = Implied.none

  init(_ name: String) {
    self.name = name
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
    case "br", "img", "input", "wbr", "embed", "source", "track":
      isInline = true
      isVoid = true
    case "area", "base", "col", "hr", "link", "meta", "param", "keygen":
      isVoid = true
    case "address", "article", "aside", "blockquote", "caption", "colgroup", "dd", "details",
      "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
      "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "legend", "li",
      "main", "menu", "nav", "noscript", "ol", "optgroup", "option", "p", "search", "section",
      "summary", "table", "tbody", "td", "template", "tfoot", "th", "thead", "title", "tr", "ul":
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

  /// Kinds by name, for one page. libxml2 copies each element's name, so a name up to eight
  /// bytes long is looked up by those bytes as one number, not as a string.
  struct Cache {
    private var short: [UInt64: HTMLElementKind] = [:]
    private var long: [String: HTMLElementKind] = [:]

    mutating func kind(of element: xmlNodePtr) -> HTMLElementKind {
      guard let name = element.pointee.name else { return HTMLElementKind("") }
      var key: UInt64 = 0
      var length = 0
      while length < 8, name[length] != 0 {
        key = key << 8 | UInt64(name[length])
        length += 1
      }
      if name[length] == 0 {
        if let known = short[key] { return known }
        let kind = HTMLElementKind(String(cString: name))
        short[key] = kind
        return kind
      }
      let text = String(cString: name)
      if let known = long[text] { return known }
      let kind = HTMLElementKind(text)
      long[text] = kind
      return kind
    }
  }
}

/// Which elements hold a block somewhere inside them, and so cannot be written on one line:
/// marked once per page, in the field libxml2 leaves to applications (`_private`), by walking
/// up from each block until an element already marked.
enum HTMLBlocks {
  /// Any address but `nil` would do; nothing reads through it.
  nonisolated(unsafe) private static let mark = UnsafeMutableRawPointer(bitPattern: 1)

  static func mark(_ page: HTMLPage, _ kinds: inout HTMLElementKind.Cache) {
    var node = page.firstNode
    while let current = node {
      if current.isElement, !kinds.kind(of: current).isInline {
        var parent = current.pointee.parent
        while let element = parent, element.isElement, element.pointee._private == nil {
          element.pointee._private = mark
          parent = element.pointee.parent
        }
      }
      node = current.next()
    }
  }

  static func holdsBlocks(_ element: xmlNodePtr) -> Bool { element.pointee._private != nil }
}
