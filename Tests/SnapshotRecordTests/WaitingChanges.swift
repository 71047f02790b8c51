import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

/// Pending changes as a user leaves them: nine text changes and an image left by a failing
/// `swift test` survive a `snapshot-record` filtered to another test; a group's id too short
/// says how long one must be; files of the store damaged afterwards (a data file cut short, one
/// replaced by another change's, an image's cut short, a record cut short) are refused, named,
/// kept and written nowhere, while the other changes are applied; a full run then records them.
struct WaitingChanges {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/WaitingTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/WaitingTests/"
  static let store = ".build/snapshots/pending"

  static func source(_ version: Int) -> String {
    var lines = [
      "import Snapshots", "import SnapshotsPNG", "import Testing", "", "let v = \(version)", "",
    ]
    for index in 0..<9 {
      lines.append(
        "@Test func waitingText\(index)() { assertSnapshot(of: \"text \(index) \\(v)\", as: .lines) }"
      )
    }
    lines += [
      "@Test func waitingImage() throws {",
      "  let red: UInt8 = v > 1 ? 255 : 0",
      "  assertSnapshot(of: try Image(width: 64, height: 64, filledWith: (red, 0, 0, 255)), as: .png)",
      "}",
      "@Test func waitingElsewhere() { assertSnapshot(of: \"elsewhere\", as: .lines) }",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  func run() throws {
    try package.write(Self.test, Self.source(1))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove(Self.store)
    }
    let recorded = try package.snapshotRecord("--filter", "waiting")
    #expect(recorded.status == 0, "\(recorded.output)")
    let image = try Data(contentsOf: url(Self.folder + "waitingImage.1.png"))
    try package.write(Self.test, Self.source(2))
    #expect(try package.swift(["test", "--filter", "waiting"]).status != 0)

    // Recording another test leaves the ten changes pending.
    let elsewhere = try package.snapshotRecord("--filter", "waitingElsewhere")
    #expect(elsewhere.status == 0, "\(elsewhere.output)")
    #expect(
      elsewhere.output.contains(
        "Left pending: 10 changes of earlier runs, whose assertions this run did not run"),
      "\(elsewhere.output)")
    let pending = try package.snapshotRecord("--pending")
    #expect(pending.output.contains("10 pending changes"), "\(pending.output)")

    // `g` alone is no group's id: it says how long one must be, and changes nothing.
    let short = try package.snapshotRecord("--accept", "g")
    #expect(short.status != 0, "\(short.output)")
    #expect(
      short.output.contains(
        "the id g is too short: give at least 4 characters of a change's id (12 hex digits) or of a group's (g and 11 hex digits)"
      ), "\(short.output)")
    #expect(try package.snapshotRecord("--pending").output.contains("10 pending changes"))

    try damagedFilesAreRefused(image: image)
  }

  private func damagedFilesAreRefused(image: Data) throws {
    let cut = try dataFile(of: "waitingText0()")
    try truncate(cut)
    let swapped = try dataFile(of: "waitingText1()")
    try Data(contentsOf: try dataFile(of: "waitingText2()")).write(to: swapped)
    let png = try dataFile(of: "waitingImage()")
    try truncate(png)
    let record = try recordFile(of: "waitingText3()")
    try truncate(record)

    let applied = try package.snapshotRecord("--apply-only")
    #expect(applied.status == 1, "\(applied.output)")
    // As messages write a file of the store: relative to the package.
    let relative = { (file: URL) in
      [Self.store, file.deletingLastPathComponent().lastPathComponent, file.lastPathComponent]
        .joined(separator: "/")
    }
    for (test, file, damage) in [
      (
        "waitingText0", cut,
        "holds 4 bytes, not the 8 recorded (cut short, or another change's); nothing is written from it: run the tests again (snapshot-record) to record it anew"
      ),
      ("waitingText1", swapped, "holds other bytes than those recorded (its SHA-256 differs)"),
      ("waitingImage", png, "holds "),
    ] {
      let ext = test == "waitingImage" ? "png" : "txt"
      #expect(
        applied.output.contains(
          "Refused \(Self.folder)\(test).1.\(ext): its pending data \(relative(file)) \(damage)"),
        "\(test): \(applied.output)")
    }
    #expect(
      applied.output.contains(
        "Refused \(relative(record)): this pending record cannot be read"), "\(applied.output)")
    #expect(applied.output.contains("run the tests again"))
    // Nothing of what is damaged is written; the rest is.
    for index in 0..<9 {
      let version = [0, 1, 3].contains(index) ? 1 : 2
      #expect(
        try package.read(Self.folder + "waitingText\(index).1.txt") == "text \(index) \(version)")
    }
    #expect(try Data(contentsOf: url(Self.folder + "waitingImage.1.png")) == image)
    for file in [cut, swapped, png, record] {
      #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) kept")
    }

    // As the refusal says: a run of every test records them anew and replaces the damaged run.
    let again = try package.snapshotRecord()
    #expect(again.status == 0, "\(again.output)")
    for index in 0..<9 {
      #expect(try package.read(Self.folder + "waitingText\(index).1.txt") == "text \(index) 2")
    }
    #expect(try Data(contentsOf: url(Self.folder + "waitingImage.1.png")) != image)
    #expect(try package.snapshotRecord("--pending").output.contains("No pending snapshots."))
  }

  private func url(_ path: String) -> URL { package.folder.url.appendingPathComponent(path) }

  private func truncate(_ file: URL) throws {
    let bytes = try Data(contentsOf: file)
    try bytes.prefix(bytes.count / 2).write(to: file)
  }

  /// The store's record files, with the records they hold.
  private func records() throws -> [(URL, PendingRecord)] {
    var found: [(URL, PendingRecord)] = []
    for run in PendingStore.runs(in: url(Self.store)) {
      for name in try FileManager.default.contentsOfDirectory(atPath: run.path)
      where name.hasSuffix(".record") {
        let file = run.appendingPathComponent(name)
        found.append(
          (file, try JSONDecoder().decode(PendingRecord.self, from: Data(contentsOf: file))))
      }
    }
    return found
  }

  private func recordFile(of test: String) throws -> URL {
    try #require(try records().first { testName(of: $0.1) == test }?.0)
  }

  private func testName(of record: PendingRecord) -> String {
    switch record {
    case .file(let file): file.testName
    case .inline(let call): call.testName
    }
  }

  private func dataFile(of test: String) throws -> URL {
    let (url, record) = try #require(try records().first { testName(of: $0.1) == test })
    let file: PendingFileRecord? = if case .file(let file) = record { file } else { nil }
    return url.deletingLastPathComponent().appendingPathComponent(try #require(file).dataFile)
  }
}
