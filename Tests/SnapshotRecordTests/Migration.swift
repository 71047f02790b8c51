import Foundation
import TestSupport
import Testing

/// `snapshot-migrate` on a package written for swift-snapshot-testing 1.19.7, with both toolkits
/// in its graph: `--dry-run` changes nothing, the migration rewrites the manifest and imports,
/// the tests then pass against their references untouched, and a second run does nothing.
struct Migration {
  let package: ThrowawayPackage

  var manifest: String {
    """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(path: "\(ThrowawayPackage.repository.path)"),
      ],
      targets: [
        .testTarget(
          name: "LegacyTests",
          dependencies: [.product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
          exclude: ["__Snapshots__"]),
      ]
    )

    """
  }

  static let test = """
    import SnapshotTesting
    import XCTest

    struct Point: Codable {
      var x: Int
      var y: Int
    }

    final class LegacyTests: XCTestCase {
      override func invokeTest() {
        withSnapshotTesting(record: .never, diffTool: .ksdiff) { super.invokeTest() }
      }

      func testDump() { assertSnapshot(of: Point(x: 1, y: 2), as: .dump) }
      func testJSON() { assertSnapshot(of: Point(x: 1, y: 2), as: .json) }
      func testPlist() { assertSnapshot(of: Point(x: 1, y: 2), as: .plist) }

      @available(*, deprecated)
      func testRecordFlag() { assertSnapshot(of: "text", as: .lines, record: false) }
    }

    """

  /// References as swift-snapshot-testing writes them (JSON with ` : `, no final newline).
  static func references() throws -> [String: Data] {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    struct Point: Codable {
      var x: Int
      var y: Int
    }
    return [
      "testDump.1.txt": Data("▿ Point\n  - x: 1\n  - y: 2\n".utf8),
      "testJSON.1.json": Data("{\n  \"x\" : 1,\n  \"y\" : 2\n}".utf8),
      "testPlist.1.plist": try encoder.encode(Point(x: 1, y: 2)),
      "testRecordFlag.1.txt": Data("text".utf8),
    ]
  }

  func run() throws {
    let original = try package.read("Package.swift")
    defer { try? package.write("Package.swift", original) }
    try package.write("Package.swift", manifest)
    try package.write("Tests/LegacyTests/LegacyTests.swift", Self.test)
    let folder = package.folder.url.appendingPathComponent(
      "Tests/LegacyTests/__Snapshots__/LegacyTests")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let references = try Self.references()
    for (name, data) in references { try data.write(to: folder.appendingPathComponent(name)) }

    let dryRun = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-migrate", "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.output)")
    #expect(
      dryRun.output.contains("-import SnapshotTesting\n+import Snapshots\n+import SnapshotsJSON"))
    #expect(try package.read("Package.swift") == manifest)

    let migrated = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-migrate"])
    #expect(migrated.status == 0, "\(migrated.output)")
    let identity = ThrowawayPackage.repository.lastPathComponent.lowercased()
    let newManifest = try package.read("Package.swift")
    #expect(!newManifest.contains("swift-snapshot-testing"), "\(newManifest)")
    #expect(
      newManifest.contains(
        "[.product(name: \"Snapshots\", package: \"\(identity)\"), .product(name: \"SnapshotsJSON\", package: \"\(identity)\")]"
      ), "\(newManifest)")
    #expect(
      try package.read("Tests/LegacyTests/LegacyTests.swift").hasPrefix(
        "import Snapshots\nimport SnapshotsJSON\nimport XCTest\n"))

    let tests = try package.swift(["test", "--filter", "LegacyTests"])
    #expect(tests.status == 0, "\(tests.output)")
    for (name, data) in references {
      #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == data, "\(name)")
    }

    let again = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-migrate"])
    #expect(again.status == 0 && again.output.contains("Nothing to migrate"), "\(again.output)")
  }
}
