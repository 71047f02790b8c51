import CLibXML2

// What the outline reads of the page around an element: whether markup hides it, which text
// names another element rather than being content, and the page's ids, labels and chosen
// options, found once.
extension HTMLOutliner {
  /// Whether markup hides the element and all it holds: `hidden`, `aria-hidden="true"`,
  /// `inert`, a closed `<dialog>`, a `<datalist>`, `display: none` in its `style`, what is not
  /// drawn (`<head>`, `<script>`, `<template>`, `<noscript>`), and what a closed `<details>`
  /// folds away.
  func isHidden(_ element: xmlNodePtr) -> Bool {
    let kind = page.kind(of: element)
    return kind.isMetadata || kind.implied == .head || element.isNamed("noscript")
      || element.isNamed("datalist") || (element.isNamed("dialog") && !element.hasAttribute("open"))
      || element.hasAttribute("hidden") || element.hasAttribute("inert")
      || element.attribute("aria-hidden") == "true" || isFoldedAway(element)
      || (element.hasAttribute("style") && hasDisplayNone(element))
  }

  /// Whether a node is inside a closed `<details>` (all but its first `<summary>`), which a
  /// browser neither draws nor exposes.
  func isFoldedAway(_ node: xmlNodePtr) -> Bool {
    guard let parent = node.pointee.parent, parent.isElement, parent.isNamed("details"),
      !parent.hasAttribute("open")
    else { return false }
    return node != firstChild(of: parent, named: "summary")
  }

  /// Whether the element's own `style` says `display: none` (its last `display` does).
  private func hasDisplayNone(_ element: xmlNodePtr) -> Bool {
    var display: Substring?
    for declaration in (element.attribute("style") ?? "").split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2,
        trimmed(parts[0]).lowercased() == "display"
      else { continue }
      display = trimmed(parts[1])
    }
    guard let display else { return false }
    return display.lowercased().split(whereSeparator: { $0 == " " || $0 == "!" }).first == "none"
  }

  /// Whether the element's text names another element rather than being content of its own.
  func namesAnother(_ element: xmlNodePtr) -> Bool {
    element.isNamed("caption") || element.isNamed("figcaption") || element.isNamed("legend")
      || labelElements.contains(element)
  }

  // MARK: The page's elements

  /// Finds every `id`, which control each `<label>` names, the options each `<select>` has
  /// chosen, and whether anything disables what it holds.
  func index() {
    var node = page.firstNode
    var allLabels: [xmlNodePtr] = []
    var selects: [xmlNodePtr] = []
    while let current = node {
      if current.isElement {
        if let id = current.attribute("id"), ids[id] == nil { ids[id] = current }
        if current.isNamed("label") { allLabels.append(current) }
        if current.isNamed("select") { selects.append(current) }
        if current.isNamed("fieldset") && current.hasAttribute("disabled") {
          disables.insert(.fieldset)
        }
        if current.hasAttribute("aria-disabled") { disables.insert(.aria) }
      }
      node = current.next()
    }
    // Found once per list, not once per option.
    for select in selects { selectedOptions.formUnion(chosenOptions(of: select)) }
    // Resolved once every id is known, so that a control's labels, `for` ones and the one
    // around it alike, stay in the page's order.
    for label in allLabels {
      let control =
        if let target = label.attribute("for") {
          ids[target].flatMap { isLabelable($0) ? $0 : nil }
        } else {
          firstControl(in: label)
        }
      if let control { labels[control, default: []].append(label) }
    }
    labelElements = Set(labels.values.joined())
  }

  /// The first labelable element inside a `<label>`, which it names.
  func firstControl(in label: xmlNodePtr) -> xmlNodePtr? {
    var node = label.pointee.children
    while let current = node {
      if current.isElement && isLabelable(current) { return current }
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

  func tagName(_ element: xmlNodePtr) -> String { page.kind(of: element).name }
}

private func trimmed(_ text: Substring) -> Substring {
  var text = text
  while text.first?.isWhitespace == true { text.removeFirst() }
  while text.last?.isWhitespace == true { text.removeLast() }
  return text
}
