import Foundation
import TestSupport
import Testing

/// References that say what matters, through the plugin.
///
/// An exchange whose response echoes the
/// request's ids reads `<UUID-1>` on both sides and fails when two are swapped; a command's
/// output with `took [..] ms` and a `...` line passes on other timings and extra lines, and
/// recording after another line changed keeps both patterns, in a file and inline. Then the
/// test binary runs from a copy of the package elsewhere (`SNAPSHOTS_WORKSPACE_ROOT`), as on a
/// machine other than the one that built it. Last, values that hold pattern syntax are recorded
/// in its literal form, and fail once changed.
struct Patterns {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/PatternTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/PatternTests"

  static let source = #"""
    import Foundation
    import InlineSnapshots
    import SnapshotsCommandOutput
    import SnapshotsHTTP
    import Testing

    // Another time and 0 to 3 more lines each run; the total from the environment.
    let script = """
      echo header; echo "took $$ ms"; i=0
      while [ $i -lt $(($$ % 4)) ]; do echo "noise $i"; i=$((i+1)); done
      echo "total ${APP_TOTAL:-3}"; echo footer
      """
    let timed = Command("sh", "-c", script, inheriting: ["APP_TOTAL"])

    @Test func timedOutput() { assertSnapshot(of: timed, as: .output) }

    @Test func timedInline() { assertInlineSnapshot(of: timed, as: .output) }

    @Test func echoed() {
      let (order, customer) = (UUID().uuidString, UUID().uuidString)
      let swapped = ProcessInfo.processInfo.environment["APP_SWAP"] == "1"
      let request = HTTPRequest(
        method: .post, scheme: "http", authority: "shop", path: "/orders/\(order)?for=\(customer)")
      let response = HTTPResponse(status: .created, headerFields: [.contentType: "text/plain"])
      let body = "order \(swapped ? customer : order)\ncustomer \(swapped ? order : customer)\n"
      assertSnapshot(
        of: HTTPExchange(request: request, requestBody: [], response: response, responseBody: Array(body.utf8)),
        as: .http(filters: [.uuids]))
    }

    // Values that hold pattern syntax, and changes their references would let pass if the
    // syntax were recorded as is.
    let change = ProcessInfo.processInfo.environment["APP_CHANGE"] == "1"

    @Test func literalWildcard() {
      assertSnapshot(of: change ? "slice a[1...3] end" : "slice a[..] end", as: .lines)
    }

    @Test func literalEllipsis() { assertSnapshot(of: change ? "a\nx\nb" : "a\n...\nb", as: .lines) }

    @Test func literalPlaceholder() {
      let id = UUID().uuidString
      assertSnapshot(
        of: "id \(id) docs \(change ? "<UUID-2>" : "<UUID-1>")", as: .lines.filtered([.uuids]))
    }

    @Test func literalEscape() { assertSnapshot(of: change ? "[..]" : "[[..]]", as: .lines) }

    @Test func literalInline() {
      assertInlineSnapshot(
        of: change ? "slice a[1...3] end\nx\nid <UUID-2>\n[..]" : "slice a[..] end\n...\nid <UUID-1>\n[[..]]",
        as: .lines)
    }

    """#

  func run() throws {
    try package.recording(Self.test, Self.source, folder: Self.folder, suite: "PatternTests") {
      try echoedIdsAreNumberedAlikeAndASwapFails()
      try patternsPassAndSurviveRecording()
      try aCopyElsewhereUsesItsOwnReferences()
      try aRootThatDoesNotHoldTheTestsWritesNothing()
      try aValueWithEachPatternSyntaxFailsOnceChanged()
    }
  }

  /// Each pattern syntax in a value, recorded by the plugin in its literal form (in a file and
  /// inline), passes again with new ids, and fails once the value changes.
  private func aValueWithEachPatternSyntaxFailsOnceChanged() throws {
    let recorded = [
      "literalWildcard": "slice a[[..]] end", "literalEllipsis": "a\n[[...]]\nb",
      "literalPlaceholder": "id <UUID-1> docs <[[UUID-1]]>", "literalEscape": "[[[..]]]",
    ]
    for (test, text) in recorded {
      #expect(try package.read(Self.folder + "/\(test).1.txt") == text, "\(test)")
    }
    let source = try package.read(Self.test)
    #expect(
      source.range(
        of:
          #"\n *slice a\[\[\.\.\]\] end\n *\[\[\.\.\.\]\]\n *id <\[\[UUID-1\]\]>\n *\[\[\[\.\.\]\]\]\n"#,
        options: .regularExpression) != nil, "\(source)")
    let passing = try package.swift(["test", "--filter", "literal"])
    #expect(passing.status == 0, "\(passing.output)")
    let changed = try package.swift(
      ["test", "--filter", "literal"], environment: ["APP_CHANGE": "1"])
    #expect(changed.status != 0)
    for test in Array(recorded.keys) + ["literalInline"] {
      #expect(changed.output.contains("Test \(test)() failed"), "\(test): \(changed.output)")
    }
    try FileManager.default.removeItem(
      at: package.folder.url.appendingPathComponent(".build/snapshots/pending"))
  }

  private func echoedIdsAreNumberedAlikeAndASwapFails() throws {
    let exchange = try package.read(Self.folder + "/echoed.1.http")
    #expect(exchange.contains("POST /orders/<UUID-1>?for=<UUID-2> HTTP/1.1"), "\(exchange)")
    #expect(exchange.contains("order <UUID-1>\ncustomer <UUID-2>\n"), "\(exchange)")
    #expect(try package.swift(["test", "--filter", "echoed"]).status == 0, "new ids each run")
    let swapped = try package.swift(["test", "--filter", "echoed"], environment: ["APP_SWAP": "1"])
    #expect(swapped.status != 0)
    let changed = swapped.output.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter {
      ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
    }
    #expect(
      Array(Set(changed)).sorted()
        == ["+customer <UUID-1>", "+order <UUID-2>", "-customer <UUID-2>", "-order <UUID-1>"],
      "\(swapped.output)")
  }

  /// Writes the patterns by hand, as a user would, into the file and the inline reference.
  private func patternsPassAndSurviveRecording() throws {
    let file = Self.folder + "/timedOutput.1.txt"
    func withPatterns(_ text: String) -> String {
      text.replacingOccurrences(
        of: #"took [0-9]+ ms"#, with: "took [..] ms", options: .regularExpression
      )
      .replacingOccurrences(
        of: #"(\n *)((noise [0-9]\n *)*)(total)"#, with: "$1...$1$4", options: .regularExpression)
    }
    try package.write(file, withPatterns(try package.read(file)))
    try package.write(Self.test, withPatterns(try package.read(Self.test)))
    for text in [try package.read(file), try package.read(Self.test)] {
      #expect(
        text.contains("took [..] ms") && text.contains("...\n")
          && text.range(of: #"\n *noise [0-9]"#, options: .regularExpression) == nil,
        "\(text)")
    }
    for _ in 0..<2 {
      let passing = try package.swift(["test", "--filter", "timed"])
      #expect(passing.status == 0, "\(passing.output)")
    }
    let recorded = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record", "--filter", "timed"],
      environment: ["APP_TOTAL": "4"])
    #expect(recorded.status == 0, "\(recorded.output)")
    for text in [try package.read(file), try package.read(Self.test)] {
      #expect(
        text.contains("took [..] ms") && text.contains("...\n") && text.contains("total 4")
          && !text.contains("total 3")
          && text.range(of: #"\n *noise [0-9]"#, options: .regularExpression) == nil, "\(text)")
    }
    let again = try package.swift(["test", "--filter", "timed"], environment: ["APP_TOTAL": "4"])
    #expect(again.status == 0, "\(again.output)")
  }

  private func aCopyElsewhereUsesItsOwnReferences() throws {
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    for item in ["Package.swift", "Tests"] {
      try FileManager.default.copyItem(
        at: package.folder.url.appendingPathComponent(item), to: copy.file(item))
    }
    let reference = copy.file(Self.folder + "/timedOutput.1.txt")
    let text = try String(contentsOf: reference, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "total 4", with: "total 5").utf8).write(to: reference)
    let binary = try #require(package.builtProduct("AppPackageTests.xctest"))
    let root = copy.url.standardizedFileURL.path
    func run(_ environment: [String: String]) throws -> Command {
      try Command(
        binary.path, ["--testing-library", "swift-testing", "--filter", "timedOutput"],
        in: copy.url,
        environment: package.environment.merging(environment.merging(["APP_TOTAL": "4"]) { $1 }) {
          $1
        })
    }
    // Compiled here, it reads this package's references, where nothing changed.
    #expect(try run([:]).status == 0)
    let moved = try run([
      "SNAPSHOTS_WORKSPACE_ROOT": root, "SNAPSHOT_ARTIFACTS": root + "/artifacts",
    ])
    #expect(moved.status != 0)
    #expect(
      moved.output.contains("its reference: \(root)/\(Self.folder)/timedOutput.1.txt"),
      "\(moved.output)")
    #expect(moved.output.contains("Actual:    \(root)/artifacts/"), "\(moved.output)")
    let store = copy.file(".build/snapshots/pending")
    let records = FileManager.default.enumerator(atPath: store.path)?.allObjects as? [String] ?? []
    let record = try #require(records.first { $0.hasSuffix(".record") })
    #expect(
      try String(contentsOf: store.appendingPathComponent(record), encoding: .utf8)
        .contains(
          #""sourceFile":"\#(root.replacingOccurrences(of: "/", with: "\\/"))\/Tests\/AppTests\/PatternTests.swift""#
        ))
  }

  /// A root that does not exist, is a file, or is another package's folder fails every
  /// assertion with a message that names the variable; although recording is asked for and the
  /// value changed, nothing is written: no reference, inline record or artifact, in the package
  /// the binary was compiled in or in that folder.
  private func aRootThatDoesNotHoldTheTestsWritesNothing() throws {
    let other = try TemporaryDirectory()
    defer { other.remove() }
    try Data("// swift-tools-version: 6.0\n".utf8).write(to: other.file("Package.swift"))
    let binary = try #require(package.builtProduct("AppPackageTests.xctest"))
    func written() throws -> [String: String] {
      var files: [String: String] = [:]
      for folder in ["Tests", ".build/snapshots", ".build/snapshot-artifacts"] {
        let url = package.folder.url.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]
        for path in paths ?? [] {
          files[folder + "/" + path] =
            (try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }
      }
      return files
    }
    let before = try written()
    for root in ["/nonexistent", "/etc/passwd", other.url.standardizedFileURL.path] {
      let run = try Command(
        binary.path, ["--testing-library", "swift-testing", "--filter", "timed"],
        in: package.folder.url,
        environment: package.environment.merging([
          "SNAPSHOTS_WORKSPACE_ROOT": root, "SNAPSHOT_TESTING_RECORD": "all", "APP_TOTAL": "7",
        ]) { $1 })
      #expect(run.status != 0)
      let refusal = "SNAPSHOTS_WORKSPACE_ROOT is \(root), which "
      #expect(run.output.components(separatedBy: refusal).count >= 3, "\(run.output)")
      #expect(try written() == before, "\(root)")
    }
    #expect(try other.contents() == ["Package.swift"])
  }
}
