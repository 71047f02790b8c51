import CLibXML2

// An element's role, as HTML-AAM maps it and ARIA's `role` overrides it: where it is (a header
// in a section, a cell in a grid, an item of a list whose role is taken away) decides as much as
// its name.
extension HTMLOutliner {
  /// The role the outline prints; `nil` for an element that only holds content.
  func role(of element: xmlNodePtr) -> String? {
    guard let role = explicitRole(of: element) ?? implicitRole(of: element),
      !OutlineEntry.textRoles.contains(role)
    else { return nil }
    // A region is a landmark only when it is named.
    if role == "region" && accessibleName(of: element, role: role).isEmpty { return nil }
    return role
  }

  /// The first role of the `role` attribute's list that ARIA defines; `nil` when there is none,
  /// or when `none` or `presentation` would take the role of an element a user can reach or
  /// that says more of itself (ARIA's presentational role conflict).
  func explicitRole(of element: xmlNodePtr) -> String? {
    guard let list = element.attribute("role") else { return nil }
    for token in list.lowercased().split(whereSeparator: { HTMLText.isSpace($0.asciiValue ?? 0) }) {
      guard let role = Self.ariaRoles[String(token)] else { continue }
      if role == "none" && (isFocusable(element) || hasGlobalARIA(element)) { return nil }
      return role
    }
    return nil
  }

  func implicitRole(of element: xmlNodePtr) -> String? {
    switch tagName(element) {
    // The commonest elements, which have no role or one of text, first: a switch on strings
    // tries its cases in order.
    case "div", "span", "p", "b", "i", "em", "strong", "small", "code", "label", "tbody", "br":
      nil
    case "a", "area": element.hasAttribute("href") ? "link" : nil
    case "details", "fieldset", "hgroup", "optgroup": "group"
    // An address of blocks is only its blocks, and an empty one nothing, as Chromium exposes
    // them.
    case "address": isGroupOfText(element) ? "group" : nil
    case "article", "blockquote", "dialog", "figure", "form", "main", "math", "meter", "option",
      "search", "table":
      tagName(element)
    case "aside":
      // Inside sectioning content, an aside is a landmark only when it is named.
      sectioningAncestor(of: element, includingMain: false) == nil
        || !accessibleName(of: element, role: "complementary").isEmpty ? "complementary" : nil
    case "button": "button"
    case "dd": "definition"
    case "dfn", "dt": "term"
    case "footer":
      sectioningAncestor(of: element, includingMain: true) == nil ? "contentinfo" : "sectionfooter"
    case "h1", "h2", "h3", "h4", "h5", "h6": "heading"
    case "header":
      sectioningAncestor(of: element, includingMain: true) == nil ? "banner" : "sectionheader"
    case "hr": "separator"
    case "img":
      element.attribute("alt") == "" && element.attribute("title") == nil
        && !hasGlobalARIA(element) ? nil : "img"
    // A drawing is one picture, as browsers expose it (an `<svg>` inside another is a part).
    case "svg": element.pointee.parent?.isNamed("svg") == true ? nil : "img"
    case "input": inputRole(element)
    case "li": listItemRole(element)
    case "nav": "navigation"
    case "ol", "ul", "menu": "list"
    case "output": "status"
    case "progress": "progressbar"
    case "section": "region"
    case "select": isListBox(element) ? "listbox" : "combobox"
    case "td": cellRole(element)
    case "textarea": "textbox"
    case "th": cellRole(element).map { _ in headerRole(element) }
    case "tr": cellRole(element).map { _ in "row" }
    default: nil
    }
  }

  /// Whether the element holds text or inline elements, and no block.
  func isGroupOfText(_ element: xmlNodePtr) -> Bool {
    var holdsSomething = false
    var child = element.pointee.children
    while let current = child {
      if current.isElement {
        if !page.kind(of: current).isInline { return false }
        holdsSomething = true
      } else if let text = current.pointee.content, current.nodeType == .text,
        !HTMLText.collapsing(String(cString: text)).isEmpty
      {
        holdsSomething = true
      }
      child = current.pointee.next
    }
    return holdsSomething
  }

  func inputRole(_ input: xmlNodePtr) -> String? {
    let type = input.attribute("type")?.lowercased() ?? "text"
    switch type {
    case "hidden": return nil
    case "button", "submit", "reset", "image", "file": return "button"
    case "checkbox": return "checkbox"
    case "radio": return "radio"
    case "range": return "slider"
    case "color": return "textbox"
    default:
      // A field with suggestions (`list` naming a `<datalist>`) is a combo box.
      if let list = input.attribute("list"), ids[list]?.isNamed("datalist") == true {
        return "combobox"
      }
      return type == "number" ? "spinbutton" : type == "search" ? "searchbox" : "textbox"
    }
  }

  func isListBox(_ select: xmlNodePtr) -> Bool {
    select.hasAttribute("multiple") || (select.attribute("size").flatMap { Int($0) } ?? 1) > 1
  }

  /// The nearest `article`, `aside`, `nav` or `section` around an element (or `main`), which
  /// make a header, a footer or an aside part of a section rather than of the page.
  func sectioningAncestor(of element: xmlNodePtr, includingMain: Bool) -> xmlNodePtr? {
    var parent = element.pointee.parent
    while let ancestor = parent, ancestor.isElement {
      if ancestor.isNamed("article") || ancestor.isNamed("aside") || ancestor.isNamed("nav")
        || ancestor.isNamed("section") || (includingMain && ancestor.isNamed("main"))
      {
        return ancestor
      }
      parent = ancestor.pointee.parent
    }
    return nil
  }

  /// An item of a list whose role is taken away (`<ul role="none">`) is none either.
  func listItemRole(_ item: xmlNodePtr) -> String? {
    guard let list = item.pointee.parent, list.isElement,
      list.isNamed("ul") || list.isNamed("ol") || list.isNamed("menu")
    else { return "listitem" }
    return role(of: list) == nil ? nil : "listitem"
  }

  /// A cell's role, from its table's: `gridcell` in a grid, none in a table whose role is taken
  /// away (`<table role="presentation">`), `cell` otherwise; also whether a row or header has
  /// one at all.
  func cellRole(_ part: xmlNodePtr) -> String? {
    var parent = part.pointee.parent
    while let ancestor = parent, ancestor.isElement {
      if ancestor.isNamed("table") {
        // A table is a table unless its `role` says otherwise.
        guard ancestor.hasAttribute("role") else { return "cell" }
        switch role(of: ancestor) {
        case nil: return nil
        case "grid", "treegrid": return "gridcell"
        default: return "cell"
        }
      }
      parent = ancestor.pointee.parent
    }
    return "cell"
  }

  /// Whether a `<th>` heads its column or its row: by its `scope`, else as browsers guess from
  /// the cells beside it (a header between data cells heads a row).
  func headerRole(_ header: xmlNodePtr) -> String {
    switch header.attribute("scope")?.lowercased() {
    case "row", "rowgroup": return "rowheader"
    case "col", "colgroup": return "columnheader"
    default: break
    }
    let previous = cell(besides: header, after: false)
    let next = cell(besides: header, after: true)
    if previous == nil && next == nil { return "columnheader" }
    if previous?.isNamed("th") == true && next?.isNamed("th") == true { return "columnheader" }
    if isFilledDataCell(previous) || isFilledDataCell(next) { return "rowheader" }
    guard let row = header.pointee.parent, row.isNamed("tr") else { return "columnheader" }
    // A row's first or last cell, or the one inside either (tables often leave the corner
    // between the row and column headers empty).
    let first = firstCell(of: row)
    let last = first.map(lastCell(from:))
    let inner = [
      first.flatMap { cell(besides: $0, after: true) },
      last.flatMap { cell(besides: $0, after: false) },
    ]
    return ([first, last] + inner).contains(where: isFilledDataCell) ? "rowheader" : "columnheader"
  }

  private func isCell(_ node: xmlNodePtr) -> Bool { node.isNamed("td") || node.isNamed("th") }

  private func cell(besides cell: xmlNodePtr, after: Bool) -> xmlNodePtr? {
    var node = after ? cell.pointee.next : cell.pointee.prev
    while let current = node {
      if current.isElement && isCell(current) { return current }
      node = after ? current.pointee.next : current.pointee.prev
    }
    return nil
  }

  private func firstCell(of row: xmlNodePtr) -> xmlNodePtr? {
    var node = row.pointee.children
    while let current = node, !(current.isElement && isCell(current)) {
      node = current.pointee.next
    }
    return node
  }

  private func lastCell(from first: xmlNodePtr) -> xmlNodePtr {
    var last = first
    while let next = cell(besides: last, after: true) { last = next }
    return last
  }

  private func isFilledDataCell(_ cell: xmlNodePtr?) -> Bool {
    guard let cell, cell.isNamed("td") else { return false }
    var child = cell.pointee.children
    while let current = child {
      if current.isElement { return true }
      if let content = current.pointee.content,
        !HTMLText.collapsing(String(cString: content)).isEmpty
      {
        return true
      }
      child = current.pointee.next
    }
    return false
  }

  /// Whether a user can reach the element with the keyboard, or a script can focus it.
  func isFocusable(_ element: xmlNodePtr) -> Bool {
    switch tagName(element) {
    case "a", "area": element.hasAttribute("href") || element.hasAttribute("tabindex")
    case "button", "select", "textarea", "iframe": true
    case "input": element.attribute("type")?.lowercased() != "hidden"
    case "summary": element.pointee.parent?.isNamed("details") == true
    case "audio", "video": element.hasAttribute("controls") || element.hasAttribute("tabindex")
    default:
      element.hasAttribute("tabindex")
        || (element.attribute("contenteditable").map { $0.lowercased() != "false" } ?? false)
    }
  }

  /// Whether the element has an ARIA attribute any element may have (a name, a description,
  /// a live region's), which keeps the role `none` would take away.
  func hasGlobalARIA(_ element: xmlNodePtr) -> Bool {
    var attribute = element.pointee.properties
    while let current = attribute {
      if let name = current.pointee.name, Self.globalARIA.contains(String(cString: name)) {
        return true
      }
      attribute = current.pointee.next
    }
    return false
  }

  static let globalARIA: Set<String> = [
    "aria-atomic", "aria-braillelabel", "aria-brailleroledescription", "aria-busy",
    "aria-controls", "aria-current", "aria-describedby", "aria-description", "aria-details",
    "aria-disabled", "aria-dropeffect", "aria-errormessage", "aria-flowto", "aria-grabbed",
    "aria-haspopup", "aria-invalid", "aria-keyshortcuts", "aria-label", "aria-labelledby",
    "aria-live", "aria-owns", "aria-relevant", "aria-roledescription",
  ]

  /// ARIA's roles by the token that names them: `presentation` is `none`, and the deprecated
  /// `directory` a `list`, as browsers map them; abstract roles (`widget`, `landmark`) are not
  /// roles an element can take.
  static let ariaRoles: [String: String] = {
    let roles = [
      "alert", "alertdialog", "application", "article", "banner", "blockquote", "button",
      "caption", "cell", "checkbox", "code", "columnheader", "combobox", "comment",
      "complementary", "contentinfo", "definition", "deletion", "dialog", "document", "emphasis",
      "feed", "figure", "form", "generic", "grid", "gridcell", "group", "heading", "img",
      "insertion", "link", "list", "listbox", "listitem", "log", "main", "mark", "marquee", "math",
      "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "navigation",
      "none", "note", "option", "paragraph", "progressbar", "radio", "radiogroup", "region", "row",
      "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "sectionfooter",
      "sectionheader", "separator", "slider", "spinbutton", "status", "strong", "subscript",
      "suggestion", "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term",
      "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem",
    ]
    var table = Dictionary(uniqueKeysWithValues: roles.map { ($0, $0) })
    table["presentation"] = "none"
    table["image"] = "img"
    table["directory"] = "list"
    return table
  }()
}
