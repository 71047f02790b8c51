import Plot

/// The pages `.html` and `.htmlOutline` are held to: pages this file generates (each written
/// twice, in two spellings a browser cannot tell apart), pages written with Plot, and
/// malformed ones.
enum HTMLCorpus {
  /// A page the generator writes, in both spellings.
  struct Twins {
    var name: String
    var compact: String
    var loose: String
  }

  static func generated(count: Int = 32) -> [Twins] {
    (0..<count).map { index in
      var random = SplitMix64(seed: UInt64(index))
      let page = PageNode.page(index, &random)
      var compact = PageWriter(loose: false)
      var loose = PageWriter(loose: true)
      return Twins(
        name: "generated \(index)", compact: compact.write(page), loose: loose.write(page))
    }
  }

  /// Pages written with Plot, compact and indented.
  static func plot() -> [(name: String, html: String)] {
    let pages: [(String, HTML)] = [
      (
        "plot article",
        HTML(
          .head(.title("Release notes"), .stylesheet("styles.css")),
          .body(
            .header(.nav(.ul(.li(.a(.href("/"), "Home")), .li(.a(.href("/notes"), "Notes"))))),
            .main(
              .article(
                .h1("Version 2.0"),
                .p("Snapshots of ", .strong("HTML"), " pages & outlines."),
                .img(.src("chart.png"), .alt("Downloads per week")))),
            .footer(.p("© 2026 Example")))
        )
      ),
      (
        "plot table",
        HTML(
          .body(
            .h2("Countries and their capitals"),
            .table(
              .caption("Capitals"),
              .tr(.th("Country"), .th("Capital")),
              .tr(.td("Sweden"), .td("Stockholm")),
              .tr(.td("Japan"), .td("Tokyo"))),
            .h2("List of ", .strong("programming languages")),
            .ol(.li("Swift"), .li("Objective-C"), .li("C"))))
      ),
      (
        "plot form",
        HTML(
          .body(
            .form(
              .action("/subscribe"), .method(.post),
              .fieldset(
                .label(.for("email"), "Email"),
                .input(.id("email"), .name("email"), .type(.email), .required(true)),
                .label(.for("news"), "Newsletter"),
                .input(.id("news"), .name("news"), .type(.checkbox), .checked(true)),
                .textarea(.name("note"), .text("A  note\n  kept as written")),
                .button(.type(.submit), .text("Subscribe"))))))
      ),
      (
        "plot media",
        HTML(
          .head(.title("Gallery"), .description("Pictures <and> captions")),
          .body(
            .div(
              .class("grid wide  dark"),
              .forEach(1...6) { index in
                .div(.img(.src("p\(index).jpg"), .alt("Picture \(index)")), .p("№ \(index)"))
              }),
            .audio(.controls(true), .source(.src("a.mp3"), .type(.mp3)))))
      ),
    ]
    return pages.flatMap { name, html in
      [(name, html.render()), (name + " indented", html.render(indentedBy: .spaces(4)))]
    }
  }

  /// Pages of roles, names and states, for the outline's agreement with a browser.
  static func accessibility() -> [(name: String, html: String)] {
    [
      (
        "landmarks",
        """
        <header><nav aria-label="Main"><a href="/">Home</a></nav></header>
        <aside><h2>Related</h2></aside><main><article><header><h1>Post</h1></header>
        <section aria-label="Comments"><p>None yet</p></section><section><p>Plain</p></section>
        </article></main><footer><p>Footer</p></footer><search><input type="search"></search>
        """
      ),
      (
        "headings",
        """
        <h1>One</h1><h3>Three</h3><div role="heading">Implied</div>
        <div role="heading" aria-level="4">Four</div><h2 aria-level="5">Five</h2>
        """
      ),
      (
        "images",
        """
        <img src="a.png" alt="Alt text"><img src="b.png" alt=""><img src="c.png" title="Titled">
        <svg width="20" height="20"><title>A circle</title><circle r="5"/></svg>
        <svg width="20" height="20" role="img" aria-label="Labelled"><circle r="5"/></svg>
        <svg width="20" height="20"><circle r="5"/></svg>
        <figure><img src="d.png" alt="Chart"><figcaption>Sales</figcaption></figure>
        """
      ),
      (
        "details and dialogs",
        """
        <details><summary>More</summary><p>Hidden until opened</p><button>Inside</button></details>
        <details open><summary>Open</summary><button>Shown</button></details>
        <dialog open aria-label="Confirm"><button>OK</button></dialog>
        <div hidden><button>Gone</button></div><div aria-hidden="true"><a href="/x">Gone</a></div>
        """
      ),
      (
        "controls",
        """
        <form aria-label="Order"><fieldset><legend>Size</legend>
        <label><input type="radio" name="s" checked> Small</label>
        <label><input type="radio" name="s"> Large</label></fieldset>
        <label for="q">Quantity</label><input id="q" type="number" value="2" required>
        <label>Volume <input type="range" value="30"></label>
        <input type="checkbox" aria-label="Gift" aria-checked="mixed">
        <textarea aria-label="Note" readonly>Ring twice</textarea>
        <select aria-label="Colour"><optgroup label="Warm"><option>Red</option>
        <option selected>Orange</option></optgroup></select>
        <select aria-label="Extras" multiple><option selected>Bag</option><option>Box</option></select>
        <input type="submit"><input type="reset" value="Clear"><input type="image" alt="Go">
        <button aria-pressed="true">Bold</button><button aria-expanded="false">Menu</button>
        <button disabled>Off</button><span id="l">Via id</span><input aria-labelledby="l">
        <input placeholder="Placeholder"><input title="Title only">
        <progress value="3" max="10" aria-label="Progress"></progress>
        <meter value="0.5" aria-label="Level"></meter></form>
        """
      ),
      (
        "lists and tables",
        """
        <ul><li>One</li><li><a href="/two">Two</a></li></ul><ol><li>First</li></ol>
        <dl><dt>Term</dt><dd>Definition</dd></dl><hr>
        <table><caption>People</caption><tr><th>Name</th><th scope="row">Ann</th></tr>
        <tr><td>Cell</td><td><button>Edit</button></td></tr></table>
        <blockquote>Quoted</blockquote><div role="button" tabindex="0">Div button</div>
        <a>No href</a><a href="#top" aria-current="page">Top</a>
        """
      ),
    ]
  }

  /// Pages a browser recovers from, and the extremes: nesting 10,000 deep and 5 MB.
  static func malformed() -> [(name: String, html: String)] {
    [
      ("unclosed tags", "<div><p>one<p>two<ul><li>a<li>b<div><span>open"),
      ("stray end tags", "</div><p>text</span></p></div></div><div>after</td>"),
      ("bad entities", "<p>&bogus; &amp &#xZZ; &#99999999; &#0; &; &#; &lt&gt; a&b</p>"),
      ("unclosed comment", "<p>before</p><!-- never closed <p>lost?</p>"),
      ("unterminated attribute", "<a href=\"/x title='y'>link</a><p>after</p>"),
      ("unclosed script", "<p>a</p><script>if (a < b) { document.write('</p>')"),
      // Found by the fuzzer: a script inside a pre, whose text is still a script's.
      (
        "script inside pre",
        "<pre> <mp; z</p><pre>i>it</i></pre><script>if (a < b) {}</script></divA"
      ),
      // Found by the fuzzer: a heading left open around a list, whose name spans blocks.
      ("heading around a list", "<h1>Hi <b>you</b></h0><ul><li>a<li>b</ul>"),
      // Found by the fuzzer: text, then an inline element around a table; no line break may
      // come between the text and the element's own text.
      ("inline around a table", "<div>x<ty>y<table><td>c</table>z</ty>w</div>"),
      ("inline around a table, then whitespace", "<td>c<ty><th>d</th>\n  </ty></td>"),
      // Found by the fuzzer: an `<html>` the parser kept inside the page while recovering.
      (
        "html inside the page",
        "DTCO<tabl!YPE html><html lang=en><h>at</title></headw<body><h1>Hi</h1></body></html>+"
      ),
      // Found by the fuzzer: an element libxml2 named `:888…` from a broken tag.
      (
        "a name HTML cannot spell",
        "<d8::888t0000 \u{1}v class8bp;y z<tablescrip TYPE l!Y html><html la--< !c --><e'"
      ),
      // Found by the fuzzer: libxml2 drops a name's first part at each reading.
      ("colons in a name", "<i:l:l:b>x</i:l:l:b><o:p></o:p>"),
      ("misnested inline", "<p><b>bold <i>both</b> italic?</i> plain</p>"),
      ("table soup", "<table><td>a<tr><th>b</table><td>c</td><caption>late</caption>"),
      ("duplicate attributes", "<input type=text type=checkbox value=a value=b disabled disabled>"),
      ("control characters", "<p>\u{1}\u{8}\u{B}\u{7F} and \u{FEFF}bom</p>"),
      ("nested 10,000 deep", String(repeating: "<div>", count: 10_000) + "deep"),
      ("inline nested 10,000 deep", String(repeating: "<b><i>", count: 5_000) + "deep"),
      ("lists nested 10,000 deep", String(repeating: "<ul><li>", count: 5_000) + "deep"),
      ("five megabytes", fiveMegabytes()),
    ]
  }

  /// A 5 MB table of invoices, one row per line.
  static func fiveMegabytes() -> String {
    var page = "<!DOCTYPE html><html><head><title>Invoices</title></head><body><table>"
    var row = 0
    while page.utf8.count < 5_000_000 {
      page +=
        "<tr><td class=\"number\">\(row)</td><td><a href=\"/invoices/\(row)\">Invoice &#8470; \(row)</a></td>"
      page +=
        "<td>Ann &amp; Bob&nbsp;Ltd</td><td><input type=checkbox aria-label=\"Paid \(row)\"\(row % 3 == 0 ? " checked" : "")></td></tr>\n"
      row += 1
    }
    return page + "</table></body></html>"
  }
}

/// The generator's own tree of a page.
indirect enum PageNode {
  case element(String, [(String, String?)], [PageNode])
  case text(String)
  case comment(String)

  static func page(_ index: Int, _ random: inout SplitMix64) -> PageNode {
    var body: [PageNode] = []
    for _ in 0..<(2 + random.next(4)) {
      body.append(section(&random, depth: 0))
    }
    guard index % 2 == 0 else { return .element("div", [("class", "fragment \(index)")], body) }
    return .element(
      "html", [("lang", "en")],
      [
        .element(
          "head", [],
          [
            .element("title", [], [.text("Page \(index) & more")]),
            .element("meta", [("charset", "utf-8")], []),
          ]),
        .element("body", [], body),
      ])
  }

  static let words = [
    "invoice", "Ann", "total", "€12.50", "due", "naïve", "日本", "😀", "a&b", "x<y", "\"quoted\"",
    "it's", "nbsp\u{A0}here", "café", "—",
  ]

  static func sentence(_ random: inout SplitMix64) -> [PageNode] {
    var nodes: [PageNode] = []
    var text = ""
    for index in 0..<(1 + random.next(6)) {
      if index > 0 { text += " " }
      text += words[random.next(words.count)]
      if random.next(4) == 0 {
        nodes.append(.text(text + " "))
        let tag = ["b", "em", "code", "span", "a", "small"][random.next(6)]
        let attributes: [(String, String?)] = tag == "a" ? [("href", "/p?\(index)&q=1")] : []
        nodes.append(.element(tag, attributes, [.text(words[random.next(words.count)])]))
        text = ""
      }
    }
    nodes.append(.text(text))
    return nodes
  }

  static func section(_ random: inout SplitMix64, depth: Int) -> PageNode {
    switch random.next(depth > 2 ? 6 : 12) {
    case 0: return .element("p", [], sentence(&random))
    case 1: return .element("h\(1 + random.next(6))", [], sentence(&random))
    case 2:
      return .element(
        random.next(2) == 0 ? "ul" : "ol", [],
        (0..<(1 + random.next(4))).map { _ in .element("li", [], sentence(&random)) })
    case 3:
      return .element(
        "pre", [], [.text("  let x = 1\n\tif a < b {  }\n"), .element("b", [], [.text(" kept ")])])
    case 4:
      return .element(
        "img", [("src", "i\(random.next(9)).png"), ("alt", words[random.next(words.count)])], [])
    case 5: return .comment(" note \(random.next(100)) ")
    case 6:
      return .element(
        ["section", "article", "aside", "nav", "div", "main", "header", "footer"][random.next(8)],
        [("class", "  b   a c "), ("id", "s\(random.next(1000))")],
        (0..<(1 + random.next(3))).map { _ in section(&random, depth: depth + 1) })
    case 7:
      return .element(
        "form", [("action", "/search"), ("method", "get")],
        [
          .element("label", [("for", "q")], [.text("Search")]),
          .element(
            "input",
            [("id", "q"), ("name", "q"), ("type", "search"), ("placeholder", "Name or number")],
            []),
          .element("input", [("type", "checkbox"), ("checked", nil), ("id", "c")], []),
          .element("label", [("for", "c")], [.text("Paid only")]),
          .element("button", [("type", "submit"), ("disabled", "")], [.text("Go")]),
        ])
    case 8:
      return .element(
        "table", [],
        [.element("caption", [], [.text("Totals")])]
          + (0..<(1 + random.next(3))).map { row in
            .element(
              "tr", [],
              (0..<3).map { _ in .element(row == 0 ? "th" : "td", [], sentence(&random)) })
          })
    case 9:
      return .element(
        "div",
        [
          ("data-controller", "very-long-controller-name"), ("data-action", "click->menu#toggle"),
          ("aria-label", "A label long enough to break the tag"), ("title", "it's \"here\""),
        ], sentence(&random))
    case 10:
      return .element("script", [], [.text("if (a < b && c > d) { x = '<p>'; }")])
    default:
      return .element(
        "details", [("open", nil)],
        [.element("summary", [], [.text("More")]), .element("p", [], sentence(&random))])
    }
  }
}

/// Writes a `PageNode` compactly (double quotes, named entities, no whitespace between tags)
/// or loosely (upper-case names, single or no quotes, numeric entities, each run of whitespace
/// respelled, and blocks on indented lines): the two differ only in what a browser ignores.
struct PageWriter {
  let loose: Bool
  private var out = ""

  init(loose: Bool) { self.loose = loose }

  mutating func write(_ page: PageNode) -> String {
    out = loose ? "<!doctype HTML>\n" : "<!DOCTYPE html>"
    if case .element("html", _, _) = page {} else { out = "" }
    node(page, depth: 0, keep: false)
    return out
  }

  static let inline: Set<String> = [
    "b", "em", "code", "span", "a", "small", "img", "input", "label", "button",
  ]
  static let void: Set<String> = ["img", "input", "meta", "br"]

  private mutating func node(_ node: PageNode, depth: Int, keep: Bool, raw: Bool = false) {
    switch node {
    case .text(let text):
      out += raw ? text : escape(text, keep: keep)
    case .comment(let text):
      out += "<!--\(text)-->"
    case .element(let name, let attributes, let children):
      let block = !Self.inline.contains(name)
      if loose && block && !keep { out += "\n" + String(repeating: "  ", count: depth) }
      out += "<" + (loose && depth % 2 == 0 ? name.uppercased() : name)
      for (attribute, value) in attributes {
        out += " " + attribute
        guard let value else { continue }
        if !loose {
          out +=
            "=\""
            + value.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "\"", with: "&quot;") + "\""
        } else if !value.isEmpty
          && value.allSatisfy({ $0.isLetter || $0.isNumber || "-./".contains($0) })
        {
          out += "=" + value
        } else if !value.contains("'") {
          out += "='" + value.replacingOccurrences(of: "&", with: "&#38;") + "'"
        } else {
          out +=
            "=\""
            + value.replacingOccurrences(of: "&", with: "&#x26;")
            .replacingOccurrences(of: "\"", with: "&#34;") + "\""
        }
      }
      out += loose && Self.void.contains(name) ? " />" : ">"
      guard !Self.void.contains(name) else { return }
      let keepsText = keep || name == "pre" || name == "script" || name == "textarea"
      for child in children {
        self.node(child, depth: depth + 1, keep: keepsText, raw: name == "script")
      }
      if loose && block && !keepsText && children.contains(where: \.isBlock) {
        out += "\n" + String(repeating: "  ", count: depth)
      }
      out += "</\(name)>"
    }
  }

  private func escape(_ text: String, keep: Bool) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += loose ? "&#38;" : "&amp;"
      case "<": escaped += loose && !keep ? "&#x3C;" : "&lt;"
      case ">": escaped += loose ? "&#62;" : "&gt;"
      case "\u{A0}": escaped += loose ? "&#160;" : "&nbsp;"
      case "é": escaped += loose ? "&eacute;" : "é"
      case " " where loose && !keep: escaped += "\n\t  "
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

extension PageNode {
  var isBlock: Bool {
    if case .element(let name, _, _) = self { return !PageWriter.inline.contains(name) }
    return false
  }
}

/// A small seeded generator (SplitMix64), so the corpus is the same on every run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
