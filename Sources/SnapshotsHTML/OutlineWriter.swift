/// One line of an outline: a role, its accessible name, its states and what it holds.
package struct OutlineEntry {
  package var role: String
  package var name: String
  package var states: OutlineStates
  /// A text field's or a slider's value; `nil` where it has none to say.
  package var value: String?

  package init(role: String, name: String, states: OutlineStates, value: String? = nil) {
    self.role = role
    self.name = name
    self.states = states
    self.value = value
  }

  /// Roles whose name is their text (accname's "name from content").
  package static let namedByContent: Set<String> = [
    "button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "radio", "rowheader", "switch", "tab",
    "term", "tooltip", "treeitem",
  ]

  /// Roles whose value is what they hold.
  package static let hasValue: Set<String> = ["textbox", "searchbox", "spinbutton", "slider"]

  /// Roles of text rather than of structure, which add only their text.
  ///
  /// A paragraph, a generic container, emphasis, a table's caption (which names the table):
  /// so an outline outlives changes of markup. `none` and `presentation` say as much of
  /// themselves.
  package static let textRoles: Set<String> = [
    "caption", "code", "deletion", "emphasis", "generic", "insertion", "mark", "none",
    "paragraph", "presentation", "rowgroup", "strong", "subscript", "superscript", "time",
  ]

  /// Whether its text is not listed under it again: its name or value is its text, or it is a
  /// picture whose parts (an SVG's title and shapes) are the picture.
  var holdsItsText: Bool {
    Self.namedByContent.contains(role) || Self.hasValue.contains(role) || role == "img"
  }
}

/// What an outline says of an element's state, each in brackets after its name, in this order.
package struct OutlineStates: Equatable {
  package var level: String?
  package var href: String?
  /// `true` or `mixed`.
  package var checked: String?
  package var disabled = false
  package var required = false
  package var readonly = false
  package var multiline = false
  package var expanded: Bool?
  package var selected = false
  /// `true` or `mixed`.
  package var pressed: String?
  /// `true` or the kind of current thing (`page`, `step`).
  package var current: String?

  package init() {}

  /// Writes each state, ` [name]` or ` [name=value]`.
  func append(to bytes: inout [UInt8]) {
    func write(_ name: StaticString, _ value: String? = nil) {
      bytes.append(contentsOf: " [".utf8)
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      if let value {
        bytes.append(UInt8(ascii: "="))
        bytes.append(contentsOf: value.utf8)
      }
      bytes.append(UInt8(ascii: "]"))
    }
    func flag(_ value: String) -> String? { value == "true" ? nil : value }
    if let level { write("level", level) }
    if let href { write("href", href) }
    if let checked { write("checked", flag(checked)) }
    if disabled { write("disabled") }
    if required { write("required") }
    if readonly { write("readonly") }
    if multiline { write("multiline") }
    if let expanded { write(expanded ? "expanded" : "collapsed") }
    if selected { write("selected") }
    if let pressed { write("pressed", flag(pressed)) }
    if let current { write("current", flag(current)) }
  }
}

/// Writes an outline's text as a tree is walked in document order.
///
/// Each entry is a line, `- role "name" [state]: value`, indented under the one it is in, and
/// ends with `:` when lines follow under it; text between entries is `- text: …`, its
/// whitespace collapsed, or follows the colon of an entry that holds nothing else
/// (`- listitem: Apples`). `.htmlOutline` writes a page's markup with it, and SnapshotsBrowser's
/// `.renderedOutline` Chromium's accessibility tree, so the two read alike.
package struct OutlineWriter {
  private var lines: [UInt8] = []
  private var open: [Open] = []
  /// Text read since the last line, collapsed, waiting for the line it belongs to.
  private var pending: [UInt8] = []

  /// An entry's line, while what it holds is being written.
  private struct Open {
    var lineStart: Int
    var hasChildren = false
    var holdsItsText: Bool
  }

  package init() {}

  /// Whether the innermost entry's text is already said by its name or value.
  package var holdsText: Bool { open.last?.holdsItsText ?? false }

  /// Starts an entry's line; what follows, until ``leave()``, is under it.
  package mutating func enter(_ entry: OutlineEntry) {
    breakText()
    if !open.isEmpty { open[open.count - 1].hasChildren = true }
    let lineStart = lines.count
    HTMLText.appendIndent(open.count, to: &lines)
    lines.append(contentsOf: "- \(entry.role)".utf8)
    // One line each: a name or value is written with its whitespace collapsed.
    let name = HTMLText.collapsing(entry.name)
    if !name.isEmpty {
      lines.append(contentsOf: " \"".utf8)
      for byte in name.utf8 {
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          lines.append(UInt8(ascii: "\\"))
        }
        lines.append(byte)
      }
      lines.append(UInt8(ascii: "\""))
    }
    entry.states.append(to: &lines)
    if let value = entry.value.map(HTMLText.collapsing), !value.isEmpty {
      lines.append(contentsOf: ": \(value)".utf8)
    }
    lines.append(UInt8(ascii: "\n"))
    open.append(Open(lineStart: lineStart, holdsItsText: entry.holdsItsText))
  }

  /// Ends the innermost entry.
  package mutating func leave() {
    guard let last = open.last else { return }
    if last.hasChildren {
      breakText()
      let end = lines[last.lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.endIndex
      lines.insert(UInt8(ascii: ":"), at: end)
    } else if let words = pendingWords() {
      // A role that holds only text says it on its own line.
      lines.removeLast()
      lines.append(contentsOf: ": ".utf8)
      lines.append(contentsOf: words)
      lines.append(UInt8(ascii: "\n"))
    }
    pending.removeAll(keepingCapacity: true)
    open.removeLast()
  }

  /// Adds text read in the page, its whitespace collapsed with what came before.
  package mutating func appendText(_ text: some Sequence<UInt8>) {
    HTMLText.appendCollapsed(text, to: &pending)
  }

  mutating func appendText(_ text: UnsafePointer<UInt8>?) {
    HTMLText.appendCollapsed(text, to: &pending)
  }

  /// Ends a run of text where a block starts or ends: text on either side of a block is not
  /// one run of words.
  package mutating func breakText() {
    defer { pending.removeAll(keepingCapacity: true) }
    guard let words = pendingWords() else { return }
    if !open.isEmpty { open[open.count - 1].hasChildren = true }
    HTMLText.appendIndent(open.count, to: &lines)
    lines.append(contentsOf: "- text: ".utf8)
    lines.append(contentsOf: words)
    lines.append(UInt8(ascii: "\n"))
  }

  /// The outline, once the walk is done.
  package mutating func finish() -> String {
    breakText()
    while !open.isEmpty { leave() }
    return String(decoding: lines, as: UTF8.self)
  }

  /// The text read since the last line (collapsed, so never starting with a space) without
  /// the space it may end with.
  private func pendingWords() -> ArraySlice<UInt8>? {
    var words = pending[...]
    if words.last == 0x20 { words.removeLast() }
    return words.isEmpty ? nil : words
  }
}
