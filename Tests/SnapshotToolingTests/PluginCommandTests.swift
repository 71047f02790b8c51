import Foundation
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The plugin's words, read by the tool alone: what each asks the plugin to build, the tool's
/// command line it becomes, and its help and usage errors.
@Suite struct PluginCommandTests {
  func plugin(_ arguments: [String]) throws -> PluginCommand {
    try PluginCommand(
      parsing: ["snapshot-record", "--package-directory", "/P", "--"] + arguments,
      currentDirectory: URL(fileURLWithPath: "/elsewhere"))
  }

  func words(_ arguments: String...) throws -> (words: [String], tests: Bool)? {
    let plan = try plugin(arguments).plan()
    return plan.say == nil ? (plan.run, plan.buildTests) : nil
  }

  func said(_ arguments: String...) throws -> PluginCommand.Plan {
    try plugin(arguments).plan()
  }

  @Test func aTestRunIsTheToolsRecord() throws {
    let run = try #require(try words("--filter", "User", "--dry-run", "--prune"))
    #expect(
      run.words == [
        "record", "--package-directory", "/P", "--filter", "User", "--dry-run", "--prune",
      ])
    #expect(run.tests)
    // Each becomes a command the tool's grammar takes, once the plugin adds the tests it built.
    _ = try SnapshotsCommand(
      parsing: run.words + ["--test-binary", "/B"], currentDirectory: URL(fileURLWithPath: "/"))
  }

  @Test func theOtherModesRunNothing() throws {
    let apply = try #require(try words("--apply-only", "--quiet", "--include-interrupted"))
    #expect(
      apply.words == ["apply", "--package-directory", "/P", "--include-interrupted", "--quiet"])
    #expect(!apply.tests)
    // The words after a list's option belong to it; `--apply` is `--from`'s older spelling.
    let shards = try #require(try words("--from", "a", "b", "--apply", "c", "--dry-run"))
    #expect(
      shards.words == [
        "apply", "--package-directory", "/P", "--dry-run", "--from", "a", "--from", "b", "--from",
        "c",
      ])
    let decided = try #require(try words("--accept", "1234", "5678", "--reject", "9abc"))
    #expect(
      decided.words == [
        "apply", "--package-directory", "/P", "--accept", "1234", "--accept", "5678", "--reject",
        "9abc",
      ])
    #expect(
      try words("--pending", "--json")?.words == ["pending", "--package-directory", "/P", "--json"])
    #expect(
      try words("--show", "abcd", "--old")?.words
        == ["show", "abcd", "--package-directory", "/P", "--old"])
    for run in [apply, shards, decided] {
      _ = try SnapshotsCommand(parsing: run.words, currentDirectory: URL(fileURLWithPath: "/"))
    }
  }

  /// The gallery, a PNG's fingerprint and migration are modes of the one plugin, which run no
  /// tests.
  @Test func theGalleryAndMigration() throws {
    let gallery = try #require(try words("--gallery-only"))
    #expect(gallery.words == ["gallery", "--package-directory", "/P"] && !gallery.tests)
    let info = try #require(try words("--info", "T/chart.1.png"))
    #expect(info.words == ["info", "/P/T/chart.1.png"] && !info.tests)
    #expect(
      try said("--migrate").say == "swift-snapshots is not a dependency of this package")
    #expect(
      try said("--migrate", "--filter", "x").say == "--filter does not go with --migrate")
    #expect(
      try said("--gallery-only", "--dry-run").say == "--dry-run does not go with --gallery-only")
    let migrate = try PluginCommand(
      parsing: [
        "snapshot-record", "--toolkit-identity", "swift-snapshots", "--", "--migrate", "--dry-run",
      ],
      currentDirectory: URL(fileURLWithPath: "/P"))
    let plan = migrate.plan()
    let (words, tests) = (plan.run, plan.buildTests)
    #expect(
      words == [
        "migrate", "--package-directory", "/P", "--toolkit-identity", "swift-snapshots",
        "--dry-run",
      ] && !tests)
    _ = try SnapshotsCommand(parsing: words, currentDirectory: URL(fileURLWithPath: "/"))
  }

  /// The help is made from the options the tool's verbs declare, so the two cannot drift.
  @Test func helpAndUsageErrorsAreTheTools() throws {
    let help = try said("--help")
    #expect(!help.fails)
    #expect(
      help.say?.contains(
        "USAGE: swift package --allow-writing-to-package-directory snapshot-record") == true)
    #expect(
      help.say?.contains("  --dry-run               " + ToolOptions.dryRun.option.help.prefix(20))
        == true)
    let unknown = try said("--bogus")
    #expect(unknown.fails && unknown.say?.hasPrefix("Unknown option '--bogus'") == true)
    let stray = try said("--apply-only", "--prune")
    #expect(
      stray.say == "--prune does not go with --apply-only, --from, --accept or --reject"
        && stray.fails)
    #expect(try said("--pending", "--dry-run").say == "--dry-run does not go with --pending")
    #expect(try said("--filter", "a", "b").say?.hasPrefix("Unexpected argument 'b'") == true)
  }

  /// Only the plugin writes the words before `--`; anything else there is refused.
  @Test func thePluginsOwnWordsAreChecked() throws {
    let here = URL(fileURLWithPath: "/P")
    for words in [
      ["snapshot-record", "--bogus", "x", "--"], ["snapshot-record", "--package-directory", "/P"],
      ["gallery", "--"], ["snapshot-record", "--package-directory", "--"],
    ] {
      #expect(throws: SnapshotsCommand.UsageError.self, "\(words)") {
        try PluginCommand(parsing: words, currentDirectory: here)
      }
    }
    let command = try PluginCommand(
      parsing: ["snapshot-record", "--toolkit-identity", "kit", "--", "--migrate"],
      currentDirectory: here)
    #expect(command.packageDirectory == here && command.toolkitIdentity == "kit")
    #expect(command.arguments == ["--migrate"])
  }

  @Test func aQuietRecordBuildsTheTests() throws {
    let plan = try said("--quiet")
    #expect(plan.quiet && plan.buildTests)
  }
}
