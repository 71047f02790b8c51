import Foundation
import InlineSnapshots
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsCompatibility
import Synchronization
import TestSupport
import Testing

/// The assertion in the test process: compares, fails with a diff, leaves a pending record and
/// never edits the source.
@Suite struct AssertInlineSnapshotTests {
  struct User { var name: String }

  @Test func matchingReferencePasses() {
    assertInlineSnapshot(of: User(name: "Ann"), as: .dump) {
      """
      ▿ User
        - name: "Ann"

      """
    }
  }

  /// The literal holds the filtered text: another run's id still matches it.
  @Test func filtersApplyToInlineSnapshots() {
    assertInlineSnapshot(of: "session \(UUID().uuidString)", as: .lines.filtered([.uuids])) {
      """
      session <UUID>
      """
    }
  }

  @Test func differenceFailsWithADiffAndLeavesARecord() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let issues = Mutex<[String]>([])
    let line = #line + 2
    withKnownIssue {
      assertInlineSnapshot(of: "new", as: .lines) {
        """
        old
        """
      }
    } matching: { issue in
      issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    let message = try #require(issues.withLock { $0.first })
    #expect(message.contains("The inline snapshot does not match (assertInlineSnapshot at "))
    #expect(message.contains("-old\n\\ No newline at end of file\n+new"))
    #expect(message.contains("snapshot-record"))
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.oldText == "old")
    #expect(record.newText == "new")
    // `#column` points at the argument list.
    #expect(record.column == 27)
    #expect(record.functionName == "assertInlineSnapshot")
    #expect(record.sourceHash == ContentHash.of(source))
    #expect(try String(contentsOfFile: #filePath, encoding: .utf8) == source)
  }

  @Test func missingReferenceShowsTheActualText() throws {
    let issues = Mutex<[String]>([])
    let line = #line + 2
    withKnownIssue {
      assertInlineSnapshot(of: ["a": 1], as: .dump)
    } matching: { issue in
      issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    #expect(issues.withLock { $0.first }?.contains("No inline snapshot yet") == true)
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.oldText == nil)
    #expect(
      record.newText == "▿ 1 key/value pair\n  ▿ (2 elements)\n    - key: \"a\"\n    - value: 1\n")
  }

  /// A value's own pattern syntax reaches the rewriter in its literal form, which the literal
  /// then matches.
  @Test func patternSyntaxInTheValueIsRecordedInItsLiteralForm() throws {
    let value = "slice a[..] end\n...\nid <UUID-1>"
    let line = #line + 1
    withKnownIssue { assertInlineSnapshot(of: value, as: .lines) }
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.newText == "slice a[[..]] end\n[[...]]\nid <[[UUID-1]]>")
    assertInlineSnapshot(of: value, as: .lines) {
      """
      slice a[[..]] end
      [[...]]
      id <[[UUID-1]]>
      """
    }
  }

  @Test func customHelperRecordsItsOwnDescriptor() throws {
    let line = #line + 1
    withKnownIssue { assertGreeting("Bo") }
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.functionName == "assertGreeting")
    #expect(record.closureLabel == "greeting")
    #expect(record.newText == "Hello, Bo!")
  }

  /// Fails on purpose in a child process whose record mode variable is misspelt.
  @Test(.enabled(if: Probe.isRunning("invalidRecordModeProbe")))
  func invalidRecordModeProbe() {
    assertInlineSnapshot(of: "same", as: .lines) {
      """
      same
      """
    }
  }

  @Test func invalidRecordModeFailsEvenAMatchingSnapshot() async throws {
    let probe = try await Probe.run(
      "invalidRecordModeProbe", environment: ["SNAPSHOT_TESTING_RECORD": "yes"])
    #expect(probe.status != 0, "\(probe.output)")
    #expect(
      probe.output.contains(
        "SNAPSHOT_TESTING_RECORD=yes is not a record mode; use one of: all, missing, failed, never"),
      "\(probe.output)")
  }

  /// Fails on purpose in a child process that `snapshot-record` would have started.
  @Test(.enabled(if: Probe.isRunning("insideRecordCommandProbe")))
  func insideRecordCommandProbe() {
    assertInlineSnapshot(of: "new", as: .lines) {
      """
      old
      """
    }
  }

  @Test func underTheRecordCommandMessagesDoNotNameIt() async throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    let probe = try await Probe.run(
      "insideRecordCommandProbe",
      environment: ["SNAPSHOTS_RUN": "record-probe", "SNAPSHOTS_PENDING_DIRECTORY": store.path])
    #expect(probe.status != 0)
    #expect(probe.output.contains("The inline snapshot does not match"), "\(probe.output)")
    #expect(!probe.output.contains("run: swift package"), "\(probe.output)")
    #expect(!probe.output.contains("\u{1B}["), "no colour when output is not a terminal")
    let run = try PendingRun.load(store.url.appendingPathComponent("record-probe"))
    #expect(run.entries.count == 1)
  }

  private func assertGreeting(
    _ name: String, greeting: (() -> String)? = nil, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    assertInlineSnapshot(
      of: "Hello, \(name)!", as: .lines,
      syntax: InlineSnapshotSyntax(functionName: "assertGreeting", closureLabel: "greeting"),
      matches: greeting, file: file, line: line, column: column)
  }
}
