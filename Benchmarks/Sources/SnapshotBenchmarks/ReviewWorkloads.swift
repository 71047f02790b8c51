import Foundation
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// A review of 1,000 pending changes (800 text files, 100 PNGs, 100 inline snapshots in 10
/// test sources).
///
/// It measures the first screen, from reading the store to drawing, and each key after it
/// (accepting writes a reference or rewrites a source; skipping, moving and switching views
/// draw again). swift-snapshot-testing has no review.
enum ReviewWorkloads {
  static func rows() throws -> [Row] {
    let scratch = ScratchPackage("review")
    defer { scratch.remove() }
    let package = scratch.url
    try makePackage(package)
    let start = ContinuousClock.now
    var session = try ReviewSession(packageDirectory: package)
    _ = session.screen(width: 120, height: 40, colored: true)
    let firstScreen = (ContinuousClock.now - start).seconds
    // Accept, skip, next, view, in turn, each followed by its screen.
    var keys: [Double] = []
    var accepts: [Double] = []
    for byte in Array("asndasdn".utf8).cycled(to: 400) {
      guard !session.isFinished else { break }
      let keyStart = ContinuousClock.now
      session.handle(byte: byte)
      _ = session.screen(width: 120, height: 40, colored: true)
      let seconds = (ContinuousClock.now - keyStart).seconds
      keys.append(seconds)
      if byte == UInt8(ascii: "a") { accepts.append(seconds) }
    }
    keys.sort()
    return [
      Row(
        name: "review of 1,000 pending changes: first screen", ours: firstScreen, theirs: nil,
        target: "< 0.5 s"),
      Row(
        name: "that review: slowest of \(keys.count) keys (\(accepts.count) accepts)",
        ours: keys.last ?? 0, theirs: nil, target: "< 50 ms"),
      Row(
        name: "that review: median key", ours: keys.isEmpty ? 0 : keys[keys.count / 2],
        theirs: nil, target: "< 50 ms"),
    ]
  }

  private static func makePackage(_ package: URL) throws {
    let run = PendingStore.defaultDirectory(packageRoot: package).appendingPathComponent("test-1")
    let images = try (0..<2).map { shade in
      try Image(width: 256, height: 256, filledWith: (UInt8(shade * 200), 90, 200, 255)).pngData()
    }
    for file in 0..<10 {
      let name = "File\(file)Tests"
      let sourcePath = package.appendingPathComponent("Tests/AppTests/\(name).swift")
      var source = "import InlineSnapshots\nimport Testing\n\n"
      var calls: [(line: Int, text: String)] = []
      for index in 0..<10 {
        calls.append(
          (
            source.split(separator: "\n", omittingEmptySubsequences: false).count + 1,
            "value \(index)"
          ))
        source +=
          "@Test func inline\(index)() {\n  assertInlineSnapshot(of: \"value \(index)\", as: .lines)\n}\n\n"
      }
      try FileManager.default.createDirectory(
        at: sourcePath.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(source.utf8).write(to: sourcePath)
      let hash = ContentHash.of(source)
      for (index, call) in calls.enumerated() {
        try PendingStore.write(
          .inline(
            PendingInlineRecord(
              sourceFile: sourcePath.path, line: call.line, column: 3,
              functionName: "assertInlineSnapshot", closureLabel: "matches",
              trailingClosureIndex: 0, oldText: nil, newText: call.text, sourceHash: hash,
              testName: "inline\(index)()")), data: nil, in: run)
      }
      let folder = package.appendingPathComponent("Tests/AppTests/__Snapshots__/\(name)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for index in 0..<90 {
        let isImage = index >= 80
        let reference = folder.appendingPathComponent(
          "test\(index).1.\(isImage ? "png" : "txt")")
        let old =
          isImage ? images[0] : Data((0..<40).map { "line \($0) of \(index)\n" }.joined().utf8)
        let new =
          isImage
          ? images[1]
          : Data(
            String(decoding: old, as: UTF8.self).replacingOccurrences(
              of: "line 20 ", with: "line twenty "
            ).utf8)
        try old.write(to: reference)
        var record = PendingFileRecord(
          referencePath: reference.path, dataFile: "", testName: "test\(index)()",
          sourceFile: sourcePath.path, line: 1, sourceHash: hash)
        if isImage { record.summary = "65,536 of 65,536 pixels (100%) differ" }
        try PendingStore.write(.file(record), data: new, in: run)
      }
    }
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
  }
}

extension Array {
  /// The elements repeated until there are `count`.
  fileprivate func cycled(to count: Int) -> [Element] {
    (0..<count).map { self[$0 % self.count] }
  }
}
