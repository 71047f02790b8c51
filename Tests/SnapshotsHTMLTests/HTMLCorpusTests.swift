import Foundation
@_spi(Tooling) import SnapshotsHTML
import TestSupport
import Testing

/// The corpus's properties: normalising never crashes and changes nothing the second time;
/// two spellings a browser cannot tell apart snapshot the same; the outline of the normalised
/// page is the page's; and the text xmllint reads from the page is the text of the snapshot.
@Suite struct HTMLCorpusTests {
  static let twins = HTMLCorpus.generated()
  static let pages =
    twins.map { ($0.name, $0.compact) } + twins.map { ($0.name + " loose", $0.loose) }
    + HTMLCorpus.plot() + HTMLCorpus.malformed() + HTMLCorpus.applications()
    + HTMLCorpus.elements()

  func html(_ page: String, sortingClasses: Bool = false) throws -> String {
    try HTMLSnapshotText.html(page, sortingClasses: sortingClasses)
  }

  func outline(_ page: String) throws -> String { try HTMLSnapshotText.outline(page) }

  @Test func theCorpusHasFortyPagesAtLeast() {
    #expect(Self.pages.count >= 40, "\(Self.pages.count) pages")
  }

  @Test(arguments: pages.map(\.0))
  func normalisingIsIdempotentAndKeepsTheOutline(_ name: String) throws {
    let page = try #require(Self.pages.first { $0.0 == name }?.1)
    let once = try html(page)
    #expect(try html(once) == once, "normalising \(name) again changed it")
    #expect(try outline(once) == outline(page), "the outline of \(name) changed")
    for sorted in [try html(page, sortingClasses: true)] {
      #expect(try html(sorted, sortingClasses: true) == sorted)
    }
  }

  @Test(arguments: twins.map(\.name))
  func twoSpellingsOfOnePageSnapshotTheSame(_ name: String) throws {
    let twins = try #require(Self.twins.first { $0.name == name })
    #expect(try html(twins.compact) == html(twins.loose))
    #expect(try outline(twins.compact) == outline(twins.loose))
  }

  @Test func plotsCompactAndIndentedPagesSnapshotTheSame() throws {
    let pages = HTMLCorpus.plot()
    for index in stride(from: 0, to: pages.count, by: 2) {
      #expect(
        try outline(pages[index].html) == outline(pages[index + 1].html), "\(pages[index].name)")
    }
  }

  /// xmllint (libxml2-utils) reads each page's text, and the snapshot's: the same characters,
  /// whitespace aside, so nothing was dropped, doubled or escaped twice.
  @Test(arguments: pages.map(\.0).filter { !$0.contains("five megabytes") })
  func xmllintReadsTheSameTextFromThePageAndItsSnapshot(_ name: String) throws {
    guard let xmllint = Self.xmllint else {
      print("skipped: xmllint is not installed (Debian: libxml2-utils)")
      return
    }
    let page = try #require(Self.pages.first { $0.0 == name }?.1)
    let snapshot = try html(page)
    let original = try Self.text(of: page, xmllint: xmllint)
    let normalised = try Self.text(of: snapshot, xmllint: xmllint)
    #expect(original == normalised)
  }

  static let xmllint: URL? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"]
    .map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// The page's text, as xmllint's `string(/)` reads it, without whitespace.
  static func text(of page: String, xmllint: URL) throws -> String {
    let folder = FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("corpus-\(UUID().uuidString).html")
    // Without a byte order mark, xmllint reads a page that names no encoding as Latin-1.
    try Data(("\u{FEFF}" + page).utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // Its complaints about the page go to standard error, which is not the page's text.
    let run = try Command(
      "sh",
      [
        "-c", #""$0" --html --huge --nowarning --xpath 'string(/)' "$1" 2>/dev/null"#,
        xmllint.path, file.path,
      ],
      in: folder)
    return run.output.filter { !$0.isWhitespace }
  }

  @Test func aPageNestedTenThousandDeepIsWrittenInLinearSize() throws {
    let page = String(repeating: "<div>", count: 10_000) + "deep"
    let text = try html(page)
    #expect(text.split(separator: "\n").count == 19_999)
    // Indentation stops growing at 100 levels.
    #expect(text.utf8.count < 10_000 * 2 * (2 * 100 + 12))
    #expect(try outline(page) == "- text: deep\n")
  }
}
