import Foundation
import TestSupport
import Testing

/// `--prune` keeps the references of every form a test's name can take.
///
/// A test file with each form, recorded while its suite runs, then with the suite disabled:
/// nothing a test still declares is listed or deleted, and a removed test's reference is. A helper whose `testName:` is known only when its test runs
/// keeps its file's references, and the listing says why.
struct TestNamingForms {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/FormsTests.swift"
  static let helper = "Tests/AppTests/FormsHelper.swift"
  static let folder = "Tests/AppTests/__Snapshots__/FormsTests"
  static let helperFolder = "Tests/AppTests/__Snapshots__/FormsHelper"

  static let source = """
    import Foundation
    import Snapshots
    import Testing
    import XCTest

    let formsRun = ProcessInfo.processInfo.environment["APP_FORMS"] != nil

    @Suite(.enabled(if: formsRun)) struct Forms {
      @Test func `a test named with spaces / slash é 🎉`() { assertSnapshot(of: 1, as: .description) }
      @Test func plain() { assertSnapshot(of: 2, as: .description) }
      @Test("A display name") func displayed() { assertSnapshot(of: 3, as: .description) }
      @Test(arguments: ["a.md", "b/c é"]) func render(_ fixture: String) {
        assertSnapshot(of: fixture, as: .lines)
      }
      @Test(arguments: [1]) func `class`(`in` value: Int) { assertSnapshot(of: value, as: .description) }
      @Test func emoji🎉() { assertSnapshot(of: 4, as: .description) }
      @Test func literal() { assertSnapshot(of: 5, as: .description, testName: "custom name") }
      @Suite(.snapshots(naming: .suiteQualified)) struct Nested {
        @Test func `inner one`() { assertSnapshot(of: 6, as: .description) }
      }
    }

    extension Forms {
      @Test func extended() { assertSnapshot(of: 7, as: .description) }
    }

    #if os(Windows)
      @Test func elsewhere() {}
    #else
      @Test(.enabled(if: formsRun)) func elsewhere() { assertSnapshot(of: 8, as: .description) }
    #endif

    final class FormsCase: XCTestCase {
      func testMethod() throws {
        try XCTSkipUnless(formsRun)
        assertSnapshot(of: 9, as: .description)
      }
    }

    """

  static let helperSource = """
    import Snapshots
    import Testing

    func snapshot(_ value: Int, as name: String) {
      assertSnapshot(of: value, as: .description, testName: name)
    }

    @Test(.enabled(if: formsRun)) func viaHelper() { snapshot(10, as: "chosen at run time") }

    """

  func references(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(folder).path
    ).sorted()
  }

  /// The lines that list or delete orphans.
  static func orphanLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.hasPrefix("Orphan") || $0.hasPrefix("Deleting") }
  }

  func run() throws {
    try package.write(Self.test, Self.source)
    try package.write(Self.helper, Self.helperSource)
    defer {
      for path in [Self.test, Self.helper, Self.folder, Self.helperFolder] {
        try? package.remove(path)
      }
    }
    let recorded = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record"],
      environment: ["APP_FORMS": "1"])
    #expect(recorded.status == 0, "\(recorded.output)")
    let names = try references(Self.folder)
    #expect(names.count == 12, "\(names)")
    #expect(
      names.contains { $0.hasPrefix("a-test-named-with-spaces-slash-é-") }
        && names.contains { $0.hasPrefix("Forms.Nested.inner-one-") }, "\(names)")
    #expect(try references(Self.helperFolder).count == 1)

    // The suite disabled: nothing is an orphan; the helper's reference is kept, and why.
    let listed = try package.snapshotRecord()
    #expect(listed.status == 0, "\(listed.output)")
    #expect(Self.orphanLines(listed.output) == [], "\(listed.output)")
    #expect(
      listed.output.contains(
        "Kept 1 snapshot no test was found for: Tests/AppTests/FormsHelper.swift names references on line 5 with a testName: known only when the test runs"
      ), "\(listed.output)")
    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.status == 0, "\(pruned.output)")
    #expect(Self.orphanLines(pruned.output) == [], "\(pruned.output)")
    #expect(try references(Self.folder) == names)
    #expect(try references(Self.helperFolder).count == 1)

    // A test removed: its reference alone is deleted.
    try package.write(
      Self.test,
      Self.source.replacingOccurrences(
        of: "  @Test func plain() { assertSnapshot(of: 2, as: .description) }\n", with: ""))
    let removed = try package.snapshotRecord("--prune")
    #expect(removed.status == 0, "\(removed.output)")
    #expect(
      removed.output.contains(
        "Deleting 1 orphaned snapshot (their tests are gone):\n  \(Self.folder)/plain.1.txt\n"),
      "\(removed.output)")
    #expect(try references(Self.folder) == names.filter { $0 != "plain.1.txt" })
  }
}
