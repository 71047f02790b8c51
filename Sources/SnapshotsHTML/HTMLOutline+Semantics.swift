import CLibXML2

// What the outline says of an element, as HTML-AAM and accname decide it from markup alone:
// its role, whether it is left out, its accessible name, states and value, and the page's ids
// and labels they are read from.
extension HTMLOutliner {
  // MARK: Roles

  static let namedByContent: Set<String> = [
    "button", "cell", "checkbox", "columnheader", "heading", "link", "menuitem", "option",
    "radio", "rowheader", "switch", "tab", "term", "tooltip", "treeitem",
  ]

  static let hasValue: Set<String> = ["textbox", "searchbox", "spinbutton", "slider"]

  /// The explicit role, else the element's own; `nil` for an element that only holds content.
  func role(of element: xmlNodePtr) -> String? {
    if let explicit = element.attribute("role")?.split(separator: " ").first {
      return explicit == "presentation" || explicit == "none" ? nil : String(explicit)
    }
    let name = tagName(element)
    switch name {
    case "a", "area": return element.attribute("href") == nil ? nil : "link"
    case "article": return "article"
    case "aside": return "complementary"
    case "blockquote": return "blockquote"
    case "button": return "button"
    case "dd": return "definition"
    case "details": return "group"
    case "dialog": return "dialog"
    case "dt": return "term"
    case "fieldset": return "group"
    case "figure": return "figure"
    case "footer": return isSectioned(element) ? nil : "contentinfo"
    case "form": return "form"
    case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
    case "header": return isSectioned(element) ? nil : "banner"
    case "hr": return "separator"
    case "img":
      return element.attribute("alt") == "" && element.attribute("title") == nil
        ? nil : "img"
    // A drawing is one picture, as browsers expose it (an `<svg>` inside another is a part).
    case "svg": return element.pointee.parent?.isNamed("svg") == true ? nil : "img"
    case "input": return inputRole(element)
    case "li": return "listitem"
    case "main": return "main"
    case "meter": return "meter"
    case "nav": return "navigation"
    case "ol", "ul", "menu": return "list"
    case "optgroup": return "group"
    case "option": return "option"
    case "progress": return "progressbar"
    case "search": return "search"
    case "section":
      return element.hasAttribute("aria-label")
        || element.hasAttribute("aria-labelledby") ? "region" : nil
    case "select":
      return element.hasAttribute("multiple")
        || (element.attribute("size").flatMap { Int($0) } ?? 1) > 1 ? "listbox" : "combobox"
    case "table": return "table"
    case "td": return "cell"
    case "textarea": return "textbox"
    case "th": return element.attribute("scope") == "row" ? "rowheader" : "columnheader"
    case "tr": return "row"
    default: return nil
    }
  }

  func inputRole(_ input: xmlNodePtr) -> String? {
    switch input.attribute("type")?.lowercased() ?? "text" {
    case "hidden": nil
    case "button", "submit", "reset", "image", "file": "button"
    case "checkbox": "checkbox"
    case "radio": "radio"
    case "range": "slider"
    case "number": "spinbutton"
    case "search": "searchbox"
    default: "textbox"
    }
  }

  /// A `header` or `footer` inside sectioning content is not the page's banner or footer.
  func isSectioned(_ element: xmlNodePtr) -> Bool {
    var parent = element.pointee.parent
    while let ancestor = parent, ancestor.isElement {
      if ancestor.isNamed("article") || ancestor.isNamed("aside") || ancestor.isNamed("main")
        || ancestor.isNamed("nav") || ancestor.isNamed("section")
      {
        return true
      }
      parent = ancestor.pointee.parent
    }
    return false
  }

  func isHidden(_ element: xmlNodePtr) -> Bool {
    let kind = page.kind(of: element)
    return kind.isMetadata || kind.implied == .head || element.isNamed("noscript")
      || element.hasAttribute("hidden") || element.attribute("aria-hidden") == "true"
      || isFoldedAway(element)
  }

  /// Whether a node is inside a closed `<details>` (all but its first `<summary>`), which a
  /// browser neither draws nor exposes.
  func isFoldedAway(_ node: xmlNodePtr) -> Bool {
    guard let parent = node.pointee.parent, parent.isElement, parent.isNamed("details"),
      !parent.hasAttribute("open")
    else { return false }
    return node != firstChild(of: parent, named: "summary")
  }

  /// Whether the element's text names another element rather than being content of its own.
  func namesAnother(_ element: xmlNodePtr) -> Bool {
    element.isNamed("caption") || element.isNamed("figcaption") || element.isNamed("legend")
      || labelElements.contains(element)
  }

  // MARK: Names, states and values

  func accessibleName(of element: xmlNodePtr, role: String) -> String {
    if let ids = element.attribute("aria-labelledby") {
      let name = ids.split(separator: " ").compactMap { self.ids[String($0)] }
        .map { textContent(of: $0) }.joined(separator: " ")
      if !name.isEmpty { return name }
    }
    if let label = element.attribute("aria-label"), !label.isEmpty {
      return HTMLText.collapsing(label)
    }
    switch tagName(element) {
    case "input", "select", "textarea":
      if let labels = labels[element] {
        return labels.map { textContent(of: $0) }.filter { !$0.isEmpty }.joined(separator: " ")
      }
      if let name = inputButtonName(element) { return name }
      return element.attribute("title") ?? element.attribute("placeholder") ?? ""
    case "img", "area":
      return element.attribute("alt") ?? element.attribute("title") ?? ""
    case "table": return firstChild(of: element, named: "caption").map { textContent(of: $0) } ?? ""
    case "fieldset":
      return firstChild(of: element, named: "legend").map { textContent(of: $0) } ?? ""
    case "optgroup": return element.attribute("label").map(HTMLText.collapsing) ?? ""
    case "svg":
      if let title = firstChild(of: element, named: "title") { return textContent(of: title) }
    case "figure":
      return firstChild(of: element, named: "figcaption").map { textContent(of: $0) } ?? ""
    default: break
    }
    if Self.namedByContent.contains(role) {
      let content = textContent(of: element)
      if !content.isEmpty { return content }
    }
    return element.attribute("title") ?? ""
  }

  func inputButtonName(_ input: xmlNodePtr) -> String? {
    switch input.attribute("type")?.lowercased() {
    case "submit": input.attribute("value") ?? "Submit"
    case "reset": input.attribute("value") ?? "Reset"
    case "button": input.attribute("value")
    case "image": input.attribute("alt") ?? input.attribute("value")
    default: nil
    }
  }

  func states(of element: xmlNodePtr, role: String) -> [String] {
    var states: [String] = []
    if role == "heading" {
      // `h1`…`h6` say their level; any other heading is level 2, as ARIA's default.
      let tag = tagName(element)
      let own = tag.count == 2 && tag.hasPrefix("h") ? String(tag.dropFirst()) : "2"
      states.append("level=\(element.attribute("aria-level") ?? own)")
    }
    if role == "link", let href = element.attribute("href") { states.append("href=\(href)") }
    // A native check box or radio button says its own state; `aria-checked` does not
    // override it.
    let checked =
      element.isNamed("input")
      ? (element.hasAttribute("checked") ? "true" : nil)
      : element.attribute("aria-checked")
    if checked == "true" { states.append("checked") }
    if checked == "mixed" { states.append("checked=mixed") }
    if element.hasAttribute("disabled") || element.attribute("aria-disabled") == "true" {
      states.append("disabled")
    }
    if element.hasAttribute("required") || element.attribute("aria-required") == "true" {
      states.append("required")
    }
    if element.hasAttribute("readonly") { states.append("readonly") }
    // A drop-down list is closed until it is opened.
    if role == "combobox" && element.isNamed("select") { states.append("collapsed") }
    if element.isNamed("textarea") { states.append("multiline") }
    if let expanded = element.attribute("aria-expanded") {
      states.append(expanded == "true" ? "expanded" : "collapsed")
    } else if element.isNamed("details") {
      states.append(element.hasAttribute("open") ? "expanded" : "collapsed")
    }
    if element.attribute("aria-selected") == "true"
      || (role == "option" && element.hasAttribute("selected"))
    {
      states.append("selected")
    }
    if let pressed = element.attribute("aria-pressed"), pressed != "false" {
      states.append(pressed == "true" ? "pressed" : "pressed=\(pressed)")
    }
    if let current = element.attribute("aria-current"), current != "false" {
      states.append(current == "true" ? "current" : "current=\(current)")
    }
    return states
  }

  /// What a text field holds.
  func value(of element: xmlNodePtr, role: String) -> String? {
    switch role {
    case "textbox", "searchbox", "spinbutton", "slider":
      if element.isNamed("textarea") { return textContent(of: element) }
      guard element.attribute("type")?.lowercased() != "password" else { return nil }
      return element.attribute("value").map(HTMLText.collapsing)
    default:
      return nil
    }
  }

  // MARK: The page's elements

  /// Finds every `id`, and which control each `<label>` names.
  mutating func index() {
    var node = page.firstNode
    var allLabels: [xmlNodePtr] = []
    while let current = node {
      if current.isElement {
        if let id = current.attribute("id"), ids[id] == nil { ids[id] = current }
        if current.isNamed("label") { allLabels.append(current) }
      }
      node = current.next()
    }
    // Resolved once every id is known, so that a control's labels, `for` ones and the one
    // around it alike, stay in the page's order.
    for label in allLabels {
      let control =
        if let target = label.attribute("for") { ids[target] } else { firstControl(in: label) }
      if let control { labels[control, default: []].append(label) }
    }
    labelElements = Set(labels.values.joined())
  }

  func firstControl(in label: xmlNodePtr) -> xmlNodePtr? {
    var node = label.pointee.children
    while let current = node {
      if current.isNamed("select") || current.isNamed("textarea")
        || (current.isNamed("input") && current.attribute("type")?.lowercased() != "hidden")
      {
        return current
      }
      node = current.next(within: label)
    }
    return nil
  }

  func firstChild(of element: xmlNodePtr, named name: StaticString) -> xmlNodePtr? {
    var child = element.pointee.children
    while let current = child {
      if current.isNamed(name) { return current }
      child = current.pointee.next
    }
    return nil
  }

  /// The text an element shows, collapsed: its text, its images' alt text, and a space where a
  /// block starts or ends, as a browser lays blocks out on lines of their own.
  func textContent(of element: xmlNodePtr?) -> String {
    guard let element else { return "" }
    var collected: [UInt8] = []
    walkNodes(from: element.pointee.children, within: element) { current in
      switch current.nodeType {
      case .text:
        HTMLText.appendCollapsed(current.pointee.content, to: &collected)
      case .element where !isHidden(current):
        if !page.kind(of: current).isInline { HTMLText.appendCollapsed(" ".utf8, to: &collected) }
        if current.isNamed("img"), let alt = current.attribute("alt") {
          HTMLText.appendCollapsed(" \(alt) ".utf8, to: &collected)
        }
        return true
      default:
        break
      }
      return false
    } leave: { finished in
      if !page.kind(of: finished).isInline { HTMLText.appendCollapsed(" ".utf8, to: &collected) }
    }
    return HTMLText.collapsed(collected)
  }

  func tagName(_ element: xmlNodePtr) -> String { page.kind(of: element).name }
}
