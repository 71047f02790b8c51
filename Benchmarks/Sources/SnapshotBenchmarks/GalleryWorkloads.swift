import Foundation
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// The catalog and gallery page of a large suite: 5,000 references, half text, half 256×256
/// PNGs (a theme × width matrix), with a failing run of 50; written by `snapshots gallery`, then
/// opened in headless Chromium (Debian's, through Playwright) when it is there.
enum GalleryWorkloads {
  static func rows() throws -> [Row] {
    let scratch = ScratchPackage("gallery")
    defer { scratch.remove() }
    let package = scratch.url
    try makePackage(package, references: 5_000)
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
    var rows = [
      Row(
        name: "catalog and gallery page of 5,000 references (2,500 text, 2,500 256×256 PNGs)",
        ours: best, theirs: nil, target: "< 2 s")
    ]
    let page = package.appendingPathComponent(".build/snapshots/gallery.html").path
    let script = SuitePackage.repository.appendingPathComponent("Tests/Browser/first_screen.py")
    if let chromium = ["/usr/bin/chromium"].first(where: FileManager.default.isExecutableFile),
      let output = try? ChildProcess.run(
        "/usr/bin/env", ["python3", script.path, chromium, page], capturingOutput: true,
        showingErrors: false),
      let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      rows.append(
        Row(
          name: "that page's first screen in headless Chromium (lazy images)", ours: seconds,
          theirs: nil, target: "< 1 s"))
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
