import Foundation
import TestSupport
import Testing

/// Variants and the gallery as a user meets them: a test across theme × width records a PNG
/// per variant, a change fails one variant, `snapshot-record --gallery-only` writes the page with that
/// variant to review, and `snapshot-record --gallery` accepts it and writes the page again.
struct GalleryPlugin {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/VariantTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/VariantTests/"

  static func source(darkBlue: Int) -> String {
    """
    import Snapshots
    import SnapshotsPNG
    import Testing

    @Test func card() {
      assertSnapshots(
        of: { variant in
          let dark = variant["theme"] == "dark"
          let width = Int(variant["width"]!)! / 40
          return try Image(width: width, height: 4, filledWith: dark ? (20, 20, \(darkBlue), 255) : (250, 250, 250, 255))
        },
        as: .png,
        across: Variants(["theme": ["light", "dark"], "width": [320, 768]]))
    }

    """
  }

  func run() throws {
    try package.write(Self.test, Self.source(darkBlue: 40))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
    }
    let first = try package.swift(["test", "--filter", "card"])
    #expect(
      first.status != 0 && first.output.contains("[theme: dark, width: 768] Recorded snapshot"))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path
    ).sorted()
    #expect(
      names == [
        "card.theme=dark_width=320.png", "card.theme=dark_width=768.png",
        "card.theme=light_width=320.png", "card.theme=light_width=768.png",
      ])
    #expect(try package.swift(["test", "--filter", "card"]).status == 0)

    // Where a reference was recorded, through the plugin (the tool's one build): nothing written.
    let info = try package.swift([
      "package", "--allow-writing-to-package-directory", "snapshot-record", "--info",
      Self.folder + "card.theme=dark_width=320.png",
    ])
    #expect(info.status == 0, "\(info.output)")
    #expect(info.output.contains("card.theme=dark_width=320.png: recorded on "), "\(info.output)")

    // The dark theme changes: both dark variants fail, each on its own.
    try package.write(Self.test, Self.source(darkBlue: 90))
    let failing = try package.swift(["test", "--filter", "card"])
    #expect(failing.status != 0)
    #expect(failing.output.contains("[theme: dark, width: 320] The snapshot does not match"))
    #expect(failing.output.contains("[theme: dark, width: 768] The snapshot does not match"))
    #expect(!failing.output.contains("[theme: light"))

    let gallery = try package.swift([
      "package", "--allow-writing-to-package-directory", "snapshot-record", "--gallery-only",
    ])
    #expect(gallery.status == 0, "\(gallery.output)")
    #expect(gallery.output.contains("(2 to review): file://"), "\(gallery.output)")
    let page = try GalleryMarkup.snapshots(ofPage: package.read(".build/snapshots/gallery.html"))
    #expect(
      page.contains(
        "data-snapshot=\"\(Self.folder)card.theme=dark_width=768.png\" data-status=\"failed\""))
    #expect(
      page.contains(
        "data-snapshot=\"\(Self.folder)card.theme=light_width=320.png\" data-status=\"unchanged\""
      ))
    let catalog = try package.read(".build/snapshots/snapshot-catalog.json")
    #expect(catalog.contains("\"axis\" : \"theme\"") && catalog.contains("\"status\" : \"failed\""))

    // The page's accept command for one variant, run as the user would paste it: only that
    // reference changes, and the other stays to review.
    let dark768 = Self.folder + "card.theme=dark_width=768.png"
    let marker = "data-snapshot=\"\(dark768)\""
    let item = try #require(page.range(of: marker)).upperBound
    let attribute = try #require(page.range(of: "data-command=\"", range: item..<page.endIndex))
    let end = try #require(page.range(of: "\"", range: attribute.upperBound..<page.endIndex))
    let command = page[attribute.upperBound..<end.lowerBound].replacingOccurrences(
      of: "&#39;", with: "'")
    let prefix = "swift package --allow-writing-to-package-directory snapshot-record "
    #expect(command.hasPrefix(prefix + "--apply-only --filter '^"), "\(command)")
    let pattern = String(command.dropFirst((prefix + "--apply-only --filter '").count).dropLast())
    let before = try package.read(Self.folder + "card.theme=dark_width=320.png")
    let accepted = try package.snapshotRecord("--apply-only", "--filter", pattern)
    #expect(accepted.status == 0, "\(accepted.output)")
    #expect(accepted.output.contains("Recorded 1 file snapshot"), "\(accepted.output)")
    #expect(try package.read(Self.folder + "card.theme=dark_width=320.png") == before)
    let again = try package.swift([
      "package", "--allow-writing-to-package-directory", "snapshot-record", "--gallery-only",
    ])
    #expect(again.output.contains("(1 to review)"), "\(again.output)")

    // Accepting the rest and writing the page again: nothing left to review.
    let recorded = try package.snapshotRecord("--filter", "card", "--gallery")
    #expect(recorded.status == 0, "\(recorded.output)")
    #expect(recorded.output.contains("(0 to review)"), "\(recorded.output)")
    #expect(try package.swift(["test", "--filter", "card"]).status == 0)
  }
}
