import CLibXML2

// An element's accessible name, as accname and HTML-AAM compute it from markup: ARIA's
// attributes, then the element's own sources (its labels, `alt`, a caption), then its content
// for roles named by it, then `title`.
extension HTMLOutliner {
  /// `usingLabels: false` leaves out the `<label>`s, as when the name is read inside one.
  func accessibleName(of element: xmlNodePtr, role: String, usingLabels: Bool = true) -> String {
    // A name read through more than 64 others is left out, so that a hostile page cannot
    // exhaust the stack; one that refers back to itself by `aria-labelledby` does not follow
    // the reference the second time.
    guard namingDepth < 64 else { return "" }
    namingDepth += 1
    defer { namingDepth -= 1 }
    if let ids = element.attribute("aria-labelledby"), !naming.contains(element) {
      naming.insert(element)
      defer { naming.remove(element) }
      let name = ids.split(separator: " ").compactMap { self.ids[String($0)] }
        .map { textContent(of: $0, naming: element) }.joined(separator: " ")
      if !name.isEmpty { return name }
    }
    if let label = element.attribute("aria-label"), !label.isEmpty {
      return HTMLText.collapsing(label)
    }
    if usingLabels, let labels = labels[element] {
      let name = labels.map { textContent(of: $0, naming: element) }.filter { !$0.isEmpty }
        .joined(separator: " ")
      if !name.isEmpty { return name }
    }
    switch tagName(element) {
    case "input":
      if let name = inputButtonName(element) { return name }
      return element.attribute("title") ?? element.attribute("placeholder") ?? ""
    case "textarea":
      return element.attribute("title") ?? element.attribute("placeholder") ?? ""
    case "img", "area":
      return element.attribute("alt") ?? element.attribute("title") ?? ""
    case "table": return firstChild(of: element, named: "caption").map { textContent(of: $0) } ?? ""
    case "fieldset":
      return firstChild(of: element, named: "legend").map { textContent(of: $0) } ?? ""
    case "optgroup": return element.attribute("label").map(HTMLText.collapsing) ?? ""
    case "option":
      if let label = element.attribute("label"), !label.isEmpty {
        return HTMLText.collapsing(label)
      }
    case "svg":
      if let title = firstChild(of: element, named: "title") { return textContent(of: title) }
    case "figure":
      return firstChild(of: element, named: "figcaption").map { textContent(of: $0) } ?? ""
    // A grid's rows are named by their cells, as its cells are.
    case "tr" where cellRole(element) == "gridcell":
      return textContent(of: element)
    default: break
    }
    if OutlineEntry.namedByContent.contains(role) {
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
    case "image": input.attribute("alt") ?? input.attribute("value") ?? "Submit"
    default: nil
    }
  }

  /// Whether a `<label>` can name the element (HTML's labelable elements).
  func isLabelable(_ element: xmlNodePtr) -> Bool {
    switch tagName(element) {
    case "button", "meter", "output", "progress", "select", "textarea": true
    case "input": element.attribute("type")?.lowercased() != "hidden"
    default: false
    }
  }

  /// The text an element shows, collapsed: its text, its images' alt text, and a space where a
  /// block starts or ends, as a browser lays blocks out on lines of their own.
  ///
  /// A control inside it says its value rather than its content (a drop-down list its chosen
  /// option, not every option), and the control being named, `naming`, says nothing of itself.
  func textContent(of element: xmlNodePtr?, naming: xmlNodePtr? = nil) -> String {
    guard let element else { return "" }
    var collected: [UInt8] = []
    walkNodes(from: element.pointee.children, within: element) { current in
      switch current.nodeType {
      case .text:
        HTMLText.appendCollapsed(current.pointee.content, to: &collected)
      case .element where !isHidden(current):
        if !page.kind(of: current).isInline { HTMLText.appendCollapsed(" ".utf8, to: &collected) }
        if let part = partName(of: current, naming: naming) {
          HTMLText.appendCollapsed(" \(part) ".utf8, to: &collected)
          return false
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

  /// What an element inside a name says instead of its content, if anything (accname's
  /// recursion, as Chromium computes it): the control being named nothing, another control its
  /// value or its own name, an element its `aria-label`, and a role that holds many things
  /// (a group, a table, a landmark) its own name rather than its content.
  private func partName(of element: xmlNodePtr, naming: xmlNodePtr?) -> String? {
    if element == naming { return "" }
    switch tagName(element) {
    case "input", "select", "textarea", "meter", "progress", "button":
      return controlPart(element)
    default: break
    }
    if let label = element.attribute("aria-label"), !label.isEmpty { return label }
    if element.isNamed("img") { return element.attribute("alt") ?? "" }
    if let role = role(of: element), Self.namedApart.contains(role) {
      return accessibleName(of: element, role: role, usingLabels: false)
    }
    return nil
  }

  /// Roles whose content never names what holds them, as Chromium has it: only their own
  /// name does.
  static let namedApart: Set<String> = [
    "alert", "alertdialog", "application", "article", "banner", "blockquote", "comment",
    "complementary", "contentinfo", "dialog", "document", "feed", "figure", "form", "grid",
    "group", "img", "listbox", "log", "main", "marquee", "math", "menu", "menubar", "meter",
    "navigation", "note", "progressbar", "radiogroup", "scrollbar", "search", "searchbox",
    "slider", "spinbutton", "status", "table", "tablist", "tabpanel", "textbox", "timer",
    "toolbar", "tree", "treegrid",
  ]

  /// What a control inside a name says (accname's embedded control): a field its value, a
  /// list its chosen options, a slider or a meter its value; one without a value (an empty
  /// field, a check box, a button) its own name, unless labels name it, whose text is
  /// already part of what is read.
  private func controlPart(_ control: xmlNodePtr) -> String {
    if control.isNamed("select") {
      return options(of: control).filter { selectedOptions.contains($0) }
        .map { accessibleName(of: $0, role: "option") }.joined(separator: " ")
    }
    let role = role(of: control) ?? ""
    var value: String?
    switch role {
    case "textbox", "searchbox", "combobox":
      if control.isNamed("textarea") {
        value = textContent(of: control)
      } else if control.attribute("type")?.lowercased() != "password" {
        value = control.attribute("value").map(HTMLText.collapsing)
      }
    case "slider":
      // An unset slider stands halfway.
      let low = control.attribute("min").flatMap(Double.init) ?? 0
      let high = control.attribute("max").flatMap(Double.init) ?? 100
      value = control.attribute("value") ?? number((low + high) / 2)
    case "spinbutton", "meter", "progressbar":
      value = control.attribute("value")
    default:
      break
    }
    if let value, !value.isEmpty { return value }
    return labels[control] == nil ? accessibleName(of: control, role: role, usingLabels: false) : ""
  }

  private func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
