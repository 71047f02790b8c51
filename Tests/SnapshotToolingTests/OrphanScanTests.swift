import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling
@testable import SnapshotsSwiftReader

/// A reference is an orphan only when its test is proven gone.
///
/// Every way a test can be named or declared keeps its references (`--prune` deletes orphans),
/// named here by the assertions themselves.
@Suite struct OrphanScanTests {
  /// A test file with every form a test can take, in a suite that does not run.
  static let forms = """
    import Snapshots
    import Testing
    import XCTest

    @Suite(.enabled(if: false)) struct Forms {
      @Test func `a test named with spaces / slash é 🎉`() {}
      @Test("A display name") func displayed() {}
      @Test(arguments: ["a.md", "b/c"]) func render(_ fixture: String) {}
      @Test(arguments: [1]) func `class`(`in` value: Int) {}
      @Test func café() {}
      @Test func emoji🎉() {}
      @Suite struct Nested { @Test func inner() {} }
      init(path: String = "") { assertSnapshot(of: path, as: .lines) }
    }

    extension Forms {
      @Test func extended() {}
    }

    #if os(Windows)
      @Test func windowsOnly() {}
    #else
      @Test func elsewhere() {}
    #endif

    final class FormsCase: XCTestCase {
      func testMethod() throws {}
    }

    @Test func named() { assertSnapshot(of: 1, as: .lines, testName: "custom name") }
    @Test(arguments: ["x"])
    func aTestWhoseNameIsSoLongThatACaseOfItIsCutShortWithinTheNameItselfAndItsArgumentsAreLost(
      _ value: String
    ) {}

    """

  /// Each test as `#function` spells it in its body, and a case's arguments.
  static let tests: [(name: String, arguments: [String])] = [
    ("a test named with spaces / slash é 🎉()", []), ("displayed()", []),
    ("render(_:)", ["a.md"]), ("render(_:)", ["b/c"]), ("class(in:)", ["1"]), ("café()", []),
    ("emoji🎉()", []), ("inner()", []), ("init(path:)", []), ("extended()", []),
    ("windowsOnly()", []), ("elsewhere()", []), ("testMethod()", []), ("custom name", []),
    (
      "aTestWhoseNameIsSoLongThatACaseOfItIsCutShortWithinTheNameItselfAndItsArgumentsAreLost(_:)",
      ["an argument that takes the name past a hundred bytes"]
    ),
  ]

  /// A package whose test file `Tests/A/<file>.swift` holds `source`, with a reference recorded
  /// for each test (by `verifySnapshot`, as a test names it).
  static func package(
    _ file: String, source: Data, tests: [(name: String, arguments: [String])]
  ) throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    let folder = package.file("Tests/A/__Snapshots__/\(file)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try source.write(to: package.file("Tests/A/\(file).swift"))
    for test in tests {
      withSnapshotArguments(test.arguments) {
        let message = verifySnapshot(
          of: "x", as: .lines, record: .missing, snapshotDirectory: folder.path,
          testName: test.name)
        #expect(message?.hasPrefix("Recorded snapshot: ") == true, "\(message ?? "")")
      }
    }
    return package
  }

  static func references(in package: TemporaryDirectory, _ file: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: package.file("Tests/A/__Snapshots__/\(file)").path
    ).sorted()
  }

  @Test func everyFormOfATestKeepsItsReferences() throws {
    let package = try Self.package(
      "FormsTests", source: Data(Self.forms.utf8), tests: Self.tests + [("removed()", [])])
    defer { package.remove() }
    let names = try Self.references(in: package, "FormsTests")
    #expect(names.count == Self.tests.count + 1)
    // The raw identifier's reference, and the long case's, cut short with a hash.
    #expect(names.contains { $0.hasPrefix("a-test-named-with-spaces-slash-é-") }, "\(names)")
    #expect(names.contains { $0.utf8.count > 100 && $0.hasPrefix("aTestWhose") }, "\(names)")
    let scan = OrphanScan.scan(in: package.url, used: [])
    #expect(
      scan.orphans
        == [package.file("Tests/A/__Snapshots__/FormsTests/removed.1.txt").standardizedFileURL.path]
    )
    #expect(scan.kept == [])
  }

  /// A file whose names the reader cannot all tell keeps every reference no test was found for,
  /// and says why; `#function` and a literal as `testName:` are read.
  @Test func aFileNotReadWholeKeepsItsReferences() throws {
    let sources: [(String, OrphanScan.Reason?)] = [
      (
        "@Test func good() {}\nfunc helper(_ name: String) {\n  verify(1, testName: name)\n}\n",
        .unread(.testName(line: 3))
      ),
      ("@Test func good() {}\nfunc broken\n", .unread(.declaration(line: 2))),
      ("@Test func good() {}\n/* never closed\nfunc gone() {}\n", .unread(.unbalanced)),
      ("@Test func good() {\n", .unread(.unbalanced)),
      ("func f() { verify(1, testName: #function); verify(2, testName: \"good\") }\n", nil),
    ]
    for (source, reason) in sources {
      let package = try Self.package(
        "ATests", source: Data(source.utf8), tests: [("good()", []), ("gone()", [])])
      defer { package.remove() }
      let gone = package.file("Tests/A/__Snapshots__/ATests/gone.1.txt").standardizedFileURL.path
      let scan = OrphanScan.scan(in: package.url, used: [])
      let kept = reason.map {
        OrphanScan.Kept(
          testFile: package.file("Tests/A/ATests.swift").path, reason: $0, references: [gone])
      }
      #expect(scan.kept == (kept.map { [$0] } ?? []), "\(source)")
      #expect(scan.orphans == (reason == nil ? [gone] : []), "\(source)")
    }
  }

  @Test func aTestFileThatCannotBeReadKeepsItsReferences() throws {
    let notUTF8 = try Self.package(
      "ATests", source: Data([0x2F, 0x2F, 0xFF, 0x0A]), tests: [("gone()", [])])
    defer { notUTF8.remove() }
    #expect(OrphanScan.scan(in: notUTF8.url, used: []).kept.map(\.reason) == [.notUTF8])

    let folder = try Self.package("BTests", source: Data(), tests: [("gone()", [])])
    defer { folder.remove() }
    let file = folder.file("Tests/A/BTests.swift")
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let scan = OrphanScan.scan(in: folder.url, used: [])
    #expect(scan.orphans == [])
    #expect(scan.kept.map(\.reason) == [.unreadable("is a directory, not a file")])
    // A test file that is gone takes its references with it.
    try FileManager.default.removeItem(at: file)
    #expect(OrphanScan.scan(in: folder.url, used: []).orphans.count == 1)
  }

  /// A call that passes `snapshotDirectory:` can put references in any folder, so a reference no
  /// test was found for, even one whose test file is gone, is kept; `nil` chooses none.
  @Test func aChosenFolderKeepsEveryReferenceNoTestWasFoundFor() throws {
    let package = try Self.package(
      "ATests", source: Data("@Test func good() {}\n".utf8), tests: [("gone()", [])])
    defer { package.remove() }
    try FileManager.default.createDirectory(
      at: package.file("Tests/A/__Snapshots__/Deleted"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: package.file("Tests/A/__Snapshots__/Deleted/any.1.txt"))
    let helper = package.file("Tests/A/Helper.swift")
    try Data("func f() {\n  check(1, snapshotDirectory: nil)\n}\n".utf8).write(to: helper)
    #expect(OrphanScan.scan(in: package.url, used: []).orphans.count == 2)

    try Data("func f(_ d: String) {\n  check(1, snapshotDirectory: d)\n}\n".utf8).write(to: helper)
    let scan = OrphanScan.scan(in: package.url, used: [])
    #expect(scan.orphans == [])
    let reason = OrphanScan.Reason.chosenFolder(file: helper.standardizedFileURL.path, line: 2)
    #expect(scan.kept.map(\.reason) == [reason, reason])
    #expect(
      scan.kept.first?.message(relative: { String($0.dropFirst(package.url.path.count + 1)) })
        == "Kept 1 snapshot no test was found for: Tests/A/Helper.swift passes a snapshotDirectory: on line 2, which can put references in any folder, so their tests cannot be proven gone (delete by hand those whose tests are):"
    )
  }

  /// The names a file's references can take, as `#function` spells them; labels, `.init` and
  /// `func` as a label are not declarations.
  @Test func theReaderTellsEachNameAsFunctionSpellsIt() {
    let source = """
      struct S {
        init?(`for` value: Int) { let s = S.init(x: 1); f(func: 2, init: 3) }
        init<T>(_ value: T) {}
        deinit {}
        func `a / b`(`in` x: Int, _ y: Int) {}
        func f(func x: Int, init y: Int) {}
        var `computed value`: Int { 1 }
        subscript(i: Int, row r: Int, `in` x: Int) -> Int { 1 }
      }
      """
    let found = SwiftDeclarations.testNames(in: source)
    #expect(
      found.names == [
        "init(for:)", "init(_:)", "deinit", "a / b(in:_:)", "f(func:init:)", "computed value",
        "subscript(_:row:in:)",
      ])
    #expect(found.unread == [])
  }
}
