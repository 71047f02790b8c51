import Foundation
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// The catalog and gallery page of a large suite: 5,000 and 100,000 references, half text, half
/// 256×256 PNGs (a theme × width matrix), with a failing run of one in a hundred; written by
/// `snapshots gallery`, then opened and searched in headless Chromium (Debian's, through
/// Playwright) when it is there.
enum GalleryWorkloads {
  static func rows() throws -> [Row] {
    try [5_000, 100_000].flatMap(rows(references:))
  }

  private static func rows(references: Int) throws -> [Row] {
    let scratch = ScratchPackage("gallery")
    defer { scratch.remove() }
    let package = scratch.url
    try makePackage(package, references: references)
    var best = Double.infinity
    for _ in 0..<3 {
      let command = try SnapshotsCommand(
        parsing: ["gallery", "--package-directory", package.path], currentDirectory: package)
      let start = ContinuousClock.now
      guard command.run(print: { _ in }) == .success else {
        throw CocoaError(.fileWriteUnknown)
      }
      best = min(best, (ContinuousClock.now - start).seconds)
    }
    let size = references.formatted()
    var rows = [
      Row(
        name:
          "catalog and gallery page of \(size) references (half text, half 256×256 PNGs, 1% failed)",
        ours: best, theirs: nil, target: references > 5_000 ? "≤ 2 s" : "< 2 s")
    ]
    let page = package.appendingPathComponent(".build/snapshots/gallery.html").path
    let script = SuitePackage.repository.appendingPathComponent("Tests/Browser/first_screen.py")
    // The last text reference, which only the search draws.
    let words = "text\(references - 2).1.txt"
    if let chromium = ["/usr/bin/chromium"].first(where: FileManager.default.isExecutableFile),
      let output = try? ChildProcess.run(
        "/usr/bin/env", ["python3", script.path, chromium, page, words], capturingOutput: true,
        showingErrors: false)
    {
      let seconds = output.split(separator: "\n").compactMap { Double($0) }
      if seconds.count == 3 {
        rows.append(
          Row(
            name: "that page's first screen in headless Chromium", ours: seconds[0],
            theirs: nil, target: "≤ 1 s"))
        rows.append(
          Row(
            name: "that page loaded (every snapshot read, the search answering)",
            ours: seconds[1], theirs: nil, target: "—"))
        rows.append(
          Row(
            name: "a search on that page, drawn (the slower of typing and clearing it)",
            ours: seconds[2], theirs: nil, target: "≤ 0.1 s"))
      }
    }
    return rows
  }

  /// `__Snapshots__/File<n>Tests/` with a test file each; every other reference a PNG variant.
  private static func makePackage(_ package: URL, references: Int) throws {
    let images = try (0..<4).map { shade in
      try Image(width: 256, height: 256, filledWith: (UInt8(shade * 60), 90, 200, 255)).pngData()
    }
    let run = PendingStore.defaultDirectory(packageRoot: package).appendingPathComponent("test-1")
    for index in 0..<references {
      let file = "File\(index / 100)Tests"
      let folder = package.appendingPathComponent("Tests/AppTests/__Snapshots__/\(file)")
      if index % 100 == 0 {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// tests\n".utf8).write(
          to: package.appendingPathComponent("Tests/AppTests/\(file).swift"))
      }
      let name: String
      let data: Data
      if index % 2 == 0 {
        name = "text\(index).1.txt"
        data = Data("line one of \(index)\nline two\n".utf8)
      } else {
        let theme = index % 4 == 1 ? "light" : "dark"
        name = "card\(index / 4).theme=\(theme)_width=\(320 + index % 3 * 100).png"
        data = images[index % 4]
      }
      let reference = folder.appendingPathComponent(name)
      try data.write(to: reference)
      if index % 100 == 0 {
        try PendingStore.write(
          .file(
            PendingFileRecord(
              referencePath: reference.path, dataFile: "", testName: "t()",
              sourceFile: package.appendingPathComponent("Tests/AppTests/\(file).swift").path,
              line: 1)),
          data: index % 2 == 0 ? Data("changed\n".utf8) : images[(index + 1) % 4], in: run)
      }
    }
  }
}
