import Foundation
@_spi(Tooling) import Snapshots
import Synchronization
import TestSupport
import Testing

/// One assertion across a matrix of named axes: a reference per variant, named by its axes'
/// values, each failing variant reported on its own.
@Suite struct VariantTests {
  enum Theme: String, CaseIterable, Sendable { case light, dark }

  static let theme = VariantAxis<Theme>("theme")
  static let width = VariantAxis("width", [320, 768])

  /// What a component renders in a variant: a stand-in for a view.
  static func card(_ variant: Variant) -> String {
    "\(variant[theme].rawValue) card, \(variant[width]) points wide"
  }

  @Test func everyCombinationGetsAReferenceNamedByItsValues() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let variants = Variants(Self.theme, Self.width)
    #expect(variants.all.map(\.description).first == "theme: light, width: 320")
    let recorded = verifySnapshots(
      of: Self.card, as: .lines, across: variants, record: .missing,
      snapshotDirectory: folder.path, testName: "card()")
    #expect(recorded.count == 4, "a first run records each variant and fails")
    #expect(
      try folder.contents() == [
        "card.theme=dark_width=320.txt", "card.theme=dark_width=768.txt",
        "card.theme=light_width=320.txt", "card.theme=light_width=768.txt",
      ])
    #expect(try folder.text("card.theme=dark_width=768.txt") == "dark card, 768 points wide")
    #expect(
      verifySnapshots(
        of: Self.card, as: .lines, across: variants, record: .never,
        snapshotDirectory: folder.path, testName: "card()"
      ).isEmpty)
  }

  @Test func eachFailingVariantFailsOnItsOwn() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let variants = Variants(Self.theme, Self.width)
    _ = verifySnapshots(
      of: Self.card, as: .lines, across: variants, record: .missing,
      snapshotDirectory: folder.path, testName: "card()")
    let failures = verifySnapshots(
      of: { variant in
        variant[Self.theme] == .dark && variant[Self.width] == 768
          ? "dark card, too wide" : Self.card(variant)
      }, as: .lines, across: variants, record: .never, snapshotDirectory: folder.path,
      testName: "card()")
    #expect(failures.count == 1)
    let message = try #require(failures.first)
    #expect(message.key["theme"] == "dark" && message.key["width"] == "768")
    #expect(message.value.hasPrefix("[theme: dark, width: 768] The snapshot does not match"))
    #expect(message.value.contains("+dark card, too wide"))
  }

  @Test func literalAxesAndANameGoBeforeTheVariant() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let variants = Variants(["locale": ["en-US", "pt_BR"], "size": [1.5]])
    _ = verifySnapshots(
      of: { variant in "\(variant["locale"]!) at \(variant["size"]!)" }, as: .lines,
      across: variants, named: "banner", record: .missing, snapshotDirectory: folder.path,
      testName: "banner()")
    #expect(
      try folder.contents() == [
        "banner.banner.locale=en-US_size=1-5.txt", "banner.banner.locale=pt-BR_size=1-5.txt",
      ])
  }

  @Test func labelsThatNameOneFileAreRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let failures = verifySnapshots(
      of: { _ in "x" }, as: .lines, across: Variants(["mode": ["a b", "a-b"]]), record: .missing,
      snapshotDirectory: folder.path, testName: "modes()")
    #expect(
      failures.values.contains {
        $0.contains("[mode: a-b] has the same file name as [mode: a b] (mode=a-b)")
      }, "\(failures)")
    #expect(try folder.contents() == ["modes.mode=a-b.txt"])
  }

  static let clashLine = 97

  /// Asserts across labels that name one file, and an assertion that matches; run only by the
  /// test below, with a failure log.
  @Test(.enabled(if: Probe.isRunning("clashingVariantsProbe")))
  func clashingVariantsProbe() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    assertSnapshots(  // `clashLine`
      of: { _ in "x" }, as: .lines, across: Variants(["mode": ["a b", "a-b"]]),
      record: .missing, snapshotDirectory: folder.path)
  }

  /// A refused variant reaches `snapshot-record` as the kind it is, like every failure.
  @Test func aRefusedVariantIsLoggedWithItsKind() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let log = folder.file("failures.jsonl")
    let probe = try await Probe.run(
      "clashingVariantsProbe", environment: [FailureLog.variable: log.path])
    #expect(probe.status != 0, "\(probe.output)")
    let entries = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
      try JSONDecoder().decode(FailureLog.Entry.self, from: Data($0.utf8))
    }
    #expect(
      entries.contains {
        $0.kind == .nameConflict && $0.file == "\(#filePath)" && $0.line == Self.clashLine
          && $0.message?.contains("has the same file name as") == true
      }, "\(entries)")
  }

  /// A parameterized test's arguments and the variant both name the file.
  @Test(arguments: ["EUR", "USD"]) func parameterized(currency: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshots(
      of: { variant in "\(currency) at \(variant[Self.width])" }, as: .lines,
      across: Variants(Self.width), record: .missing, snapshotDirectory: folder.path)
    #expect(
      try folder.contents() == [
        "parameterized-currency-\(currency).width=320.txt",
        "parameterized-currency-\(currency).width=768.txt",
      ])
  }

  /// Records with `SNAPSHOT_TESTING_RECORD=failed` from the environment; run by the test below.
  @Test(.enabled(if: Probe.isRunning("variantsRecordProbe")))
  func variantsRecordProbe() {
    let folder = ProcessInfo.processInfo.environment["VARIANTS_FOLDER"] ?? ""
    assertSnapshots(
      of: { variant in "\(variant[Self.theme]) v2" }, as: .lines, across: Variants(Self.theme),
      snapshotDirectory: folder, testName: "themes()")
  }

  @Test func theEnvironmentsRecordModeRecordsEveryVariant() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for theme in ["light", "dark"] {
      try Data("\(theme) v1".utf8).write(to: folder.file("themes.theme=\(theme).txt"))
    }
    let probe = try await Probe.run(
      "variantsRecordProbe",
      environment: ["SNAPSHOT_TESTING_RECORD": "failed", "VARIANTS_FOLDER": folder.path])
    #expect(probe.status != 0, "recording fails the test")
    #expect(
      probe.output.contains(
        "[theme: dark] The snapshot does not match its reference. Recorded a new snapshot over it"),
      "\(probe.output)")
    #expect(try folder.text("themes.theme=light.txt") == "light v2")
    #expect(try folder.text("themes.theme=dark.txt") == "dark v2")
  }

  /// A value computed asynchronously per variant, awaited.
  @Test func asynchronousValues() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("light card, 320 points wide".utf8).write(
      to: folder.file("asynchronousValues.theme=light_width=320.txt"))
    await withKnownIssue {
      await assertSnapshots(
        as: .lines, across: Variants(Self.theme, Self.width), record: .never,
        snapshotDirectory: folder.path
      ) { variant in
        await Task.yield()
        return Self.card(variant)
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("[theme: ")
    }
    // Three variants have no reference (never recorded: `.never`); the fourth matched.
    #expect(try folder.contents() == ["asynchronousValues.theme=light_width=320.txt"])
  }

  @Test func eachFailureIsAnIssueOfTheTest() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let issues = Mutex<[String]>([])
    withKnownIssue {
      assertSnapshots(
        of: Self.card, as: .lines, across: Variants(Self.theme, Self.width), record: .missing,
        snapshotDirectory: folder.path)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      issues.withLock { $0.append(text) }
      return text.hasPrefix("[theme: ")
    }
    #expect(issues.withLock { $0.count } == 4)
  }
}
