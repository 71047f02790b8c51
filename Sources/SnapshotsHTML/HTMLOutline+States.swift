import CLibXML2

// An element's states and value, as HTML decides them from markup: a control a disabled
// fieldset disables, the option a drop-down list shows when none is chosen, an attribute that
// does not apply to a control's type and so says nothing.
extension HTMLOutliner {
  func states(of element: xmlNodePtr, role: String) -> OutlineStates {
    var states = OutlineStates()
    if role == "heading" {
      // `h1`…`h6` say their level; any other heading is level 2, as ARIA's default.
      let tag = tagName(element)
      let own = tag.count == 2 && tag.hasPrefix("h") ? String(tag.dropFirst()) : "2"
      states.level = element.attribute("aria-level") ?? own
    }
    if role == "link" { states.href = element.attribute("href") }
    // A native check box or radio button says its own state; `aria-checked` does not
    // override it.
    let checked =
      element.isNamed("input")
      ? (element.hasAttribute("checked") ? "true" : nil)
      : element.attribute("aria-checked")
    if checked == "true" || checked == "mixed" { states.checked = checked }
    states.disabled = isDisabled(element)
    states.required = isRequired(element)
    // A disabled control is not said to be read-only too (Chromium says one or the other).
    states.readonly = !states.disabled && isReadOnly(element, role: role)
    // A text area, or an element edited in place, holds lines unless it says otherwise.
    states.multiline =
      element.isNamed("textarea") || element.attribute("aria-multiline") == "true"
      || (role == "textbox" && element.attribute("aria-multiline") != "false"
        && element.attribute("contenteditable").map { $0.lowercased() != "false" } ?? false)
    if let expanded = element.attribute("aria-expanded") {
      states.expanded = expanded == "true"
    } else if element.isNamed("details") {
      states.expanded = element.hasAttribute("open")
    } else if role == "combobox" && element.isNamed("select") {
      // A drop-down list is closed until it is opened.
      states.expanded = false
    }
    states.selected =
      element.attribute("aria-selected") == "true" || selectedOptions.contains(element)
    if let pressed = element.attribute("aria-pressed"), pressed != "false" {
      states.pressed = pressed
    }
    if let current = element.attribute("aria-current"), current != "false" {
      states.current = current
    }
    return states
  }

  /// What a text field holds.
  func value(of element: xmlNodePtr, role: String) -> String? {
    switch role {
    case "textbox", "searchbox", "spinbutton", "slider", "combobox":
      if element.isNamed("textarea") { return textContent(of: element) }
      guard element.isNamed("input"), element.attribute("type")?.lowercased() != "password"
      else { return nil }
      return element.attribute("value").map(HTMLText.collapsing)
    default:
      return nil
    }
  }

  /// `aria-disabled`; a form control's `disabled`, or a disabled `<fieldset>`'s around it
  /// (outside its first `<legend>`); an option's, its group's or its list's; and, as CORE-AAM
  /// asks, anything a user can reach inside an element `aria-disabled` disables.
  func isDisabled(_ element: xmlNodePtr) -> Bool {
    if element.attribute("aria-disabled") == "true" { return true }
    switch tagName(element) {
    case "button", "input", "select", "textarea":
      if element.hasAttribute("disabled") || isInDisabledFieldset(element) { return true }
    case "option":
      if element.hasAttribute("disabled") { return true }
      var parent = element.pointee.parent
      while let ancestor = parent, ancestor.isNamed("optgroup") || ancestor.isNamed("select") {
        if ancestor.hasAttribute("disabled")
          || (ancestor.isNamed("select") && isInDisabledFieldset(ancestor))
        {
          return true
        }
        parent = ancestor.pointee.parent
      }
    default:
      break
    }
    guard disables.contains(.aria), isFocusable(element) else { return false }
    var parent = element.pointee.parent
    while let ancestor = parent, ancestor.isElement {
      if ancestor.attribute("aria-disabled") == "true" { return true }
      parent = ancestor.pointee.parent
    }
    return false
  }

  private func isInDisabledFieldset(_ control: xmlNodePtr) -> Bool {
    guard disables.contains(.fieldset) else { return false }
    var child = control
    while let parent = child.pointee.parent, parent.isElement {
      if parent.isNamed("fieldset") && parent.hasAttribute("disabled")
        && child != firstChild(of: parent, named: "legend")
      {
        return true
      }
      child = parent
    }
    return false
  }

  /// `aria-required`, or `required` where it applies: a field, a list, a check box; not a
  /// slider, a colour or a button, nor a radio button (ARIA requires a choice of its group).
  func isRequired(_ element: xmlNodePtr) -> Bool {
    if element.attribute("aria-required") == "true" { return true }
    guard element.hasAttribute("required") else { return false }
    switch tagName(element) {
    case "select", "textarea": return true
    case "input":
      let type = element.attribute("type")?.lowercased() ?? "text"
      return !["hidden", "range", "color", "button", "submit", "reset", "image", "radio"]
        .contains(type)
    default: return false
    }
  }

  /// `readonly` where it applies, a text field (not a check box or a list), or `aria-readonly`
  /// on a role whose value is edited as text or in cells, as Chromium says it.
  func isReadOnly(_ element: xmlNodePtr, role: String) -> Bool {
    if element.attribute("aria-readonly") == "true" {
      return OutlineEntry.hasValue.contains(role)
        || ["combobox", "grid", "gridcell", "treegrid", "columnheader", "rowheader"].contains(role)
    }
    guard element.hasAttribute("readonly") else { return false }
    switch tagName(element) {
    case "textarea": return true
    case "input":
      return ["textbox", "searchbox", "spinbutton", "combobox"].contains(inputRole(element))
    default: return false
    }
  }

  /// The options of a `<select>`, those in its groups included.
  func options(of select: xmlNodePtr) -> [xmlNodePtr] {
    var options: [xmlNodePtr] = []
    var child = select.pointee.children
    while let current = child {
      if current.isNamed("option") { options.append(current) }
      if current.isNamed("optgroup") {
        var inner = current.pointee.children
        while let option = inner {
          if option.isNamed("option") { options.append(option) }
          inner = option.pointee.next
        }
      }
      child = current.pointee.next
    }
    return options
  }

  /// The options a `<select>` has chosen, as HTML's selectedness decides: the last one marked
  /// `selected` in a list of one choice, and in a drop-down list with none marked, its first
  /// option that is not disabled.
  func chosenOptions(of select: xmlNodePtr) -> [xmlNodePtr] {
    let options = options(of: select)
    let marked = options.filter { $0.hasAttribute("selected") }
    if select.hasAttribute("multiple") { return marked }
    if let last = marked.last { return [last] }
    guard !isListBox(select), let first = options.first(where: { !isDisabled($0) }) else {
      return []
    }
    return [first]
  }
}
