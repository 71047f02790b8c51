import Foundation
import SnapshotsHTML

/// `.renderedOutline`'s text: Chromium's accessibility tree of a loaded page
/// (`Accessibility.getFullAXTree`), written as `.htmlOutline` writes a page's markup.
///
/// What the browser leaves out (a stylesheet's `display: none`, a script's changes) is left out;
/// roles, names and states are Chromium's. The page's own elements (`DOMSnapshot`) say what
/// only markup knows (a link's `href` as written, `aria-current`, whether a `<details>` is open,
/// where a block breaks a run of text) and which of the tree's nodes are the browser's own parts
/// (a date field's spin buttons, a video's controls), which are left out.
enum RenderedOutline {
  /// The outline of the page `session` shows.
  static func read(_ session: PageSession) async throws -> String {
    let snapshot = try await session.send(DevTools.CaptureSnapshot(computedStyles: ["display"]))
    let tree = try await session.send(DevTools.GetFullAXTree())
    return text(of: tree.nodes, elements: PageElement.all(in: snapshot))
  }

  /// Chromium's names for roles ARIA names otherwise, or for which it has none: a table it takes
  /// for layout is still a table, a date field a text field, as `.htmlOutline` says.
  static let roles: [String: String] = [
    "image": "img", "LayoutTable": "table", "LayoutTableRow": "row", "LayoutTableCell": "cell",
    "MathMLMath": "math", "DescriptionListTerm": "term", "DescriptionListDetail": "definition",
    "MenuListOption": "option", "ListBoxOption": "option", "Date": "textbox",
    "DateTime": "textbox", "InputTime": "textbox", "ColorWell": "textbox",
  ]

  /// Chromium's roles whose text names another node rather than being content: as in
  /// `.htmlOutline`, it is not listed.
  static let naming: Set<String> = ["LabelText", "Legend", "caption", "Figcaption"]

  private enum Step {
    case enter(AccessibilityNode)
    case leave(opened: Bool, quiet: Bool, breaks: Bool)
  }

  static func text(of nodes: [AccessibilityNode], elements: [Int: PageElement]) -> String {
    var byID: [String: AccessibilityNode] = [:]
    for node in nodes { byID[node.id] = node }
    // The labels that name a control: a label that names nothing is content.
    let labels = Set(nodes.flatMap(\.labelledBy))
    var writer = OutlineWriter()
    var quiet = 0
    var steps = nodes.first.map { [Step.enter($0)] } ?? []
    while let step = steps.popLast() {
      switch step {
      case .enter(let node):
        let element = node.element.flatMap { elements[$0] }
        // A node of an element the page does not hold is a part of the browser's own.
        let shown = !node.ignored && (node.element == nil || element != nil)
        if node.role == "StaticText" || node.role == "LineBreak" {
          if shown && quiet == 0 && !writer.holdsText { writer.appendText(node.name.utf8) }
          continue
        }
        let breaks = element?.isBlock ?? false
        if breaks { writer.breakText() }
        var opened = false
        var quieted = false
        if shown {
          if let role = role(of: node) {
            writer.enter(entry(for: node, role: role, element: element))
            opened = true
          } else if naming.contains(node.role),
            node.role != "LabelText" || node.element.map(labels.contains) == true
          {
            quiet += 1
            quieted = true
          }
        }
        steps.append(.leave(opened: opened, quiet: quieted, breaks: breaks))
        steps += node.children.reversed().compactMap { byID[$0] }.map(Step.enter)
      case .leave(let opened, let quieted, let breaks):
        if quieted { quiet -= 1 }
        if opened {
          writer.leave()
        } else if breaks {
          writer.breakText()
        }
      }
    }
    return writer.finish()
  }

  /// The role the outline prints: an ARIA role, none for Chromium's own (`RootWebArea`,
  /// `StaticText`) or for a role of text.
  static func role(of node: AccessibilityNode) -> String? {
    let role = roles[node.role] ?? node.role
    guard role.first?.isLowercase == true, !OutlineEntry.textRoles.contains(role) else {
      return nil
    }
    return role
  }

  static func entry(for node: AccessibilityNode, role: String, element: PageElement?)
    -> OutlineEntry
  {
    let properties = node.properties
    func isTrue(_ name: String) -> Bool { properties[name] == "true" }
    var states = OutlineStates()
    if role == "heading" { states.level = properties["level"] }
    if role == "link" { states.href = element?.attributes["href"] }
    if let checked = properties["checked"], checked == "true" || checked == "mixed" {
      states.checked = checked
    }
    states.disabled = isTrue("disabled")
    states.required = isTrue("required")
    states.readonly = isTrue("readonly")
    states.multiline = isTrue("multiline")
    if element?.name == "details" {
      // Said on the group, as `.htmlOutline` says it; Chromium says it on the summary.
      states.expanded = element?.attributes["open"] != nil
    } else if properties["expanded"] != nil {
      states.expanded = isTrue("expanded")
    }
    states.selected = isTrue("selected")
    if let pressed = properties["pressed"], pressed == "true" || pressed == "mixed" {
      states.pressed = pressed
    }
    if let current = element?.attributes["aria-current"], current != "false" {
      states.current = current
    }
    let holdsValue =
      OutlineEntry.hasValue.contains(role) || (role == "combobox" && element?.name == "input")
    let value =
      holdsValue && element?.attributes["type"]?.lowercased() != "password" ? node.value : nil
    return OutlineEntry(role: role, name: node.name, states: states, value: value)
  }
}

/// A node of Chromium's accessibility tree (`Accessibility.AXNode`), as far as an outline
/// reads it.
struct AccessibilityNode: Decodable {
  var id: String
  var role: String
  var name: String
  var value: String?
  /// Its properties' values as text (`true`, `mixed`, `2`).
  var properties: [String: String]
  var ignored: Bool
  var children: [String]
  /// The element or text node it stands for (its `backendDOMNodeId`).
  var element: Int?
  /// The elements that name it, its labels among them.
  var labelledBy: [Int]

  private enum CodingKeys: String, CodingKey {
    case nodeId, role, name, value, properties, ignored, childIds, backendDOMNodeId
  }

  private struct Property: Decodable {
    var name: String
    var value: DevTools.Value
  }

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    id = try fields.decode(String.self, forKey: .nodeId)
    role = try fields.decodeIfPresent(DevTools.Value.self, forKey: .role)?.text ?? ""
    name = try fields.decodeIfPresent(DevTools.Value.self, forKey: .name)?.text ?? ""
    value = try fields.decodeIfPresent(DevTools.Value.self, forKey: .value)?.text
    ignored = try fields.decodeIfPresent(Bool.self, forKey: .ignored) ?? false
    children = try fields.decodeIfPresent([String].self, forKey: .childIds) ?? []
    element = try fields.decodeIfPresent(Int.self, forKey: .backendDOMNodeId)
    properties = [:]
    labelledBy = []
    for property in try fields.decodeIfPresent([Property].self, forKey: .properties) ?? [] {
      if let text = property.value.text { properties[property.name] = text }
      if property.name == "labelledby" {
        labelledBy += (property.value.relatedNodes ?? []).compactMap(\.backendDOMNodeId)
      }
    }
  }
}

/// An element of the page as Chromium holds it (`DOMSnapshot.captureSnapshot`): its name,
/// attributes and how it is laid out.
struct PageElement {
  var name: String
  var attributes: [String: String]
  /// Its computed `display`; `nil` when it has no box.
  var display: String?

  /// Whether it starts a block: text before and after it is not one run of words.
  var isBlock: Bool {
    guard let display, !name.hasPrefix("#") else { return false }
    return !(display.hasPrefix("inline") || display.hasPrefix("ruby") || display == "contents")
  }

  /// The page's nodes by their `backendNodeId`; a user-agent shadow tree's (a control's own
  /// parts) are not among them.
  static func all(in snapshot: DevTools.DOMSnapshot) -> [Int: PageElement] {
    let strings = snapshot.strings
    func string(_ index: Int?) -> String? {
      guard let index, strings.indices.contains(index) else { return nil }
      return strings[index]
    }
    var elements: [Int: PageElement] = [:]
    for document in snapshot.documents {
      let names = document.nodes.nodeName ?? []
      let attributes = document.nodes.attributes ?? []
      var displays: [Int: String] = [:]
      for (node, styles) in zip(document.layout.nodeIndex, document.layout.styles) {
        displays[node] = string(styles.first)
      }
      for (index, id) in (document.nodes.backendNodeId ?? []).enumerated() {
        let pairs = index < attributes.count ? attributes[index] : []
        var named: [String: String] = [:]
        for pair in stride(from: 0, to: pairs.count - 1, by: 2) {
          // An attribute without a value (`open`) has none in the table.
          if let key = string(pairs[pair]) {
            named[key.lowercased()] = string(pairs[pair + 1]) ?? ""
          }
        }
        elements[id] = PageElement(
          name: (index < names.count ? string(names[index]) : nil)?.lowercased() ?? "",
          attributes: named, display: displays[index])
      }
    }
    return elements
  }
}
