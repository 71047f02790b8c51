import Testing

@testable import SnapshotTooling

/// `snapshot-migrate` on source texts: imports and manifests, and what it refuses.
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

  @Test func inlineAndCustomDumpImports() {
    let result = ImportMigration.migrate(
      "import InlineSnapshotTesting\nimport SnapshotTestingCustomDump\n")
    #expect(result.text == "import InlineSnapshots\nimport SnapshotsCustomDump\n")
    #expect(result.notes.isEmpty)
    #expect(
      ImportMigration.migrate("import Snapshots\n").text == nil, "a second run changes nothing")
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
      Self.manifest, identity: "swift-snapshots", jsonTargets: ["AppTests"])
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
      ManifestMigration.migrate(text, identity: "swift-snapshots", jsonTargets: ["AppTests"])
        == .unchanged)
  }

  @Test func customDumpBecomesOurs() throws {
    let manifest = Self.manifest.replacingOccurrences(
      of: "\"SnapshotTesting\"]",
      with: ".product(name: \"SnapshotTestingCustomDump\", package: \"swift-snapshot-testing\")]")
    guard
      case .rewritten(let text, let changes) = ManifestMigration.migrate(
        manifest, identity: "swift-snapshots", jsonTargets: [])
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
      ManifestMigration.migrate(manifest, identity: "swift-snapshots", jsonTargets: [])
        == .refused([
          "line 16: product SnapshotTestingFuture has no counterpart in this toolkit yet"
        ]))
  }
}
