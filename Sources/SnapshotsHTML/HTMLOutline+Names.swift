import CLibXML2

// An element's accessible name, as accname and HTML-AAM compute it from markup: ARIA's
// attributes, then the element's own sources (its labels, `alt`, a caption), then its content
// for roles named by it, then `title`.
extension HTMLOutliner {
  func accessibleName(of element: xmlNodePtr, role: String) -> String {
    if let ids = element.attribute("aria-labelledby") {
      let name = ids.split(separator: " ").compactMap { self.ids[String($0)] }
        .map { textContent(of: $0, naming: element) }.joined(separator: " ")
      if !name.isEmpty { return name }
    }
    if let label = element.attribute("aria-label"), !label.isEmpty {
      return HTMLText.collapsing(label)
    }
    if let labels = labels[element] {
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
  /// recursion): a control its value (nothing, when it is the control being named), then its
  /// `aria-labelledby` or `aria-label`, an image its `alt`.
  private func partName(of element: xmlNodePtr, naming: xmlNodePtr?) -> String? {
    if element.isNamed("input") || element.isNamed("select") || element.isNamed("textarea") {
      return element == naming ? "" : embeddedValue(of: element)
    }
    if let ids = element.attribute("aria-labelledby") {
      let name = ids.split(separator: " ").compactMap { self.ids[String($0)] }
        .filter { $0 != element }.map { textContent(of: $0) }.joined(separator: " ")
      if !name.isEmpty { return name }
    }
    if let label = element.attribute("aria-label"), !label.isEmpty { return label }
    if element.isNamed("img") { return element.attribute("alt") ?? "" }
    return nil
  }

  /// What a control inside a name says (accname's embedded control): a field its value, a
  /// drop-down list its chosen options; a check box or a button nothing.
  private func embeddedValue(of control: xmlNodePtr) -> String {
    if control.isNamed("select") {
      return options(of: control).filter { selectedOptions.contains($0) }
        .map { accessibleName(of: $0, role: "option") }.joined(separator: " ")
    }
    if control.isNamed("textarea") { return textContent(of: control) }
    switch inputRole(control) {
    case "textbox", "searchbox", "spinbutton", "slider", "combobox":
      guard control.attribute("type")?.lowercased() != "password" else { return "" }
      return control.attribute("value").map(HTMLText.collapsing) ?? ""
    default:
      return ""
    }
  }
}
