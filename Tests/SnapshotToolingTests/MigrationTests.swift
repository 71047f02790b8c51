import Testing

@testable import SnapshotTooling

/// `snapshot-record --migrate` on source texts: imports and manifests, and what it refuses.
@Suite struct MigrationTests {
  @Test func importsBecomeThisToolkitsModules() {
    let result = ImportMigration.migrate(
      """
      @testable import SnapshotTesting
      import XCTest

      final class UserTests: XCTestCase {
        func testUser() { assertSnapshot(of: user, as: .json) }
      }

      """)
    #expect(
      result.text == """
        import Snapshots
        import SnapshotsJSON
        import XCTest

        final class UserTests: XCTestCase {
          func testUser() { assertSnapshot(of: user, as: .json) }
        }

        """)
    #expect(result.usesJSON)
    #expect(result.notes == ["line 1: @testable dropped from the import of SnapshotTesting"])
  }

  @Test func moduleQualifiedNamesFollowTheirModule() {
    let result = ImportMigration.migrate(
      """
      import SnapshotTesting

      func setUp() {
        SnapshotTesting.isRecording = true
        let strategy: SnapshotTesting.Snapshotting<Int, String> = .description
        _ = strategy
      }

      """)
    #expect(
      result.text?.contains("  Snapshots.isRecording = true\n") == true, "\(result.text ?? "")")
    #expect(
      result.text?.contains("let strategy: Snapshots.Snapshotting<Int, String>") == true,
      "\(result.text ?? "")")
  }

  @Test func usesOfTheirInternalsAreNamed() {
    let result = ImportMigration.migrate(
      "@_spi(Internals) import SnapshotTesting\n\nlet mode = _record\n")
    #expect(
      result.notes == [
        "line 1: @_spi(Internals) dropped from the import of SnapshotTesting",
        "line 3: _record is swift-snapshot-testing's internal, with no counterpart here; change this use by hand",
      ])
  }

  @Test func inlineAndCustomDumpImports() {
    let result = ImportMigration.migrate(
      "import InlineSnapshotTesting\nimport SnapshotTestingCustomDump\n")
    #expect(result.text == "import InlineSnapshots\nimport SnapshotsCustomDump\n")
    #expect(result.notes.isEmpty)
    #expect(
      ImportMigration.migrate("import Snapshots\n").text == nil, "a second run changes nothing")
  }

  /// A file that uses swift-snapshot-testing's deprecated spellings gets the module they live
  /// in; one that only looks alike (a local `record`, a `record:` mode, `matching:` of
  /// another function) does not.
  @Test(arguments: [
    ("isRecording = true", true), ("SnapshotTesting.record = true", true),
    ("assertSnapshot(matching: x, as: .dump)", true),
    ("assertSnapshot(of: x, as: .dump, record: true)", true),
    ("withSnapshotTesting(diffTool: nil) {}", true),
    ("let d: InlineSnapshotSyntaxDescriptor", true),
    ("let record = true", false), ("assertSnapshot(of: x, as: .dump, record: .all)", false),
    ("#expect(throws: E.self) { } matching: { _ in true }", false), ("record.all = 1", false),
  ])
  func deprecatedSpellingsGetTheirModule(line: String, uses: Bool) {
    let result = ImportMigration.migrate("import SnapshotTesting\n\nfunc f() { \(line) }\n")
    #expect(result.usesDeprecatedSpellings == uses)
    #expect(result.text?.contains("import Snapshots\nimport SnapshotsCompatibility\n") == uses)
  }

  @Test func theManifestGetsTheCompatibilityModuleWhereItIsUsed() {
    let outcome = ManifestMigration.migrate(
      Self.manifest, identity: "swift-snapshots",
      additions: [
        "AppTesting": ["SnapshotsCompatibility"],
        "AppTests": ["SnapshotsJSON", "SnapshotsCompatibility"],
      ])
    guard case .rewritten(let text, let changes) = outcome else {
      Issue.record("not rewritten: \(outcome)")
      return
    }
    #expect(
      text.contains(
        #"[.product(name: "InlineSnapshots", package: "swift-snapshots"), .product(name: "SnapshotsCompatibility", package: "swift-snapshots")]"#
      ), "\(text)")
    #expect(
      text.contains(
        #".product(name: "SnapshotsJSON", package: "swift-snapshots"), .product(name: "SnapshotsCompatibility", package: "swift-snapshots")]"#
      ), "\(text)")
    #expect(
      changes.contains(
        "line 13: AppTesting gets SnapshotsCompatibility (it uses swift-snapshot-testing's deprecated spellings)"
      ), "\(changes)")
  }

  static let manifest = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(path: "../swift-snapshots"),
      ],
      targets: [
        .target(
          name: "AppTesting",
          dependencies: [.product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing")]),
        .testTarget(
          name: "AppTests",
          dependencies: ["AppTesting", "SnapshotTesting"]),
      ]
    )

    """

  @Test func theManifestMovesToThisToolkit() {
    let outcome = ManifestMigration.migrate(
      Self.manifest, identity: "swift-snapshots", additions: ["AppTests": ["SnapshotsJSON"]])
    guard case .rewritten(let text, let changes) = outcome else {
      Issue.record("not rewritten: \(outcome)")
      return
    }
    #expect(
      text == """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
          name: "App",
          dependencies: [
            .package(path: "../swift-snapshots"),
          ],
          targets: [
            .target(
              name: "AppTesting",
              dependencies: [.product(name: "InlineSnapshots", package: "swift-snapshots")]),
            .testTarget(
              name: "AppTests",
              dependencies: ["AppTesting", .product(name: "Snapshots", package: "swift-snapshots"), .product(name: "SnapshotsJSON", package: "swift-snapshots")]),
          ]
        )

        """)
    #expect(changes.count == 4, "\(changes)")
    #expect(
      ManifestMigration.migrate(
        text, identity: "swift-snapshots", additions: ["AppTests": ["SnapshotsJSON"]])
        == .unchanged)
  }

  @Test func customDumpBecomesOurs() throws {
    let manifest = Self.manifest.replacingOccurrences(
      of: "\"SnapshotTesting\"]",
      with: ".product(name: \"SnapshotTestingCustomDump\", package: \"swift-snapshot-testing\")]")
    guard
      case .rewritten(let text, let changes) = ManifestMigration.migrate(
        manifest, identity: "swift-snapshots", additions: [:])
    else {
      Issue.record("not rewritten")
      return
    }
    #expect(text.contains(".product(name: \"SnapshotsCustomDump\", package: \"swift-snapshots\")"))
    #expect(
      changes.contains("line 16: SnapshotTestingCustomDump → SnapshotsCustomDump"), "\(changes)")
  }

  @Test func aProductWithoutACounterpartLeavesTheManifestAlone() {
    let manifest = Self.manifest.replacingOccurrences(
      of: "\"SnapshotTesting\"]",
      with: ".product(name: \"SnapshotTestingFuture\", package: \"swift-snapshot-testing\")]")
    #expect(
      ManifestMigration.migrate(manifest, identity: "swift-snapshots", additions: [:])
        == .refused([
          "line 16: product SnapshotTestingFuture has no counterpart in this toolkit yet"
        ]))
  }
}
