import Foundation
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
        let strategy: SnapshotTesting.Snapshotting<Int, String> = .description
        SnapshotTesting.assertSnapshot(of: 1, as: strategy)
      }

      """)
    #expect(
      result.text?.contains("let strategy: Snapshots.Snapshotting<Int, String>") == true,
      "\(result.text ?? "")")
    #expect(
      result.text?.contains("  Snapshots.assertSnapshot(of: 1, as: strategy)") == true,
      "a file without deprecated spellings does not import their module")
    #expect(result.usesDeprecatedSpellings == false)
  }

  /// Each name `SnapshotsCompatibility` declares, qualified by swift-snapshot-testing's module,
  /// is qualified by `SnapshotsCompatibility`: `MigratedQualifiedUses.swift` is the expected
  /// text, and this target compiles it.
  @Test func qualifiedUsesOfMovedNamesCompile() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let migrated = try String(
      contentsOf: folder.appendingPathComponent("MigratedQualifiedUses.swift"), encoding: .utf8)
    var original = migrated.replacingOccurrences(
      of: "import Snapshots\nimport SnapshotsCompatibility\nimport InlineSnapshots\n",
      with: "import SnapshotTesting\nimport InlineSnapshotTesting\n")
    for name in ImportMigration.compatibilityNames {
      let module =
        name.contains("Inline") && !name.hasPrefix("_")
        ? "InlineSnapshotTesting" : "SnapshotTesting"
      original = original.replacingOccurrences(
        of: "SnapshotsCompatibility.\(name)", with: "\(module).\(name)")
    }
    #expect(!original.contains("SnapshotsCompatibility."), "\(original)")
    #expect(ImportMigration.migrate(original).text == migrated)
    // Every name the module declares at its top level is listed, and used there.
    let declared = try Self.topLevelNames(
      in: folder.appendingPathComponent("../../Sources/SnapshotsCompatibility"))
    #expect(declared == ImportMigration.compatibilityNames)
    for name in declared { #expect(migrated.contains("SnapshotsCompatibility.\(name)"), "\(name)") }
  }

  /// The public names a module's files declare outside every type and extension.
  static func topLevelNames(in folder: URL) throws -> Set<String> {
    var names: Set<String> = []
    let pattern = try Regex(#"^\s*public (?:var|func|typealias|struct|enum|class) (\w+)"#)
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      var depth = 0
      for line in text.split(separator: "\n") {
        if depth == 0, let match = line.firstMatch(of: pattern),
          let name = match.output[1].substring
        {
          names.insert(String(name))
        }
        depth += line.count { $0 == "{" } - line.count { $0 == "}" }
      }
    }
    return names
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
    guard
      case let (text, changes)? = rewritten(
        Self.manifest,
        additions: [
          "AppTesting": ["SnapshotsCompatibility"],
          "AppTests": ["SnapshotsJSON", "SnapshotsCompatibility"],
        ])
    else { return }
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

  /// A list written one element a line gets each added product on a line of its own, with the
  /// list's trailing comma or without it, as it was.
  @Test(arguments: [true, false]) func productsAddedToAListOfLinesGetLinesOfTheirOwn(comma: Bool)
    throws
  {
    let manifest = Self.oneTestTarget(
      "[\n        \"App\",\n"
        + "        .product(name: \"SnapshotTesting\", package: \"swift-snapshot-testing\")"
        + (comma ? "," : "") + "\n      ]")
    guard
      case let (text, _)? = rewritten(
        manifest, additions: ["AppTests": ["SnapshotsJSON", "SnapshotsCompatibility"]])
    else { return }
    #expect(
      text.contains(
        """
              dependencies: [
                "App",
                .product(name: "Snapshots", package: "swift-snapshots"),
                .product(name: "SnapshotsJSON", package: "swift-snapshots"),
                .product(name: "SnapshotsCompatibility", package: "swift-snapshots")\(comma ? "," : "")
              ])
        """), "\(text)")
  }

  /// Their `InlineSnapshotTesting` brings `SnapshotTestingCustomDump` along, ours does not: a
  /// target whose sources import it gets `SnapshotsCustomDump`, and no product it has already.
  @Test func aModuleTheirProductBroughtAlongBecomesAProduct() throws {
    let manifest = Self.oneTestTarget(
      #"[.product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing")]"#)
    guard
      case let (text, changes)? = rewritten(
        manifest,
        additions: ["AppTests": ["Snapshots", "InlineSnapshots", "SnapshotsCustomDump"]])
    else { return }
    #expect(
      text.contains(
        #"dependencies: [.product(name: "InlineSnapshots", package: "swift-snapshots"), .product(name: "SnapshotsCustomDump", package: "swift-snapshots")])"#
      ), "\(text)")
    #expect(changes.contains("line 6: AppTests gets SnapshotsCustomDump (its sources import it)"))
    #expect(
      ImportMigration.migrate("import SnapshotTestingCustomDump\nimport InlineSnapshotTesting\n")
        .imports == ["SnapshotsCustomDump", "InlineSnapshots"])
  }

  /// A manifest whose one target, `AppTests`, has these dependencies.
  static func oneTestTarget(_ dependencies: String) -> String {
    """
    let package = Package(
      name: "App",
      targets: [
        .testTarget(
          name: "AppTests",
          dependencies: \(dependencies))
      ]
    )

    """
  }

  /// The manifest migrated, or an issue recorded when it is not rewritten.
  func rewritten(_ manifest: String, additions: [String: Set<String>]) -> (String, [String])? {
    let outcome = ManifestMigration.migrate(
      manifest, identity: "swift-snapshots", additions: additions)
    guard case .rewritten(let text, let changes) = outcome else {
      Issue.record("not rewritten: \(outcome)")
      return nil
    }
    return (text, changes)
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
    guard
      case let (text, changes)? = rewritten(
        Self.manifest, additions: ["AppTests": ["SnapshotsJSON"]])
    else { return }
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
