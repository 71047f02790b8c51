/// Pages that put the elements HTML-AAM maps inside one another at random: a control in a
/// disabled fieldset, a table in a list item, a header in a section, a list in a label's
/// stead. Seeded, so the same on every run; valid HTML, so the browser and libxml2 read the
/// same tree.
extension HTMLCorpus {
  static func elements(count: Int = 40) -> [(name: String, html: String)] {
    (0..<count).map { index in
      var writer = ElementPageWriter(random: SplitMix64(seed: 5_100 + UInt64(index)))
      var page = ""
      for _ in 0..<(4 + writer.random.next(4)) { page += writer.flow(depth: 0) }
      return ("elements \(index)", page)
    }
  }
}

/// Writes one page of ``HTMLCorpus/elements(count:)``.
struct ElementPageWriter {
  var random: SplitMix64
  /// Numbers the ids a page's labels point at.
  private var nextID = 0
  private var inForm = false

  init(random: SplitMix64) { self.random = random }

  /// What may stand where text may: controls, links, pictures, text-level elements.
  mutating func phrasing() -> String {
    let options: [String] = [
      "<button>Save</button>", #"<a href="/more">Read more</a>"#, "plain words",
      #"<input aria-label="Name" value="Ann">"#, #"<input type="checkbox" checked>"#,
      #"<input type="radio" name="r" aria-label="One">"#, #"<input type="range" value="4">"#,
      #"<input type="number" value="7" required>"#, #"<input type="search" placeholder="Find">"#,
      #"<input type="email" readonly value="a@b.test">"#, #"<input type="submit" value="Send">"#,
      "<select><option>Small</option><option>Large</option></select>",
      #"<select multiple aria-label="Tags"><option selected>New</option></select>"#,
      #"<textarea aria-label="Note">Hello</textarea>"#, #"<meter value="0.5"></meter>"#,
      #"<progress value="2" max="5"></progress>"#, "<output>42</output>",
      #"<img src="chart.png" alt="Chart">"#, #"<img src="line.png" alt="">"#,
      #"<svg width="9" height="9"><title>Dot</title><circle r="3"/></svg>"#,
      "<dfn>flow</dfn>", #"<abbr title="kilogram">kg</abbr>"#, "<time>today</time>",
      "<code>x = 1</code>", "<strong>bold</strong>", "<em>stressed</em>", "<mark>marked</mark>",
      "<sub>2</sub>", "<del>old</del> <ins>new</ins>", "<math><mi>x</mi></math>",
      "<span hidden>Hidden</span>", #"<span aria-hidden="true">Decoration</span>"#,
      #"<button aria-pressed="true">Bold</button>"#,
      #"<a href="/here" aria-current="page">Here</a>"#,
    ]
    return options[random.next(options.count)]
  }

  /// A labelled control, by `for` or around it.
  mutating func labelled() -> String {
    nextID += 1
    let id = "c\(nextID)"
    let control = phrasing()
    let labelable = ["<input", "<select", "<textarea", "<meter", "<progress", "<output", "<button"]
    guard labelable.contains(where: control.hasPrefix) else {
      return "<label>Caption \(control)</label>"
    }
    if random.next(2) == 0 { return "<label>Field \(nextID) \(control) after</label>" }
    let tag = control.prefix { $0 != " " && $0 != ">" }
    return "<label for=\"\(id)\">Field \(nextID)</label> "
      + "\(tag) id=\"\(id)\"" + control.dropFirst(tag.count)
  }

  /// Flow content: blocks, sections and containers holding more of it.
  mutating func flow(depth: Int) -> String {
    let leafChance = depth > 2 ? 10 : 4
    if random.next(leafChance) != 0 || depth > 3 {
      switch random.next(9) {
      case 0: return "<p>Some text, \(phrasing())</p>"
      case 1:
        let level = 1 + random.next(6)
        return "<h\(level)>Heading</h\(level)>"
      case 2: return labelled()
      case 3: return "<hgroup><h2>Title</h2><p>Subtitle</p></hgroup>"
      case 4: return "<details><summary>More</summary><p>Folded</p></details>"
      case 5: return random.next(2) == 0 ? "<dialog><p>Closed</p></dialog>" : "<hr>"
      case 6:
        return "<table><tr><th>Name</th><th>Total</th></tr>"
          + "<tr><th>Ann</th><td>\(phrasing())</td></tr></table>"
      case 7: return "<dl><dt>Term</dt><dd>\(phrasing())</dd></dl>"
      default: return "<p>\(phrasing()) \(phrasing())</p>"
      }
    }
    var containers: [(String, String)] = [
      ("<section>", "</section>"), (#"<section aria-label="Part">"#, "</section>"),
      ("<article>", "</article>"), ("<aside>", "</aside>"),
      (#"<nav aria-label="Pages">"#, "</nav>"),
      ("<main>", "</main>"), ("<header>", "</header>"), ("<footer>", "</footer>"),
      ("<fieldset><legend>Group</legend>", "</fieldset>"),
      ("<fieldset disabled><legend>Off <button>Why</button></legend>", "</fieldset>"),
      ("<div inert>", "</div>"), (#"<div aria-disabled="true">"#, "</div>"),
      ("<ul><li>", "</li></ul>"), (#"<ol role="none"><li>"#, "</li></ol>"),
      ("<table><tr><td>", "</td></tr></table>"),
      (#"<table role="presentation"><tr><td>"#, "</td></tr></table>"),
      ("<blockquote>", "</blockquote>"), ("<figure>", "<figcaption>Caption</figcaption></figure>"),
      ("<details open><summary>Open</summary>", "</details>"), ("<div>", "</div>"),
      ("<dialog open>", "</dialog>"), ("<search>", "</search>"), ("<address>", "</address>"),
    ]
    if !inForm { containers.append((#"<form aria-label="Form">"#, "</form>")) }
    let (open, close) = containers[random.next(containers.count)]
    let wasInForm = inForm
    if open.hasPrefix("<form") { inForm = true }
    defer { inForm = wasInForm }
    var inner = ""
    for _ in 0..<(1 + random.next(3)) { inner += flow(depth: depth + 1) }
    return open + inner + close
  }
}
