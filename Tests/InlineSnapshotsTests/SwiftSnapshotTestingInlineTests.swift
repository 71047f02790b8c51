import Foundation
import InlineSnapshots
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsCompatibility
import Synchronization
import Testing

/// swift-snapshot-testing's inline spellings: an optional value (`nil`: no reference), `record:`,
/// and helpers described by `InlineSnapshotSyntaxDescriptor` without a function name.
@Suite struct SwiftSnapshotTestingInlineTests {
  @Test func aNilValueWithoutAReferencePasses() {
    assertInlineSnapshot(of: nil as String?, as: .lines)
  }

  @Test func anOptionalValueIsSnapshotUnwrapped() {
    let value: Int? = 7
    assertInlineSnapshot(of: value, as: .description) {
      """
      7
      """
    }
  }

  @Test func aNilValueWithAReferenceFailsAndAsksToRemoveIt() throws {
    let line = #line + 2
    let messages = failures {
      assertInlineSnapshot(of: nil as String?, as: .lines) {
        """
        old
        """
      }
    }
    #expect(
      messages.first?.contains("The value is nil, so the call should have no matches: closure")
        == true)
    #expect(messages.first?.contains("To remove it from the source, run") == true)
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.oldText == "old")
    #expect(record.newText == nil)
  }

  @Test func recordNeverLeavesNothingForTheTool() throws {
    let line = #line + 2
    let messages = failures {
      assertInlineSnapshot(of: "new", as: .lines, record: .never) {
        """
        old
        """
      }
    }
    #expect(
      messages.first?.contains("Recording is off for this assertion (record: .never)") == true)
    #expect(try takeInlineRecord(file: #filePath, line: line) == nil)
  }

  @Test func aDescriptorWithoutANameRecordsThePositionAndItsLabels() throws {
    let line = #line + 1
    let messages = failures { assertMacroLike("#a") }
    #expect(messages.first?.contains("No inline snapshot yet (inline snapshot at ") == true)
    let record = try #require(try takeInlineRecord(file: #filePath, line: line))
    #expect(record.functionName == "")
    // `#column` of a default argument: just after the callee.
    #expect(record.column == 46)
    #expect(record.closureLabel == "expansion")
    #expect(record.trailingClosureIndex == 1)
    #expect(record.formerClosureLabels == ["matches"])
    #expect(record.newText == "expanded #a")
  }

  @Test func failReportsAtTheCall() {
    let messages = failures {
      InlineSnapshotSyntax(functionName: nil).fail(
        "bad input", fileID: #fileID, file: #filePath, line: #line, column: #column)
    }
    #expect(messages == ["bad input"])
  }

  /// A helper as swift-macro-testing writes one on swift-snapshot-testing.
  @available(*, deprecated)
  private func assertMacroLike(
    _ source: String, expansion: (() -> String)? = nil, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    assertInlineSnapshot(
      of: "expanded \(source)", as: .lines,
      syntaxDescriptor: InlineSnapshotSyntaxDescriptor(
        deprecatedTrailingClosureLabels: ["matches"], trailingClosureLabel: "expansion",
        trailingClosureOffset: 1),
      matches: expansion, file: file, line: line, column: column)
  }

  private func failures(_ body: () -> Void) -> [String] {
    let messages = Mutex<[String]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    return messages.withLock { $0 }
  }
}

/// Finds the record a file's `line` left in the current run, and removes it.
func takeInlineRecord(file: String, line: Int) throws -> PendingInlineRecord? {
  let directory = PendingStore.runDirectory(testFilePath: file)
  guard FileManager.default.fileExists(atPath: directory.path) else { return nil }
  let run = try PendingRun.load(directory)
  for entry in run.entries {
    if case .inline(let record) = entry.record, record.sourceFile == file, record.line == line {
      try FileManager.default.removeItem(at: entry.url)
      return record
    }
  }
  return nil
}
