import Foundation
import TestSupport
import Testing

@testable import Snapshots

/// Text filters: what each built-in replaces, the order they compose in, and that a reference
/// holds the filtered text so that another run's ids and dates still match it.
@Suite struct FilterTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  func filtered(_ text: String, _ filters: [SnapshotFilter], packageRoot: String? = nil) throws
    -> String
  {
    try SnapshotFilter.apply(filters, to: text, packageRoot: packageRoot)
  }

  @Test func eachBuiltInReplacesWhatVariesBetweenRuns() throws {
    #expect(
      try filtered("id: 2F1C4A9E-0B7D-4C41-9D3E-5A6B7C8D9E0F, x", [.uuids]) == "id: <UUID-1>, x")
    #expect(try filtered("id 2f1c4a9e-0b7d-4c41-9d3e-5a6b7c8d9e0f", [.uuids]) == "id <UUID-1>")
    #expect(
      try filtered(
        "at 2026-11-23T09:41:00Z and 2026-11-23T09:41:00.123+01:00, on 2026-11-23",
        [.iso8601Dates]) == "at <date-1> and <date-2>, on 2026-11-23")
    #expect(
      try filtered("Date: Mon, 23 Nov 2026 09:41:00 GMT\n", [.httpDates]) == "Date: <date-1>\n")
    #expect(
      try filtered("<Session: 0x00006000016c4000> at 0x7f", [.pointerAddresses])
        == "<Session: 0x<address>> at 0x7f")
    #expect(try filtered("a\r\nb\r\n", [.crlfLineEndings]) == "a\nb\n")
    #expect(
      try filtered(
        "X-Request-ID: 9f86d081\ninfo shop: Loaded {hb.request.id=9f86d081, order=42}\nrequest_id=x",
        [.requestIDs])
        == "X-Request-ID: <request-id-1>\ninfo shop: Loaded {hb.request.id=<request-id-1>, order=42}\nrequest_id=<request-id-2>"
    )
    #expect(
      try filtered("a request id: none, paid=1", [.requestIDs]) == "a request id: none, paid=1")
    // A group named `value` is all a numbering filter replaces, flat or not.
    let token = SnapshotFilter.regex(#"token=(?<value>\w+)"#, placeholder: "token")
    #expect(
      try filtered("token=a b token=c token=a", [token])
        == "token=<token-1> b token=<token-2> token=<token-1>")
    #expect(try filtered("token=a b", [token.flat]) == "token=<token> b")
  }

  @Test func pathsAreReplacedOnlyWhole() throws {
    let home = NSHomeDirectory()
    #expect(try filtered("\(home)/notes.txt", [.homeDirectory]) == "<home>/notes.txt")
    #expect(try filtered("\(home)-old/notes.txt", [.homeDirectory]) == "\(home)-old/notes.txt")
    let temporary = FileManager.default.temporaryDirectory.path
    #expect(try filtered("\(temporary)/x.txt", [.temporaryDirectory]) == "<tmp>/x.txt")
    #expect(
      try filtered(
        "/Users/ann/App/Sources/a.swift and /Users/ann/Apps", [.packageDirectory],
        packageRoot: "/Users/ann/App") == "<package>/Sources/a.swift and /Users/ann/Apps")
    #expect(try filtered("/Users/ann/App", [.packageDirectory]) == "/Users/ann/App")
  }

  @Test func filtersApplyInTheOrderGiven() throws {
    let path = "/home/ann/App/Sources/a.swift"
    let packageFirst = try filtered(
      path, [.packageDirectory, .regex("/home/ann", replacement: "<home>")],
      packageRoot: "/home/ann/App")
    #expect(packageFirst == "<package>/Sources/a.swift")
    let homeFirst = try filtered(
      path, [.regex("/home/ann", replacement: "<home>"), .packageDirectory],
      packageRoot: "/home/ann/App")
    #expect(homeFirst == "<home>/App/Sources/a.swift")
    #expect(
      try filtered("token=abc123&x=1", [.regex(#"token=(\w)\w*"#, replacement: "token=$1…")])
        == "token=a…&x=1")
  }

  @Test func theReferenceHoldsTheFilteredTextAndAnotherRunMatchesIt() throws {
    defer { folder.remove() }
    func verify(_ id: UUID, record: SnapshotTestingConfiguration.Record) -> String? {
      verifySnapshot(
        of: "order \(id.uuidString) placed", as: .lines.filtered([.uuids]), named: "order",
        record: record, snapshotDirectory: folder.path, testName: "order()")
    }
    #expect(verify(UUID(), record: .all)?.hasPrefix("Recorded snapshot") == true)
    #expect(
      try String(contentsOf: folder.file("order.order.txt"), encoding: .utf8)
        == "order <UUID-1> placed")
    #expect(verify(UUID(), record: .never) == nil)
  }

  @Test func scopesAndTheStrategyComposeAndTheMessageNamesThem() throws {
    defer { folder.remove() }
    try Data("<date>: <UUID> changed".utf8).write(to: folder.file("scoped.when.txt"))
    let message = withSnapshotTesting(filters: [.httpDates]) {
      withSnapshotTesting(filters: [.regex("changed", replacement: "kept")]) {
        verifySnapshot(
          of: "Tue, 24 Nov 2026 10:00:00 GMT: \(UUID().uuidString) changed",
          as: .lines.filtered([.uuids]), named: "when", record: .never,
          snapshotDirectory: folder.path, testName: "scoped()")
      }
    }
    let text = try #require(message)
    #expect(text.contains("+<date-1>: <UUID-1> kept"), "\(text)")
    #expect(
      text.hasSuffix("Filtered before comparing: UUIDs, HTTP dates, /changed/."), "\(text)")
  }

  @Test func thePackageFolderIsNamedOnlyWhereAPackageHoldsTheTest() throws {
    defer { folder.remove() }
    try Data("at <package> changed".utf8).write(to: folder.file("where.here.txt"))
    try Data("at <package> changed".utf8).write(to: folder.file("where.nowhere.txt"))
    let package = try #require(PackageRoot.above(URL(fileURLWithPath: #filePath))).path
    func message(_ name: String, file: StaticString) -> String {
      verifySnapshot(
        of: "at \(package) kept", as: .lines.filtered([.packageDirectory]), named: name,
        record: .never, snapshotDirectory: folder.path, file: file, testName: "where()") ?? ""
    }
    #expect(
      message("here", file: #filePath).hasSuffix("Filtered before comparing: the package's folder.")
    )
    // No Package.swift above `/nowhere`: nothing is filtered, and the message says none was.
    let nowhere = message("nowhere", file: "/nowhere/Tests/WhereTests.swift")
    #expect(nowhere.contains("+at \(package) kept"), "\(nowhere)")
    #expect(!nowhere.contains("Filtered before comparing"), "\(nowhere)")
  }

  @Test(arguments: [
    (
      [SnapshotFilter.regex("", replacement: "<gone>")], "id 1",
      "The snapshot filter // has an empty pattern."
    ),
    (
      [.regex("x*", replacement: "<x>")], "id 1",
      "The snapshot filter /x*/ matches the empty string, so it would insert \"<x>\" everywhere; make it match at least one character."
    ),
    (
      [.uuids, .iso8601Dates], "550E8400-E29B-41D4-A716-446655440000 2026-11-24T01:00:00Z",
      "The snapshot filters UUIDs, ISO 8601 dates left nothing of the snapshot but their placeholders, so it could never fail; narrow them."
    ),
  ])
  func filtersThatCouldHideEverythingFailTheAssertion(
    filters: [SnapshotFilter], text: String, expected: String
  ) {
    defer { folder.remove() }
    let message = verifySnapshot(
      of: text, as: .lines.filtered(filters), named: "hidden", record: .all,
      snapshotDirectory: folder.path, testName: "hidden()")
    #expect(message == expected)
    #expect(!FileManager.default.fileExists(atPath: folder.file("hidden().hidden.txt").path))
  }

  @Test func anInvalidPatternFailsTheAssertionNamingIt() {
    let message = verifySnapshot(
      of: "x", as: .lines.filtered([.regex("(unclosed", replacement: "")]), named: "bad",
      record: .never, snapshotDirectory: folder.path, testName: "bad()")
    #expect(
      message?.hasPrefix("The snapshot filter /(unclosed/ is not a regular expression:") == true,
      "\(message ?? "nil")")
    folder.remove()
  }
}

/// A suite's filters apply once to each snapshot: the trait scopes the suite and, being
/// recursive, each of its tests again.
@Suite(.snapshots(filters: [.regex("a", replacement: "aa")]))
struct SuiteFilterTests {
  @Test func aSuitesFilterAppliesOnce() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let message = verifySnapshot(
      of: "bab", as: .lines, named: "once", record: .all, snapshotDirectory: folder.path,
      testName: "once()")
    #expect(message?.hasSuffix("Filtered before comparing: /a/.") == true, "\(message ?? "nil")")
    #expect(try String(contentsOf: folder.file("once.once.txt"), encoding: .utf8) == "baab")
  }
}
