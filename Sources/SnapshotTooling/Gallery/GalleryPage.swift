import Foundation
@_spi(Tooling) import Snapshots

/// One static page that is both the gallery of a package's snapshots and the review of its
/// failing run: made from a ``SnapshotCatalog``, opened from `file://` with no server and no
/// network (images are referenced relatively, styles and script are inline, and its content
/// policy allows nothing else).
///
/// Failed and new snapshots come first, each with its reference, actual value and difference
/// (images with a slider and an onion-skin blend, text as a coloured unified diff) and the
/// command that accepts it; then every other snapshot, grouped by test file and test. Filters
/// per variant axis, status, format and environment (for references kept per environment,
/// `data-environment`), a search box, a compare mode, a lightbox and dark mode
/// are in the page's script. The snapshots are JSON in the page, which the script filters and
/// draws a screenful at a time as the page scrolls: a page of 100,000 opens and searches as
/// fast as a page of ten.
///
/// Stable hooks, part of the format: each snapshot is an element with `data-snapshot` (its path
/// relative to the package) and `data-status` (`failed`, `new`, `unchanged`); each filter has
/// an accessible label naming what it filters; the search box is an `input type="search"`.
struct GalleryPage {
  var catalog: SnapshotCatalog
  var packageDirectory: URL
  /// Where the page is written: its links are relative to this folder.
  var pageFolder: URL
  /// The package's folder and the page's, standardized once for the links of every snapshot.
  private let packagePath: String
  private let pageComponents: [String]

  init(catalog: SnapshotCatalog, packageDirectory: URL, pageFolder: URL) {
    self.catalog = catalog
    self.packageDirectory = packageDirectory
    self.pageFolder = pageFolder
    packagePath = packageDirectory.standardizedFileURL.path
    pageComponents = pageFolder.standardizedFileURL.pathComponents
  }

  /// How many snapshots the page draws at a time: its first ones come before its script.
  static let screenful = 60

  /// Text longer than this is cut in the page (the file has all of it).
  static let textLimit = 4_000

  func html() -> String {
    let entries = catalog.snapshots
    let review = entries.filter { $0.status != .unchanged }
    // The gallery's order: every other snapshot grouped by test file, then by test.
    let unchanged = entries.filter { $0.status == .unchanged }
      .groupedInOrder(by: { $0.testFile ?? folder(of: $0.path) })
      .flatMap { $0.groupedInOrder(by: \.test).joined() }
    // Each snapshot's record made on every core (its diff, its text read), in the page's order.
    let gallery = self
    let records = (review + unchanged).concurrentMap { gallery.record($0) }
    let axes = axisValues(entries)
    var page = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src file: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
      <title>Snapshots of \(PageText.html(packageDirectory.lastPathComponent))</title>
      <style>\(GalleryAssets.style)</style>
      </head>
      <body>
      <header>
      <h1>Snapshots of \(PageText.html(packageDirectory.lastPathComponent))</h1>
      <p class="summary">\(entries.count) snapshots · \(review.filter { $0.status == .failed }.count) failed · \(review.filter { $0.status == .new }.count) new\(catalog.run.map { " · run \(PageText.html($0))" } ?? "")</p>
      <div class="controls">
      <label>Search <input type="search" id="search" placeholder="test, name, value or path" aria-label="search"></label>
      \(select("status", label: "status", values: ["failed", "new", "unchanged"]))
      \(select("format", label: "format", values: Set(entries.map(\.format)).sorted()))

      """
    // References kept per environment: one select to see one machine's.
    let environments = Set(entries.compactMap(\.environment)).sorted()
    if !environments.isEmpty {
      page += select("environment", label: "environment", values: environments) + "\n"
    }
    for (axis, values) in axes {
      page += select("axis-" + safeAttribute(axis), label: axis, values: values) + "\n"
    }
    // Two values of a variant axis side by side: only where there are variants, and its sides
    // only once an axis is chosen.
    if !axes.isEmpty {
      page += """
        <label>Compare <select id="compare-axis" aria-label="compare axis"><option value="">off</option>\(axes.map { "<option value=\"\(safeAttribute($0.name))\">\(PageText.html($0.name))</option>" }.joined())</select></label>
        <label class="compare-side" hidden>left <select id="compare-left" aria-label="compare left value"></select></label>
        <label class="compare-side" hidden>right <select id="compare-right" aria-label="compare right value"></select></label>

        """
    }
    // The snapshots are data the script draws a screenful at a time, so that a page of
    // 100,000 opens as fast as a page of ten and a search never walks the document.
    page += """
      <button type="button" id="dark-mode" aria-pressed="false">Dark mode</button>
      <span id="shown" aria-live="polite"></span>
      </div>
      </header>
      <main>
      <section id="compare" hidden aria-label="compare"></section>
      \(review.isEmpty ? "" : "<section id=\"review\"><h2>Review: \(review.count) to look at</h2></section>")
      <section id="gallery"></section>
      <div id="more"></div>
      </main>
      <div id="lightbox" hidden role="dialog" aria-modal="true" aria-label="snapshot">
      <button type="button" id="lightbox-close" aria-label="close">×</button>
      <img id="lightbox-image" alt="">
      <p id="lightbox-caption"></p>
      </div>
      <script type="application/json" id="first">[
      \(records.prefix(Self.screenful).joined(separator: ",\n"))
      ]</script>
      <script>\(GalleryAssets.script)</script>
      <script type="application/json" id="snapshots">[

      """
    page += records.joined(separator: ",\n")
    page += """
      ]</script>
      </body>
      </html>

      """
    return page
  }

  /// One snapshot as the page's data, a JSON object.
  ///
  /// Its markup (`h`) and what the filters and the compare mode ask of it: status `s`, format
  /// `f`, search text `q`, environment `e`, each axis's value `a` and the key of its siblings
  /// along that axis `k` (by the axis's attribute name); in the gallery, its test file's title
  /// `g` and test `t`, which the script groups by. Written here rather than by `JSONEncoder`,
  /// which would encode 100,000 on one core.
  private func record(_ entry: SnapshotCatalog.Entry) -> String {
    // The markup's text is escaped already (`PageText.html`); the other fields' are escaped
    // here, rather than the markup scanned a second time.
    let text = { (field: String) in PageText.json(ControlCharacters.escaped(field)) }
    var fields = [
      ("h", PageText.json(item(entry))), ("s", text(entry.status.rawValue)),
      ("f", text(entry.format)),
      ("q", text(searchText(entry))),
    ]
    if let environment = entry.environment { fields.append(("e", text(environment))) }
    if let variant = entry.variant {
      let axes = variant.map { (safeAttribute($0.axis), $0) }
      fields.append(("a", PageText.object(axes.map { ($0.0, text($0.1.value)) })))
      fields.append(
        ("k", PageText.object(axes.map { ($0.0, text(variantKey(entry, without: $0.1.axis))) })))
    }
    if entry.status == .unchanged {
      fields.append(("g", text(entry.testFile ?? folder(of: entry.path))))
      fields.append(("t", text(entry.test)))
    }
    return PageText.object(fields)
  }

  // MARK: - One snapshot

  private func item(_ entry: SnapshotCatalog.Entry) -> String {
    var attributes = [
      ("data-snapshot", entry.path), ("data-status", entry.status.rawValue),
      ("data-format", entry.format),
    ]
    if let environment = entry.environment { attributes.append(("data-environment", environment)) }
    for axis in entry.variant ?? [] {
      attributes.append(("data-axis-" + safeAttribute(axis.axis), axis.value))
    }
    var html =
      "<article class=\"snapshot\" "
      + attributes.map { "\($0.0)=\"\(PageText.html($0.1))\"" }.joined(separator: " ") + ">\n"
    html += "<h4>\(PageText.html(title(entry)))</h4>\n"
    if let change = entry.inline {
      html += inlineChange(change) + accept(entry)
      return html + "<p class=\"path\">\(PageText.html(entry.path))</p>\n</article>\n"
    }
    switch entry.status {
    case .unchanged:
      html += preview(of: entry.path, format: entry.format, size: entry.image, label: "snapshot")
    case .new:
      html += "<p class=\"note\">New: no reference yet. The actual value:</p>\n"
      html +=
        entry.actual.map { preview(of: $0, format: entry.format, size: nil, label: "actual") } ?? ""
      html += accept(entry)
    case .failed:
      html += failure(entry)
      html += accept(entry)
    }
    html += "<p class=\"path\">\(PageText.html(entry.path))</p>\n</article>\n"
    return html
  }

  /// An inline snapshot's pending change: the diff from its reference, or its new text.
  private func inlineChange(_ change: SnapshotCatalog.InlineChange) -> String {
    switch (change.old, change.new) {
    case (let old?, let new?):
      return "<p class=\"note\">Inline snapshot, to rewrite in the test source:</p>\n"
        + diff(from: old, to: new)
    case (nil, let new?):
      return "<p class=\"note\">New inline snapshot, to write into the test source:</p>\n"
        + "<pre class=\"text\">\(PageText.html(new))</pre>\n"
    case (_, nil):
      return "<p class=\"note\">The value is nil: its inline snapshot is to be removed.</p>\n"
    }
  }

  /// A coloured unified diff of two texts, its lines classed by their kind: never by their
  /// first character, so that a terminal's colours (or a line that starts with `+`) cannot
  /// mislead it.
  private func diff(from reference: String, to new: String) -> String {
    let lines =
      UnifiedDiff.report(reference: reference, actual: new, colored: false)
      ?? [DiffLine(.note, "(no difference in the text)")]
    return "<pre class=\"diff\">"
      + lines.map { "<span class=\"\(Self.diffClass($0.kind))\">\(PageText.html($0.text))</span>" }
      .joined() + "</pre>\n"
  }

  /// The class of a diff's line on the page (the browser review's too).
  static func diffClass(_ kind: DiffLine.Kind) -> String {
    switch kind {
    case .added: "add"
    case .removed: "remove"
    case .hunk: "hunk"
    case .unchanged, .fold, .note: "same"
    }
  }

  private func failure(_ entry: SnapshotCatalog.Entry) -> String {
    guard let actual = entry.actual else { return "" }
    guard entry.format == "png" else {
      let reference = text(at: entry.path) ?? ""
      let new = text(at: actual) ?? ""
      guard entry.format == "html" else { return diff(from: reference, to: new) }
      return diff(from: reference, to: new) + "<div class=\"panes\">\n"
        + rendered(reference, label: "Reference") + rendered(new, label: "Actual") + "</div>\n"
    }
    let referenceSource = link(entry.path)
    let actualSource = link(actual)
    let actualSize = (try? AtomicFile.read(path: absolute(actual))).flatMap(
      SnapshotCatalog.pngSize)
    var html = ""
    if let reference = entry.image, let actualSize, reference != actualSize {
      html +=
        "<p class=\"size-mismatch\">Sizes differ: reference \(reference.width)×\(reference.height), actual \(actualSize.width)×\(actualSize.height).</p>\n"
    }
    html += "<div class=\"panes\">\n"
    html +=
      "<figure><figcaption>Reference</figcaption><img loading=\"lazy\" src=\"\(PageText.html(referenceSource))\" alt=\"reference\"></figure>\n"
    html +=
      "<figure><figcaption>Actual</figcaption><img loading=\"lazy\" src=\"\(PageText.html(actualSource))\" alt=\"actual\"></figure>\n"
    if let difference = entry.difference {
      html +=
        "<figure><figcaption>Difference</figcaption><img loading=\"lazy\" src=\"\(PageText.html(link(difference)))\" alt=\"difference\"></figure>\n"
    }
    html += "</div>\n"
    html += """
      <div class="tools"><div>
      <div class="slider" style="--split: 50%"><img loading="lazy" src="\(PageText.html(referenceSource))" alt="reference"><img loading="lazy" class="over" src="\(PageText.html(actualSource))" alt="actual"></div>
      <label>Reference ◀ ▶ actual <input type="range" class="split" min="0" max="100" value="50" aria-label="slider between reference and actual"></label>
      </div><div>
      <div class="onion" style="--blend: 0.5"><img loading="lazy" src="\(PageText.html(referenceSource))" alt="reference"><img loading="lazy" class="over" src="\(PageText.html(actualSource))" alt="actual"></div>
      <label>Onion skin <input type="range" class="blend" min="0" max="100" value="50" aria-label="onion skin blend"></label>
      </div></div>

      """
    return html
  }

  /// The command that accepts this snapshot's pending value (an inline one's: its test's), with
  /// a copy button.
  private func accept(_ entry: SnapshotCatalog.Entry) -> String {
    let pattern = "^" + Self.regexEscaped(entry.inline == nil ? entry.path : entry.test) + "$"
    let command =
      "swift package --allow-writing-to-package-directory snapshot-record --apply-only --filter '\(pattern)'"
    return """
      <div class="accept"><code>\(PageText.html(command))</code> <button type="button" class="copy" data-command="\(PageText.html(command))">Copy</button></div>

      """
  }

  private func preview(
    of path: String, format: String, size: SnapshotCatalog.ImageSize?, label: String
  ) -> String {
    if format == "png" {
      let dimensions = size.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
      return
        "<figure class=\"image\"><img loading=\"lazy\" src=\"\(PageText.html(link(path)))\"\(dimensions) alt=\"\(label)\"></figure>\n"
    }
    guard let text = text(at: path) else {
      return "<p class=\"note\">Binary, \(format): open the file.</p>\n"
    }
    let shown = text.count > Self.textLimit ? String(text.prefix(Self.textLimit)) + "\n…" : text
    let source = "<pre class=\"text\">\(PageText.html(shown))</pre>\n"
    return format == "html" ? source + rendered(text, label: label) : source
  }

  /// An HTML reference as a browser draws it, in a frame with no scripts, forms or address of
  /// its own (`sandbox` with no permissions): a page snapshotted is shown, never run.
  private func rendered(_ page: String, label: String) -> String {
    "<figure class=\"rendered\"><figcaption>\(PageText.html(label)), rendered</figcaption>"
      + "<iframe sandbox=\"\" loading=\"lazy\" title=\"\(PageText.html(label)), rendered\" srcdoc=\"\(PageText.html(page))\"></iframe></figure>\n"
  }

  // MARK: - Helpers

  /// `text` as a regular expression that matches only it (a path: `.` and the like escaped).
  static func regexEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// Each axis with its values, in the order first seen.
  private func axisValues(_ entries: [SnapshotCatalog.Entry]) -> [(name: String, values: [String])]
  {
    var order: [String] = []
    var values: [String: [String]] = [:]
    for axis in entries.flatMap({ $0.variant ?? [] }) {
      if values[axis.axis] == nil { order.append(axis.axis) }
      if !(values[axis.axis] ?? []).contains(axis.value) {
        values[axis.axis, default: []].append(axis.value)
      }
    }
    return order.map { ($0, values[$0] ?? []) }
  }

  private func select(_ filter: String, label: String, values: [String]) -> String {
    let options = values.map { "<option>\(PageText.html($0))</option>" }.joined()
    return
      "<label>\(PageText.html(label)) <select data-filter=\"\(PageText.html(filter))\" aria-label=\"\(PageText.html(label))\"><option value=\"\">all</option>\(options)</select></label>"
  }

  /// What identifies a variant's siblings along one axis: everything but that axis's value.
  private func variantKey(_ entry: SnapshotCatalog.Entry, without axis: String) -> String {
    let others = (entry.variant ?? []).filter { $0.axis != axis }.map { "\($0.axis)=\($0.value)" }
    return ([entry.testFile ?? "", entry.test, entry.name ?? ""] + others).joined(separator: "|")
  }

  private func title(_ entry: SnapshotCatalog.Entry) -> String {
    var parts = [entry.test]
    if let name = entry.name { parts.append(name) }
    if let number = entry.number { parts.append("#\(number)") }
    if let variant = entry.variant {
      parts.append(variant.map { "\($0.axis): \($0.value)" }.joined(separator: ", "))
    }
    return parts.joined(separator: " · ")
  }

  private func searchText(_ entry: SnapshotCatalog.Entry) -> String {
    ([entry.test, entry.name ?? "", entry.path]
      + (entry.variant ?? []).map { "\($0.axis)=\($0.value)" })
      .joined(separator: " ").lowercased()
  }

  private func folder(of path: String) -> String {
    (path as NSString).deletingLastPathComponent
  }

  /// A catalog's path (relative to the package, or absolute outside it) as an absolute path.
  private func absolute(_ relative: String) -> String {
    relative.hasPrefix("/") ? relative : packagePath + "/" + relative
  }

  private func text(at path: String) -> String? {
    // A read of the path alone: Foundation's `contents(atPath:)` also asks what the path is.
    guard let data = try? AtomicFile.read(path: absolute(path)) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  /// A file's address relative to the page's folder, each part percent-encoded.
  func link(_ path: String) -> String {
    let target = URL(fileURLWithPath: absolute(path)).standardizedFileURL.pathComponents
    let base = pageComponents
    var common = 0
    while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let down = target[common...].map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"]))
        ?? $0
    }
    return (up + down).joined(separator: "/")
  }

  /// An axis's name as part of an attribute name (`data-axis-<name>`), which the filters and
  /// the compare mode's options carry too, so the script never derives it again.
  private func safeAttribute(_ name: String) -> String {
    String(
      name.lowercased().unicodeScalars.map {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-"
      })
  }
}
