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

  /// The page's outline as Chromium's accessibility tree has it (`.renderedOutline`'s text).
  static func outline(of html: String) async throws -> String {
    let emulation = ScreenshotRequest.Emulation(
      viewport: .desktop, deviceScaleFactor: 1, colorScheme: .light, reducedMotion: true)
    // A test of agreement, not of speed: beside the whole suite on two cores (builds of
    // throwaway packages, a probe that keeps both cores busy), a page has minutes.
    return try await PageCapture.inLoadedPage(.html(html), emulation, within: .seconds(300)) {
      session, _ in try await RenderedOutline.read(session)
    }
  }
}

/// `.htmlOutline` held to the browser: for every page of the corpus, its lines against those
/// `.renderedOutline` reads from Chromium's accessibility tree (`Accessibility.getFullAXTree`),
/// compared on what both say: roles, names, heading levels and states.
@Suite(.enabled(if: ChromiumOracle.found))
struct OutlineAgreementTests {
  /// The states Chromium computes; `href` and `current` are the markup's on both sides.
  static let states = [
    "level", "checked", "disabled", "required", "readonly", "multiline", "expanded", "collapsed",
    "selected", "pressed",
  ]

  /// An outline's lines without text lines and values, each as `role "name" [state]…` with only
  /// the states Chromium computes.
  static func lines(of outline: String) -> [String] {
    outline.split(separator: "\n").compactMap { line -> String? in
      let body = line.drop { $0 == " " }.dropFirst(2)
      guard !body.hasPrefix("text:") else { return nil }
      var rest = body[...]
      let role = String(rest.prefix { $0 != " " && $0 != ":" })
      rest = rest.dropFirst(role.count)
      var name = ""
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
      var states: [String] = []
      while rest.hasPrefix(" [") {
        let state = rest.dropFirst(2).prefix { $0 != "]" }
        if Self.states.contains(String(state.prefix { $0 != "=" })) { states.append(String(state)) }
        rest = rest.dropFirst(state.count + 3)
      }
      return role + (name.isEmpty ? "" : " \"\(name)\"") + states.map { " [\($0)]" }.joined()
    }
  }

  /// Where the outline differs from Chromium on purpose, each with the lines it explains.
  enum Deliberate: CaseIterable {
    case figureName, requiredUnsaid, brokenMarkup

    var reason: String {
      switch self {
      case .figureName:
        "HTML-AAM names a `<figure>` by its `<figcaption>`, and so does the outline; Chromium "
          + "leaves it unnamed."
      case .requiredUnsaid:
        "A required drop-down list or check box is `[required]`, as HTML-AAM maps "
          + "`required`; Chromium's DevTools tree does not say it of these roles."
      case .brokenMarkup:
        "Broken markup is mended by libxml2's HTML parser, which is not the HTML5 parser "
          + "browsers share: an unclosed attribute or a table inside inline elements can come out "
          + "as another tree."
      }
    }

    /// Our line in Chromium's terms, when this rule is why they differ.
    func rewrite(ours line: String) -> String? {
      switch self {
      case .figureName:
        return line.hasPrefix("figure \"") ? "figure" : nil
      case .requiredUnsaid:
        let roles = ["combobox", "checkbox", "radio"]
        guard roles.contains(where: { line.hasPrefix($0) }), line.contains(" [required]") else {
          return nil
        }
        return line.replacingOccurrences(of: " [required]", with: "")
      case .brokenMarkup: return nil
      }
    }
  }

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

  /// The pages compared: the corpus's well-formed pages, then its malformed ones.
  static func pages() -> [(name: String, html: String, broken: Bool)] {
    let wellFormed =
      HTMLCorpus.generated().map { ($0.name, $0.compact) } + HTMLCorpus.plot()
      + HTMLCorpus.accessibility() + HTMLCorpus.applications() + HTMLCorpus.elements()
    // The five-megabyte page tests size, not roles: its tree takes Chromium over a minute.
    let malformed = HTMLCorpus.malformed().filter { $0.name != "five megabytes" }
    return wellFormed.map { ($0.0, $0.1, false) } + malformed.map { ($0.0, $0.1, true) }
  }

  @Test func theOutlineAgreesWithChromiumsAccessibilityTree() async throws {
    var all = (agreeing: 0, total: 0)
    var wellFormed = (agreeing: 0, total: 0)
    var explained: [Deliberate: Int] = [:]
    var report: [String] = []
    let pages = Self.pages()
    for (name, html, broken) in pages {
      let ours = Self.lines(of: try HTMLSnapshotText.outline(html))
      let theirs = Self.lines(of: try await ChromiumOracle.outline(of: html))
      let before = Self.compare(ours, theirs)
      all.agreeing += before.agreeing
      all.total += before.total
      if !broken {
        wellFormed.agreeing += before.agreeing
        wellFormed.total += before.total
      }
      // The deliberate differences put aside: what is left is a mistake of ours.
      var rewritten: [String] = []
      for line in ours {
        let rule = Deliberate.allCases.first { $0.rewrite(ours: line) != nil }
        if let rule { explained[rule, default: 0] += 1 }
        rewritten.append(rule?.rewrite(ours: line) ?? line)
      }
      let after = Self.compare(rewritten, theirs)
      if broken {
        explained[.brokenMarkup, default: 0] += after.report.count
      } else if !after.report.isEmpty {
        report += ["\(name):"] + after.report
      }
    }
    func share(_ part: (agreeing: Int, total: Int)) -> String {
      "\(part.agreeing) of \(part.total) lines agree (\(Self.percent(part))%)"
    }
    print(
      "The outline against Chromium's accessibility tree: \(share(all)) over \(pages.count) "
        + "pages; \(share(wellFormed)) over the \(pages.filter { !$0.broken }.count) well-formed "
        + "ones. On purpose:\n"
        + Deliberate.allCases.map { "  \(explained[$0] ?? 0) lines: \($0.reason)" }
        .joined(separator: "\n"))
    #expect(Self.percent(wellFormed) >= 98, "\(share(wellFormed))")
    #expect(report.isEmpty, "differences no rule explains:\n\(report.joined(separator: "\n"))")
  }

  static func percent(_ part: (agreeing: Int, total: Int)) -> Double {
    (Double(part.agreeing) / Double(max(part.total, 1)) * 1000).rounded() / 10
  }
}
