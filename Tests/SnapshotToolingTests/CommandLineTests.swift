import Foundation
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The `snapshots` command line and the orphan scan.
@Suite struct CommandLineTests {
  let here = URL(fileURLWithPath: "/work/App", isDirectory: true)

  @Test func eachVerbTakesItsOwnOptions() throws {
    let record = try SnapshotsCommand(
      parsing: [
        "record", "--test-binary", "/b/AppPackageTests.xctest", "--filter", "User", "--dry-run",
      ],
      currentDirectory: here)
    guard case .run(.record, let options) = record else {
      Issue.record("not record: \(record)")
      return
    }
    #expect(options.testBinary == "/b/AppPackageTests.xctest")
    #expect(options.filter == "User")
    #expect(options.dryRun && !options.prune && !options.quiet)
    #expect(options.package == here)
    let apply = try SnapshotsCommand(
      parsing: ["apply", "--quiet", "--from", "s1", "--from", "/tmp/s2"], currentDirectory: here)
    guard case .run(.apply, let applying) = apply else {
      Issue.record("not apply: \(apply)")
      return
    }
    #expect(applying.quiet && !applying.includeInterrupted)
    #expect(applying.shards.map(\.path) == ["/work/App/s1", "/tmp/s2"])
    let info = try SnapshotsCommand(parsing: ["info", "x.png"], currentDirectory: here)
    guard case .run(.info, let described) = info else {
      Issue.record("not info: \(info)")
      return
    }
    #expect(described.file == "/work/App/x.png")
  }

  @Test(arguments: [
    (["record"], "Error: Missing expected argument '--test-binary <test-binary>'"),
    (["apply", "--prune"], "Error: Unknown option '--prune'"),
    (["migrate", "--quiet"], "Error: Unknown option '--quiet'"),
    (["gallery", "--dry-run"], "Error: Unknown option '--dry-run'"),
    (
      ["apply", "--package-directory"],
      "Error: Missing value for '--package-directory <package-directory>'"
    ),
    (["apply", "--force"], "Error: Unknown option '--force'"),
    (["frobnicate"], "Error: Unexpected argument 'frobnicate'"),
    (["apply", "--browser"], "Error: --browser goes only with --review"),
    (
      ["show", "abc", "--new", "--old"],
      "Error: --diff, --new and --old each show the change alone: give one of them"
    ),
    (
      ["stability", "--test-binary", "b", "--runs", "1"],
      "Error: '--runs' takes a whole number of at least 2, not '1'"
    ),
    (
      ["stability", "--test-binary", "b", "--runs=three"],
      "Error: '--runs' takes a whole number of at least 2, not 'three'"
    ),
  ])
  func usageErrorsSayWhatIsWrong(arguments: [String], message: String) {
    #expect {
      try SnapshotsCommand(parsing: arguments, currentDirectory: here)
    } throws: { error in
      guard let usage = error as? SnapshotsCommand.UsageError else { return false }
      return usage.description.hasPrefix(message) && !usage.isHelp
    }
  }

  @Test(arguments: [["--help"], ["record", "--help"], ["help", "apply"], []])
  func helpIsAskedFor(arguments: [String]) {
    #expect {
      try SnapshotsCommand(parsing: arguments, currentDirectory: here)
    } throws: { error in
      guard let usage = error as? SnapshotsCommand.UsageError else { return false }
      return usage.isHelp && usage.description.contains("USAGE: snapshots")
    }
  }

  @Test func orphansAreUnusedReferencesWhoseTestIsGone() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let files = [
      "Tests/A/__Snapshots__/ATests/used.1.txt", "Tests/A/__Snapshots__/ATests/gone.1.txt",
      "Tests/A/__Snapshots__/ATests/skipped.1.txt", "Tests/A/__Snapshots__/ATests/other.1.txt",
      "Tests/A/__Snapshots__/ATests/cases-n-1.1.txt", "Tests/A/__Snapshots__/ATests/cases-n/x.png",
      // A `snapshotDirectory:` inside the folder, named after a test that exists.
      "Tests/A/__Snapshots__/ATests/custom/skipped.1.txt",
      // Another environment's reference of a test that exists, and of one that is gone.
      "Tests/A/__Snapshots__/ATests/used.1.macos-arm64.png",
      "Tests/A/__Snapshots__/ATests/gone.1.macos-arm64.png",
      // Named after their suites (`.suiteQualified`): a test that exists, and one that is gone.
      "Tests/A/__Snapshots__/ATests/Outer.Inner.used.1.txt",
      "Tests/A/__Snapshots__/ATests/Outer.gone.1.txt",
      "Tests/A/__Snapshots__/Deleted/any.1.txt", "Tests/A/__Snapshots__/.editorconfig",
      "Tests/A/notes.txt", ".build/checkouts/x/Tests/__Snapshots__/T/t.1.txt",
    ]
    for file in files {
      let url = package.file(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: url)
    }
    try Data(
      """
      final class ATests: XCTestCase { func used() {} }
      #if os(Windows)
        @Test func skipped() {}
      #else
        @Test(arguments: [1]) func cases(n: Int) {}
      #endif
      func otherwise() {}

      """.utf8
    ).write(to: package.file("Tests/A/ATests.swift"))
    let used: Set = [package.file(files[0]).standardizedFileURL.path]
    #expect(
      OrphanScan.scan(in: package.url, used: used).orphans
        == [
          "Tests/A/__Snapshots__/ATests/Outer.gone.1.txt",
          "Tests/A/__Snapshots__/ATests/gone.1.macos-arm64.png",
          "Tests/A/__Snapshots__/ATests/gone.1.txt",
          "Tests/A/__Snapshots__/ATests/other.1.txt",
          "Tests/A/__Snapshots__/Deleted/any.1.txt",
        ].map { package.file($0).standardizedFileURL.path })
  }

  /// A case of a parameterized test whose arguments are gone (a fixture renamed) is an orphan
  /// when other cases of that test ran; one with a reference used, or of a test that ran no
  /// case, is kept.
  @Test func aGoneCaseIsAnOrphan() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let folder = "Tests/A/__Snapshots__/FixtureTests/"
    let used = ["render-_-a-md-11111111.1.txt", "Suite.render-_-b-md-22222222.1.txt"]
    let kept = [
      "render-_-a-md-11111111.2.txt", "render-_-a-md-11111111.1.macos-arm64.png",
      "pages-n-1.1.txt", "render-_.1.txt", "Suite.render-_.named.txt",
    ]
    let gone = ["render-_-old-md-33333333.1.txt", "Suite.render-_-c-md-44444444.1.txt"]
    for name in used + kept + gone {
      try FileManager.default.createDirectory(
        at: package.file(folder), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: package.file(folder + name))
    }
    try Data(
      """
      @Test(arguments: try fixtures(in: "Fixtures")) func render(_ fixture: Fixture) {}
      @Test(arguments: [1, 2]) func pages(n: Int) {}

      """.utf8
    ).write(to: package.file("Tests/A/FixtureTests.swift"))
    let path = { (name: String) in package.file(folder + name).standardizedFileURL.path }
    #expect(
      OrphanScan.scan(in: package.url, used: Set(used.map(path))).orphans == gone.sorted().map(path)
    )
  }
}
