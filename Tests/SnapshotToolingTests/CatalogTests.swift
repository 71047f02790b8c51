import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPNG
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// `snapshots catalog` writes every reference of a package with what it is (test, name or
/// number, variant, format, size, hash) and what the newest pending run says of it; read back.
@Suite struct CatalogTests {
  @Test func listsReferencesAndTheNewestRunsFailures() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    func write(_ path: String, _ data: Data) throws {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    let folder = "Tests/AppTests/__Snapshots__/CardTests/"
    try write("Tests/AppTests/CardTests.swift", Data("// tests\n".utf8))
    // A test target whose every reference is new: its `__Snapshots__` folder is not on disk yet.
    try write("Tests/OtherTests/OtherTests.swift", Data("// tests\n".utf8))
    let image = try Image(width: 3, height: 2, filledWith: (1, 2, 3, 255)).pngData()
    try write(folder + "card.theme=dark_width=768.png", image)
    try write(folder + "card.1.txt", Data("one".utf8))
    try write(folder + "card.email.txt", Data("mail".utf8))
    try write(
      ".build/snapshot-artifacts/Tests/AppTests/__Snapshots__/CardTests/card.theme=dark_width=768.difference.png",
      image)
    let run = PendingStore.defaultDirectory(packageRoot: package.url)
      .appendingPathComponent("test-1")
    for (name, test) in [("card.theme=dark_width=768.png", "card()"), ("fresh.1.txt", "fresh()")] {
      try PendingStore.write(
        .file(
          PendingFileRecord(
            referencePath: root + "/" + folder + name, dataFile: "", testName: test,
            sourceFile: root + "/Tests/AppTests/CardTests.swift", line: 3)),
        data: Data("actual".utf8), in: run)
    }
    try PendingStore.write(
      .file(
        PendingFileRecord(
          referencePath: root + "/Tests/OtherTests/__Snapshots__/OtherTests/first.1.txt",
          dataFile: "", testName: "first()",
          sourceFile: root + "/Tests/OtherTests/OtherTests.swift", line: 3)),
      data: Data("actual".utf8), in: run)

    var lines: [String] = []
    let command = try SnapshotsCommand(
      parsing: ["catalog", "--package-directory", package.path], currentDirectory: package.url)
    #expect(command.run(print: { lines.append($0) }) == .success)
    #expect(
      lines == [
        "Wrote .build/snapshots/snapshot-catalog.json: 5 snapshots, 3 failed or new."
      ])
    let data = try Data(
      contentsOf: SnapshotCatalog.defaultFile(packageRoot: package.url))
    let catalog = try JSONDecoder().decode(SnapshotCatalog.self, from: data)
    #expect(catalog.version == 1 && catalog.run == "test-1")
    #expect(
      catalog.snapshots.map(\.path) == [
        folder + "card.1.txt", folder + "card.email.txt", folder + "card.theme=dark_width=768.png",
        folder + "fresh.1.txt", "Tests/OtherTests/__Snapshots__/OtherTests/first.1.txt",
      ])
    let (numbered, named, variant, fresh) = (
      catalog.snapshots[0], catalog.snapshots[1], catalog.snapshots[2], catalog.snapshots[3]
    )
    #expect(numbered.test == "card" && numbered.number == 1 && numbered.name == nil)
    #expect(numbered.testFile == "Tests/AppTests/CardTests.swift")
    #expect(numbered.format == "txt" && numbered.bytes == 3 && numbered.status == .unchanged)
    #expect(numbered.hash == ContentHash.of(Data("one".utf8)))
    #expect(named.name == "email" && named.number == nil)
    #expect(
      variant.variant == [.init(axis: "theme", value: "dark"), .init(axis: "width", value: "768")])
    #expect(variant.image == .init(width: 3, height: 2) && variant.status == .failed)
    #expect(variant.actual?.hasPrefix(".build/snapshots/pending/test-1/") == true)
    #expect(
      variant.difference
        == ".build/snapshot-artifacts/Tests/AppTests/__Snapshots__/CardTests/card.theme=dark_width=768.difference.png"
    )
    #expect(fresh.status == .new && fresh.bytes == 0 && fresh.hash == nil)
    #expect(fresh.testFile == "Tests/AppTests/CardTests.swift")
    #expect(catalog.snapshots[4].testFile == "Tests/OtherTests/OtherTests.swift")
    #expect(String(decoding: data, as: UTF8.self).contains("\"status\" : \"failed\""))
  }

  /// Tests run with `SNAPSHOT_ARTIFACTS` write actual values and differences there: the
  /// catalog, run with the same environment, finds them there.
  @Test func theCatalogLooksForArtifactsWhereTheTestsWroteThem() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let artifacts = try TemporaryDirectory()
    defer { artifacts.remove() }
    let root = package.url.standardizedFileURL.path
    let folder = "Tests/AppTests/__Snapshots__/CardTests"
    try package.write("// tests\n", at: root + "/Tests/AppTests/CardTests.swift")
    try package.write("one\n", at: root + "/\(folder)/card.1.txt")
    let configured = artifacts.url.standardizedFileURL.path
    try package.write("two\n", at: configured + "/\(folder)/card.1.txt")
    try package.write("diff\n", at: configured + "/\(folder)/card.1.difference.txt")
    try PendingStore.write(
      .file(
        PendingFileRecord(
          referencePath: root + "/\(folder)/card.1.txt", dataFile: "", testName: "card()",
          sourceFile: root + "/Tests/AppTests/CardTests.swift", line: 3)),
      data: Data("two\n".utf8),
      in: PendingStore.defaultDirectory(packageRoot: package.url).appendingPathComponent("test-1"))
    let catalog = try SnapshotCatalog.build(
      packageDirectory: package.url, environment: ["SNAPSHOT_ARTIFACTS": configured])
    let card = try #require(catalog.snapshots.first)
    #expect(card.status == .failed)
    #expect(card.actual == configured + "/\(folder)/card.1.txt")
    #expect(card.difference == configured + "/\(folder)/card.1.difference.txt")
    let unset = try SnapshotCatalog.build(packageDirectory: package.url, environment: [:])
    #expect(unset.snapshots.first?.difference == nil)
    #expect(unset.snapshots.first?.actual?.hasPrefix(".build/snapshots/pending/test-1/") == true)
  }

  /// A failing inline snapshot and a new one are in the catalog and in the gallery's review,
  /// with their diff or text and the command that accepts them.
  @Test func inlineSnapshotsOfTheRunAreReviewed() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    let source = root + "/Tests/AppTests/InlineTests.swift"
    let store = PendingStore.defaultDirectory(packageRoot: package.url)
    // The new one was left by an older run (a later `swift test --filter` left the other): the
    // gallery shows what `--apply-only` would apply, every run's.
    for (run, line, old, new) in [
      ("test-0", 9, nil, "fresh"), ("test-1", 5, "Hello\nold", "Hello\nnew"),
    ] {
      try PendingStore.write(
        .inline(
          PendingInlineRecord(
            sourceFile: source, line: line, column: 3, functionName: "assertInlineSnapshot",
            closureLabel: "matches", trailingClosureIndex: 0, oldText: old, newText: new,
            sourceHash: "0", testName: "greeting()")), data: nil,
        in: store.appendingPathComponent(run))
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: run == "test-0" ? -60 : 0)],
        ofItemAtPath: store.appendingPathComponent(run).path)
    }
    let command = try SnapshotsCommand(
      parsing: ["gallery", "--package-directory", package.path], currentDirectory: package.url)
    var lines: [String] = []
    #expect(command.run(print: { lines.append($0) }) == .success)
    #expect(lines.first?.contains("2 snapshots (2 to review)") == true, "\(lines)")
    let catalog = try SnapshotCatalog.build(packageDirectory: package.url)
    #expect(
      catalog.snapshots.map(\.path) == [
        "Tests/AppTests/InlineTests.swift:5", "Tests/AppTests/InlineTests.swift:9",
      ])
    #expect(catalog.snapshots[0].status == .failed && catalog.snapshots[1].status == .new)
    #expect(
      catalog.snapshots[0].inline == .init(line: 5, column: 3, old: "Hello\nold", new: "Hello\nnew")
    )
    let html = try GalleryMarkup.snapshots(
      ofPage: String(contentsOfFile: root + "/.build/snapshots/gallery.html", encoding: .utf8))
    #expect(
      html.hasPrefix(
        "<article class=\"snapshot\" data-snapshot=\"Tests/AppTests/InlineTests.swift:5\" data-status=\"failed\""
      ), "review first")
    #expect(html.contains("<span class=\"remove\">-old</span>"))
    #expect(html.contains("<span class=\"add\">+new</span>"))
    #expect(html.contains("<pre class=\"text\">fresh</pre>"))
    #expect(html.contains("--apply-only --filter &#39;^greeting\\(\\)$&#39;"), "\(html)")
  }

  @Test func aPackageFolderThatIsNotThereIsAUsageErrorAndNothingIsWritten() throws {
    let parent = try TemporaryDirectory()
    defer { parent.remove() }
    let missing = parent.url.appendingPathComponent("NoSuchPackage")
    for verb in ["catalog", "gallery"] {
      var lines: [String] = []
      let command = try SnapshotsCommand(
        parsing: [verb, "--package-directory", missing.path], currentDirectory: parent.url)
      #expect(command.run(print: { lines.append($0) }) == .usage)
      #expect(lines == ["error: \(missing.path): no such package folder"])
    }
    #expect(try parent.contents().isEmpty)
  }
}
