import CLibXML2

/// `.htmlOutline`'s text: what assistive technology finds on a page.
///
/// In the spirit of Playwright's aria snapshots, each landmark, heading, link, button, form control, image, list,
/// table and their parts is one line, `- role "accessible name" [state]`, indented under the one
/// it is in; text outside them is `- text: …`. Elements without a role (`div`, `span`, `p`) add
/// nothing but their content, so the outline survives changes of markup and fails when what a
/// user can perceive or operate changes: a label, an alt text, a heading's level, a state.
///
/// Roles, names and states follow HTML-AAM and accname, as far as markup alone decides them:
/// `role` and `aria-*` attributes win over the element's own role and name; `hidden`,
/// `aria-hidden="true"`, `<head>`, `<script>`, `<style>` and `<template>` are left out.
struct HTMLOutliner {
  private var lines: [UInt8] = []
  let page: HTMLPage
  var ids: [String: xmlNodePtr] = [:]
  /// The `<label>`s that name each labelled control, in the page's order.
  var labels: [xmlNodePtr: [xmlNodePtr]] = [:]
  var labelElements: Set<xmlNodePtr> = []

  /// A role's line, while its element's content is being walked.
  private struct Open {
    var element: xmlNodePtr
    var lineStart: Int
    var hasChildren = false
    /// Its name or value is its text, so its text is not listed again.
    var holdsItsText: Bool
  }
  private var open: [Open] = []
  /// Text read since the last line, collapsed, waiting for the line it belongs to.
  private var pending: [UInt8] = []

  init(_ page: HTMLPage) { self.page = page }

  mutating func text() -> String {
    index()
    let node = page.firstNode
    // The element, if any, whose text names another rather than being content: a control's
    // label, a table's caption.
    var quiet: xmlNodePtr?
    walkNodes(from: node) { current in
      switch current.nodeType {
      case .element where !isHidden(current):
        if !page.kind(of: current).isInline { flushText() }
        if let role = role(of: current) {
          enter(current, role)
        } else if quiet == nil && namesAnother(current) {
          quiet = current
        }
        return true
      case .text:
        if quiet == nil && !(open.last?.holdsItsText ?? false) && !isFoldedAway(current) {
          HTMLText.appendCollapsed(current.pointee.content, to: &pending)
        }
      default:
        break
      }
      return false
    } leave: { element in
      leave(element, quiet: &quiet)
    }
    flushText()
    return String(decoding: lines, as: UTF8.self)
  }

  private mutating func leave(_ element: xmlNodePtr, quiet: inout xmlNodePtr?) {
    guard element.isElement else { return }
    if quiet == element { quiet = nil }
    guard let last = open.last, last.element == element else {
      // Text on either side of a block is not one run of words.
      if !page.kind(of: element).isInline { flushText() }
      return
    }
    if last.hasChildren {
      flushText()
      lines.insert(UInt8(ascii: ":"), at: lineEnd(from: last.lineStart))
    } else if let words = pendingWords() {
      // `- listitem: Apples`: a role that holds only text says it on its own line.
      lines.removeLast()
      lines.append(contentsOf: ": ".utf8)
      lines.append(contentsOf: words)
      lines.append(UInt8(ascii: "\n"))
    }
    pending.removeAll(keepingCapacity: true)
    open.removeLast()
  }

  private func lineEnd(from start: Int) -> Int {
    lines[start...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.endIndex
  }

  private mutating func enter(_ element: xmlNodePtr, _ role: String) {
    flushText()
    if !open.isEmpty { open[open.count - 1].hasChildren = true }
    let lineStart = lines.count
    writeIndent()
    lines.append(contentsOf: "- \(role)".utf8)
    let name = accessibleName(of: element, role: role)
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
    for state in states(of: element, role: role) { lines.append(contentsOf: " [\(state)]".utf8) }
    if let value = value(of: element, role: role), !value.isEmpty {
      lines.append(contentsOf: ": \(value)".utf8)
    }
    lines.append(UInt8(ascii: "\n"))
    open.append(
      Open(
        element: element, lineStart: lineStart,
        // A picture's parts (an SVG's title and shapes) are the picture.
        holdsItsText: Self.namedByContent.contains(role) || Self.hasValue.contains(role)
          || role == "img"))
  }

  private mutating func flushText() {
    defer { pending.removeAll(keepingCapacity: true) }
    guard let words = pendingWords() else { return }
    if !open.isEmpty { open[open.count - 1].hasChildren = true }
    writeIndent()
    lines.append(contentsOf: "- text: ".utf8)
    lines.append(contentsOf: words)
    lines.append(UInt8(ascii: "\n"))
  }

  /// The text read since the last line (collapsed, so never starting with a space) without
  /// the space it may end with.
  private func pendingWords() -> ArraySlice<UInt8>? {
    var words = pending[...]
    if words.last == 0x20 { words.removeLast() }
    return words.isEmpty ? nil : words
  }

  private mutating func writeIndent() {
    HTMLText.appendIndent(open.count, to: &lines)
  }
}
