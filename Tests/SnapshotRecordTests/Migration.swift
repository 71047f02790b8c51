import Foundation
import TestSupport
import Testing

/// `snapshot-record --migrate` on a package written for swift-snapshot-testing 1.19.7
/// (`Tests/MigrationFixture`: a base class with `record:`/`diffTool:`, Swift Testing's
/// `.snapshots(…)`, a tuple-diff `Diffing`, `.customDump`, deprecated spellings, and a library
/// built on `InlineSnapshotTesting` as swift-macro-testing is), with both toolkits in its graph.
///
/// swift-snapshot-testing itself records the references and inline snapshots first. Then:
/// `--dry-run` changes nothing; the migration rewrites the manifest and imports; the suite
/// passes against the references untouched; `snapshot-record` rewrites the helper's closures
/// (found by position) and keeps the JSON layout; a second migration does nothing.
struct Migration {
  let package: ThrowawayPackage

  static let fixture = ThrowawayPackage.repository.appendingPathComponent("Tests/MigrationFixture")

  var manifest: String {
    let theirs = #".product(name: "%@", package: "swift-snapshot-testing")"#
    let products = ["SnapshotTesting", "InlineSnapshotTesting", "SnapshotTestingCustomDump"]
      .map { String(format: theirs, $0) }
    return """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [
          .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
          .package(path: "\(ThrowawayPackage.repository.path)"),
        ],
        targets: [
          .target(name: "TransformTesting", dependencies: [\(products[1])]),
          .testTarget(
            name: "LegacyTests",
            dependencies: ["TransformTesting", \(products.joined(separator: ", "))],
            exclude: ["__Snapshots__"]),
        ]
      )

      """
  }

  func run() throws {
    let original = try package.read("Package.swift")
    defer { try? package.write("Package.swift", original) }
    try package.write("Package.swift", manifest)
    for path in try Self.fixtureFiles() {
      let text = try Data(contentsOf: Self.fixture.appendingPathComponent(path))
      try package.write(path, String(decoding: text, as: UTF8.self))
    }

    // Recorded by swift-snapshot-testing: the first run writes, the second passes.
    let recording = try package.swift(["test", "--filter", "Legacy|Transform"])
    #expect(recording.status != 0, "\(recording.output)")
    let theirs = try package.swift(["test", "--filter", "Legacy|Transform"])
    #expect(theirs.status == 0, "\(theirs.output)")
    let recorded = try snapshotOfTests()
    #expect(
      recorded.keys.contains(
        "Tests/LegacyTests/__Snapshots__/LegacyXCTests/testJSONAndPlist.1.json"))
    #expect(
      recorded["Tests/LegacyTests/TransformTests.swift"]?.contains("} diagnostics: {") == true)

    let dryRun = try package.swift(
      [
        "package", "--allow-writing-to-package-directory", "snapshot-record", "--migrate",
        "--dry-run",
      ])
    #expect(dryRun.status == 0, "\(dryRun.output)")
    #expect(dryRun.output.contains("+import SnapshotsCustomDump"), "\(dryRun.output)")
    #expect(try package.read("Package.swift") == manifest)
    #expect(try snapshotOfTests() == recorded)

    let migrated = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record", "--migrate"])
    #expect(migrated.status == 0, "\(migrated.output)")
    let newManifest = try package.read("Package.swift")
    #expect(!newManifest.contains("swift-snapshot-testing"), "\(newManifest)")
    for product in [
      "Snapshots", "InlineSnapshots", "SnapshotsCustomDump", "SnapshotsJSON",
      "SnapshotsCompatibility",
    ] {
      #expect(newManifest.contains("\"\(product)\""), "\(newManifest)")
    }

    let ours = try package.swift(["test", "--filter", "Legacy|Transform"])
    #expect(ours.status == 0, "\(ours.output)")
    // Only imports changed.
    let migratedTests = try snapshotOfTests()
    #expect(migratedTests.keys == recorded.keys)
    for (path, text) in recorded {
      #expect(withoutImports(migratedTests[path] ?? "") == withoutImports(text), "\(path)")
    }

    try recordChanges()

    let again = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record", "--migrate"])
    #expect(again.status == 0 && again.output.contains("Nothing to migrate"), "\(again.output)")
  }

  /// After the migration, `snapshot-record` writes changed values: the helper's closures (one
  /// added between two, one removed), and JSON in the layout swift-snapshot-testing wrote.
  private func recordChanges() throws {
    let transforms = "Tests/LegacyTests/TransformTests.swift"
    try package.write(
      transforms,
      try package.read(transforms).replacingOccurrences(of: "\"abc\"", with: "\"ab1\"")
        .replacingOccurrences(of: "\"a1\"\n", with: "\"a\"\n"))
    let legacy = "Tests/LegacyTests/LegacyXCTests.swift"
    try package.write(
      legacy, try package.read(legacy).replacingOccurrences(of: "Ann/Lee", with: "Ann/Lea"))
    let recorded = try package.snapshotRecord()
    #expect(recorded.status == 0, "\(recorded.output)")
    #expect(
      try package.read(transforms).contains(
        """
            assertTransform {
              "ab1"
            } diagnostics: {
              \"""
              warning: digit 1
              \"""
            } output: {
              \"""
              AB1
              \"""
            }
          }

          func testDigits() {
            assertTransform {
              "a"
            } output: {
              \"""
              A
              \"""
            }
        """))
    let json = try package.read(
      "Tests/LegacyTests/__Snapshots__/LegacyXCTests/testJSONAndPlist.1.json")
    #expect(json == "{\n  \"id\" : 1,\n  \"name\" : \"Ann\\/Lea\",\n  \"tags\" : [\n\n  ]\n}")
    #expect(try package.read(legacy).contains("        \"name\" : \"Ann\\/Lea\",\n"))
    let tests = try package.swift(["test", "--filter", "Legacy|Transform"])
    #expect(tests.status == 0, "\(tests.output)")
  }

  /// The fixture's files, relative to its folder.
  static func fixtureFiles() throws -> [String] {
    let walker = FileManager.default.enumerator(atPath: fixture.path)
    var files: [String] = []
    while let path = walker?.nextObject() as? String {
      if path.hasSuffix(".swift") { files.append(path) }
    }
    return files
  }

  /// Every file under `Tests/` and `Sources/TransformTesting`, by path.
  private func snapshotOfTests() throws -> [String: String] {
    var files: [String: String] = [:]
    for folder in ["Tests/LegacyTests", "Sources/TransformTesting"] {
      let walker = FileManager.default.enumerator(
        atPath: package.folder.url.appendingPathComponent(folder).path)
      while let path = walker?.nextObject() as? String {
        let relative = folder + "/" + path
        var isDirectory: ObjCBool = false
        let url = package.folder.url.appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
          !isDirectory.boolValue
        {
          files[relative] = try package.read(relative)
        }
      }
    }
    return files
  }

  private func withoutImports(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
  }
}
