import Foundation
import TestSupport
import Testing

/// A package with file snapshots only: its first `snapshot-record` builds the `snapshots` tool
/// in the package's own build folder and never compiles swift-syntax nor resolves a framework,
/// and the gallery uses the same build of it.
///
/// Then, on the same build, fixture files, the record plan, every form of a test's name and the
/// references a living test no longer makes.
@Suite(.timeLimit(.minutes(15)))
struct FilesOnlyPackage {
  @Test func recordsWithoutBuildingASwiftParser() throws {
    let package = try ThrowawayPackage(
      files: [
        "Tests/AppTests/GreetingTests.swift": """
        import Snapshots
        import Testing

        @Test func greeting() {
          assertSnapshot(of: ["Hello": 1], as: .dump)
        }

        """
      ], testProducts: ["Snapshots", "SnapshotsFixtures"])
    defer { package.folder.remove() }
    let record = try package.snapshotRecord()
    #expect(record.status == 0, "\(record.output)")
    #expect(!record.output.contains("Swift parser"), "\(record.output)")
    // A first build takes long enough to show it has not hung, and how long it took.
    #expect(record.output.contains("  still building (10 s)\n"), "\(record.output)")
    #expect(record.output.contains("Built the snapshots tool in "), "\(record.output)")
    #expect(
      try package.read("Tests/AppTests/__Snapshots__/GreetingTests/greeting.1.txt").contains(
        "- key: \"Hello\""))
    let tool = try #require(package.builtProduct("snapshots"))
    #expect(tool.deletingLastPathComponent().lastPathComponent == "debug")
    #expect(package.compiledSwiftSyntax == false, "swift-syntax was compiled")
    // Without their traits, the adapters' and SnapshotsObservability's packages are not even
    // resolved.
    let framework = ["swift-log", "swift-distributed-tracing", "vapor", "hummingbird"]
    #expect(
      package.resolvedPackages.filter(framework.contains) == [], "\(package.resolvedPackages)")
    let modified = try FileManager.default.attributesOfItem(atPath: tool.path)[.modificationDate]

    let gallery = try package.swift([
      "package", "--allow-writing-to-package-directory", "snapshot-record", "--gallery-only",
    ])
    #expect(gallery.status == 0, "\(gallery.output)")
    #expect(package.exists(".build/snapshots/gallery.html"))
    #expect(
      try FileManager.default.attributesOfItem(atPath: tool.path)[.modificationDate] as? Date
        == modified as? Date, "the gallery built the tool again")

    try package.remove("Tests/AppTests/GreetingTests.swift")
    try FixtureFiles(package: package).run()
    try OnePlan(package: package).run()
    try TestNamingForms(package: package).run()
    try LivingTestOrphans(package: package).run()
  }
}
