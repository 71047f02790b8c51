import Foundation
@_spi(Tooling) import SnapshotsHTML
import TestSupport
import Testing

@testable import SnapshotsBrowser

/// Whether Chromium is here to compare with; on CI it must be.
enum ChromiumOracle {
  static var found: Bool {
    (try? Chromium.executable(in: ProcessInfo.processInfo.environment)) != nil
      || ContinuousIntegration.isRunning
  }
}

/// `.htmlOutline` held to the browser: Chromium's accessibility tree
/// (`Accessibility.getFullAXTree`) for every page of the corpus, compared line by line on what
/// both say: roles, names, heading levels and states.
@Suite(.enabled(if: ChromiumOracle.found))
struct OutlineAgreementTests {
  /// The states both sides can say, in the order a line lists them.
  static let states = [
    "level", "checked", "disabled", "required", "readonly", "multiline", "expanded", "collapsed",
    "selected", "pressed",
  ]

  /// Chromium's names for roles whose ARIA name differs.
  static let ariaRoles = [
    "image": "img", "MenuListOption": "option", "ListBoxOption": "option",
    "DescriptionListTerm": "term", "DescriptionListDetail": "definition",
  ]

  /// A line of ours without text lines and without what only the markup says (`href`,
  /// `current`).
  static func ours(_ html: String) throws -> [String] {
    try HTMLSnapshotText.outline(html).split(separator: "\n").compactMap { line -> String? in
      let body = line.drop { $0 == " " }.dropFirst(2)
      guard !body.hasPrefix("text:") else { return nil }
      var role = ""
      var name = ""
      var states: [String] = []
      var rest = body[...]
      role = String(rest.prefix { $0 != " " && $0 != ":" })
      rest = rest.dropFirst(role.count)
      if rest.hasPrefix(" \"") {
        rest = rest.dropFirst(2)
        var escaped = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if escaped {
            name.append(character)
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            break
          } else {
            name.append(character)
          }
        }
      }
      while rest.hasPrefix(" [") {
        let state = rest.dropFirst(2).prefix { $0 != "]" }
        states.append(String(state))
        rest = rest.dropFirst(state.count + 3)
      }
      return key(role: role, name: name, states: states)
    }
  }

  static func key(role: String, name: String, states: [String]) -> String {
    func rank(_ state: String) -> Int? {
      Self.states.firstIndex(of: String(state.prefix { $0 != "=" }))
    }
    let kept = states.filter { rank($0) != nil }.sorted { (rank($0) ?? 0) < (rank($1) ?? 0) }
    let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return role + (words.isEmpty ? "" : " \"\(words)\"") + kept.map { " [\($0)]" }.joined()
  }

  /// Where the outline differs from Chromium on purpose, each with the lines it explains.
  enum Deliberate: CaseIterable {
    case detailsState, figureName, mediaControls, imageButtonPicture, brokenMarkup

    var reason: String {
      switch self {
      case .detailsState:
        "The outline says whether a `<details>` is open on its group; Chromium says it on the "
          + "`<summary>`, in a role ARIA does not have (DisclosureTriangle)."
      case .figureName:
        "HTML-AAM names a `<figure>` by its `<figcaption>`, and so does the outline; Chromium "
          + "leaves it unnamed."
      case .mediaControls:
        "An `<audio controls>` or `<video controls>` holds the browser's own buttons and "
          + "sliders, named differently by each browser and version: the outline leaves them out."
      case .imageButtonPicture:
        "Chromium gives an `<input type=image>` an unnamed picture inside its button; the "
          + "outline's button is already named by its `alt`."
      case .brokenMarkup:
        "Broken markup is mended by libxml2's HTML parser, which is not the HTML5 parser "
          + "browsers share: an unclosed attribute or a table inside inline elements can come out "
          + "as another tree."
      }
    }

    /// Our line in Chromium's terms, when this rule is why they differ.
    func rewrite(ours line: String) -> String? {
      switch self {
      case .detailsState:
        guard line == "group [expanded]" || line == "group [collapsed]" else { return nil }
        return "group"
      case .figureName: return line.hasPrefix("figure \"") ? "figure" : nil
      case .mediaControls, .imageButtonPicture, .brokenMarkup: return nil
      }
    }
  }

  /// Chromium's tree in document order, its lines in the outline's terms, each with the rule
  /// that leaves it out of the outline, if one does.
  static func chromium(_ html: String, roles: Set<String>) async throws
    -> [(line: String, leftOut: Deliberate?)]
  {
    let tree = try await PageCapture.inPage(within: .seconds(60)) { page, browser, deadline in
      try await PageCapture.load(.html(html), in: page, of: browser, until: deadline)
      let tree = try await browser.connection.call(
        "Accessibility.getFullAXTree", session: page.session, until: deadline)
      return DevToolsObject(fields: tree)
    }
    let nodes = tree.fields["nodes"] as? [[String: Any]] ?? []
    var byID: [String: [String: Any]] = [:]
    for node in nodes { if let id = node["nodeId"] as? String { byID[id] = node } }
    func roleName(of node: [String: Any]?) -> String? {
      (node?["role"] as? [String: Any])?["value"] as? String
    }
    var lines: [(line: String, leftOut: Deliberate?)] = []
    var stack = nodes.first.map { [($0, Deliberate?.none)] } ?? []
    while let (node, inherited) = stack.popLast() {
      let chromeRole = roleName(of: node) ?? ""
      let leftOut =
        inherited ?? (chromeRole == "Audio" || chromeRole == "Video" ? .mediaControls : nil)
      let children = (node["childIds"] as? [String] ?? []).compactMap { byID[$0] }
      stack += children.reversed().map { ($0, leftOut) }
      guard node["ignored"] as? Bool != true else { continue }
      let role = ariaRoles[chromeRole] ?? chromeRole
      guard roles.contains(role) else { continue }
      let name = (node["name"] as? [String: Any])?["value"] as? String ?? ""
      var states: [String] = []
      for property in node["properties"] as? [[String: Any]] ?? [] {
        guard let key = property["name"] as? String,
          let value = (property["value"] as? [String: Any])?["value"]
        else { continue }
        switch (key, "\(value)") {
        case ("level", let level): if role == "heading" { states.append("level=\(level)") }
        case ("checked", "true"): states.append("checked")
        case ("checked", "mixed"): states.append("checked=mixed")
        case ("expanded", let expanded):
          states.append(expanded == "true" || expanded == "1" ? "expanded" : "collapsed")
        case ("pressed", "true"): states.append("pressed")
        case ("disabled", "true"), ("disabled", "1"), ("required", "true"), ("required", "1"),
          ("readonly", "true"), ("readonly", "1"), ("multiline", "true"), ("multiline", "1"),
          ("selected", "true"), ("selected", "1"):
          states.append(key)
        default: break
        }
      }
      var parent = (node["parentId"] as? String).flatMap { byID[$0] }
      while let ignored = parent, ignored["ignored"] as? Bool == true {
        parent = (ignored["parentId"] as? String).flatMap { byID[$0] }
      }
      let picture =
        role == "img" && name.isEmpty && roleName(of: parent) == "button"
        ? Deliberate.imageButtonPicture : nil
      lines.append((key(role: role, name: name, states: states), leftOut ?? picture))
    }
    return lines
  }

  /// The roles the outline can print.
  static let roles: Set<String> = [
    "article", "banner", "blockquote", "button", "cell", "checkbox", "columnheader",
    "combobox", "complementary", "contentinfo", "definition", "dialog", "figure", "form",
    "group", "heading", "img", "link", "list", "listbox", "listitem", "main", "meter",
    "navigation", "option", "progressbar", "radio", "region", "row", "rowheader", "search",
    "searchbox", "separator", "slider", "spinbutton", "switch", "tab", "table", "term",
    "textbox", "tooltip",
  ]

  /// How many lines two lists share, in order, and what differs.
  static func compare(_ ours: [String], _ theirs: [String]) -> (
    agreeing: Int, total: Int, report: [String]
  ) {
    let difference = theirs.difference(from: ours)
    let same = ours.count - difference.removals.count
    let report = difference.map { change in
      switch change {
      case .remove(_, let line, _): "  ours:     \(line)"
      case .insert(_, let line, _): "  Chromium: \(line)"
      }
    }
    return (same, ours.count + theirs.count - same, report)
  }

  @Test func theOutlineAgreesWithChromiumsAccessibilityTree() async throws {
    var raw = (agreeing: 0, total: 0)
    var explained: [Deliberate: Int] = [:]
    var report: [String] = []
    let wellFormed =
      HTMLCorpus.generated().map { ($0.name, $0.compact) } + HTMLCorpus.plot()
      + HTMLCorpus.accessibility()
    // The five-megabyte page tests size, not roles: its tree takes Chromium over a minute.
    let malformed = HTMLCorpus.malformed().filter { $0.name != "five megabytes" }
    let pages = wellFormed.map { ($0.0, $0.1, false) } + malformed.map { ($0.0, $0.1, true) }
    var wellFormedAgreement = (agreeing: 0, total: 0)
    for (name, html, broken) in pages {
      let ours = try Self.ours(html)
      let theirs = try await Self.chromium(html, roles: Self.roles)
      let before = Self.compare(ours, theirs.map(\.line))
      raw.agreeing += before.agreeing
      raw.total += before.total
      if !broken {
        wellFormedAgreement.agreeing += before.agreeing
        wellFormedAgreement.total += before.total
      }
      // The deliberate differences put aside: what is left is a mistake of ours.
      var rewritten: [String] = []
      for line in ours {
        let rule = Deliberate.allCases.first { $0.rewrite(ours: line) != nil }
        if let rule { explained[rule, default: 0] += 1 }
        rewritten.append(rule?.rewrite(ours: line) ?? line)
      }
      for (_, rule) in theirs { if let rule { explained[rule, default: 0] += 1 } }
      let after = Self.compare(rewritten, theirs.filter { $0.leftOut == nil }.map(\.line))
      if broken {
        explained[.brokenMarkup, default: 0] += after.report.count
      } else if !after.report.isEmpty {
        report += ["\(name):"] + after.report
      }
    }
    func share(_ part: (agreeing: Int, total: Int)) -> String {
      let percent = (Double(part.agreeing) / Double(max(part.total, 1)) * 1000).rounded() / 10
      return "\(part.agreeing) of \(part.total) lines agree (\(percent)%)"
    }
    print(
      "The outline against Chromium's accessibility tree: \(share(raw)) over \(pages.count) "
        + "pages; \(share(wellFormedAgreement)) over the \(wellFormed.count) well-formed ones. "
        + "On purpose:\n"
        + Deliberate.allCases.map { "  \(explained[$0] ?? 0) lines: \($0.reason)" }
        .joined(separator: "\n"))
    #expect(report.isEmpty, "differences no rule explains:\n\(report.joined(separator: "\n"))")
  }
}
