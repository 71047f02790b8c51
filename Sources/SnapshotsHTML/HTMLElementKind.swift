import CLibXML2

/// What the printer needs to know of an element by its name: whether it flows inside a line of
/// text (phrasing content, as the HTML standard calls it), has no end tag, keeps its text as
/// written, or is one of the three the parser adds around a fragment.
struct HTMLElementKind {
  enum Implied { case none, html, head, body }

  var isInline = false
  var isVoid = false
  /// `pre` and `textarea` keep their whitespace; `script` and `style` their text as well.
  var keepsWhitespace = false
  var isVerbatim = false
  var implied = Implied.none

  init(_ name: String) {
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

  /// Kinds by name, for one page: libxml2 keeps one copy of each name in a document's
  /// dictionary, so its address stands for the name.
  struct Cache {
    private var kinds: [UnsafePointer<xmlChar>: HTMLElementKind] = [:]

    mutating func kind(of element: xmlNodePtr) -> HTMLElementKind {
      guard let name = element.pointee.name else { return HTMLElementKind("") }
      if let known = kinds[name] { return known }
      let kind = HTMLElementKind(String(cString: name))
      kinds[name] = kind
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
