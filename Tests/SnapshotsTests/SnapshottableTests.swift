import Foundation
import Snapshots
import TestSupport
import Testing

/// A type that names its own strategy is asserted with no `as:`; an explicit `as:` wins; a
/// type that names none does not compile.
@Suite struct SnapshottableTests {
  struct Invoice: Snapshottable {
    var total = 12
    static var snapshotting: Snapshotting<Invoice, String> { .dump }
  }

  @Test func theTypesOwnStrategyAndAnExplicitOne() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(of: Invoice(), named: "own", record: .all, snapshotDirectory: folder.path)
    _ = verifySnapshot(
      of: Invoice(), as: .description, named: "explicit", record: .all,
      snapshotDirectory: folder.path)
    #expect(try folder.text("theTypesOwnStrategyAndAnExplicitOne.own.txt").hasPrefix("▿ "))
    #expect(
      try folder.text("theTypesOwnStrategyAndAnExplicitOne.explicit.txt")
        == "Invoice(total: 12)")
  }

  /// Compiled against this build's `Snapshots` module: the conforming type compiles (so the
  /// command works), the other does not, and the compiler names the missing conformance.
  @Test func aTypeThatNamesNoStrategyDoesNotCompile() throws {
    let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("Modules")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func typecheck(_ body: String) throws -> Command {
      try Data(
        """
        import Snapshots
        struct Plain {}
        struct Named: Snapshottable {
          static var snapshotting: Snapshotting<Named, String> { .dump }
        }
        func test() { \(body) }

        """.utf8
      ).write(to: folder.file("main.swift"))
      return try Command(
        "swiftc", ["-typecheck", "-I", modules.path, folder.file("main.swift").path],
        in: folder.url)
    }
    let conforming = try typecheck("assertSnapshot(of: Named())")
    #expect(conforming.status == 0, "\(conforming.output)")
    let plain = try typecheck("assertSnapshot(of: Plain())")
    #expect(plain.status != 0)
    #expect(
      plain.output.contains("requires that 'Plain' conform to 'Snapshottable'"), "\(plain.output)")
  }
}
