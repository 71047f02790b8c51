import Foundation
import Testing

@_spi(Tooling) @testable import Snapshots

/// Every result's message, made from the result and the settings alone.
@Suite struct FailureMessageTests {
  typealias Result = SnapshotResult

  let local = SnapshotSettings(record: .missing)
  let neverByDefault = SnapshotSettings(record: .never, recordSource: .defaultMode)
  let command = SnapshotSettings(record: .never, recordSource: .recordCommand)
  let difference = SnapshotDifference("-a\n+b")

  func keptFile(pendingError: String? = nil) -> Result.Kept {
    .file(
      Result.KeptFile(
        referencePath: "/p/x.1.txt", actual: URL(fileURLWithPath: "/a/x.1.txt"),
        artifacts: [URL(fileURLWithPath: "/a/x.1.difference.png")], pendingError: pendingError,
        attachments: []))
  }

  func text(_ result: Result, _ settings: SnapshotSettings?) -> String {
    FailureMessage.text(for: result, settings: settings) ?? "(matched)"
  }

  @Test func aMatchHasNoMessage() {
    #expect(FailureMessage.text(for: .matched, settings: local) == nil)
  }

  @Test func recordedSaysWhereAndWhatItAccepted() {
    #expect(
      text(.recorded(.missing, path: "/p/x.1.txt"), local)
        == "Recorded snapshot: /p/x.1.txt\nRe-run the test to verify it.")
    #expect(
      text(.recorded(.differs(difference), path: "/p/x.1.txt"), local)
        == "The snapshot does not match its reference. Recorded a new snapshot over it: /p/x.1.txt\n\n-a\n+b\n\nRe-run the test to verify it."
    )
  }

  @Test func aKeptFileSaysWhereEachFileIsAndTheFix() {
    #expect(
      text(.kept(.differs(difference), keptFile()), local) == """
        The snapshot does not match its reference: /p/x.1.txt

        -a
        +b

        Actual:    /a/x.1.txt
        Artifact:  /a/x.1.difference.png
        To accept the actual value, run: swift package --allow-writing-to-package-directory snapshot-record
        """)
    #expect(
      text(.kept(.missing, keptFile()), neverByDefault).hasSuffix(
        "Nothing was written: the record mode is never (the default when CI is set). To record it, run: swift package --allow-writing-to-package-directory snapshot-record"
      ))
    #expect(
      text(.kept(.unreadable("bad byte"), keptFile()), local).hasPrefix(
        "The reference could not be read (bad byte): /p/x.1.txt"))
    #expect(
      text(.kept(.unreadable("bad byte"), keptFile()), local).hasSuffix(
        "The reference was left as it is. To replace it, run: swift package --allow-writing-to-package-directory snapshot-record"
      ))
  }

  @Test func underTheRecordCommandTheFixIsLeftToIt() {
    #expect(
      text(.kept(.missing, keptFile()), command).hasSuffix(
        "Left for snapshot-record, which decides what is written."))
  }

  @Test func heldBackModeSaysWhyNothingWasWritten() throws {
    let settings = try SnapshotSettings.resolve(
      record: .missing, scope: nil, environment: ["CI": "1"])
    #expect(
      text(.kept(.missing, keptFile()), settings).hasSuffix(
        "Nothing was written: CI is set, so the record mode .missing chosen in code is not used there; set SNAPSHOT_TESTING_RECORD on CI to record anyway."
      ))
  }

  @Test func aChosenDiffToolIsShownForADifferenceOnly() {
    var settings = local
    settings.diffTool = "meld"
    #expect(
      text(.kept(.differs(difference), keptFile()), settings).contains(
        "Compare:   meld /p/x.1.txt /a/x.1.txt"))
    #expect(!text(.kept(.missing, keptFile()), settings).contains("Compare:"))
  }

  @Test func aLostRecordReplacesTheFix() {
    let message = text(.kept(.missing, keptFile(pendingError: "no space")), local)
    #expect(message.hasSuffix("The actual value could not be kept for snapshot-record: no space"))
    #expect(!message.contains("To record it"))
  }

  @Test func aFailureThatKeptNothingIsItsOwnMessage() {
    #expect(
      text(.failed(.captureFailed, "Could not snapshot the value: Boom"), nil)
        == "Could not snapshot the value: Boom")
  }

  func inline(
    reference: String?, actual: String?, pending: Result.KeptInline.Pending,
    message: String = "", record: SnapshotTestingConfiguration.Record? = nil,
    recordable: Bool = true
  ) -> Result.Kept {
    .inline(
      Result.KeptInline(
        site: InlineSite(
          reference: reference, record: record, message: message,
          functionName: "assertInlineSnapshot", closureLabel: "matches",
          trailingClosureIndex: 0, formerClosureLabels: [], isRecordable: recordable,
          fileID: "App/T.swift", filePath: "/p/T.swift", function: "t()", line: 12, column: 3),
        actual: actual, pending: pending))
  }

  @Test func inlineMessagesSayWhatDiffersAndWhatTheCommandDoes() {
    #expect(
      text(
        .kept(
          .differs(difference), inline(reference: "a", actual: "b", pending: .kept, message: "Why")),
        local)
          == """
          Why
          The inline snapshot does not match (assertInlineSnapshot at App/T.swift:12).

          -a
          +b

          To write it into the source, run: swift package --allow-writing-to-package-directory snapshot-record
          """)
    #expect(
      text(.kept(.missing, inline(reference: nil, actual: "b", pending: .kept)), command) == """
        No inline snapshot yet (assertInlineSnapshot at App/T.swift:12). The actual text:

        b

        """)
    #expect(
      text(.kept(.unexpectedReference, inline(reference: "a", actual: nil, pending: .kept)), local)
        == """
        The value is nil, so the call should have no matches: closure (assertInlineSnapshot at App/T.swift:12).

        To remove it from the source, run: swift package --allow-writing-to-package-directory snapshot-record
        """)
    #expect(
      text(.kept(.missing, inline(reference: nil, actual: "b", pending: .recordingOff)), local)
        .hasSuffix(
          "Recording is off for this assertion (record: .never); edit the source by hand."))
    #expect(
      text(.kept(.missing, inline(reference: nil, actual: "b", pending: .failed("full"))), local)
        .hasSuffix("The new text could not be kept for snapshot-record: full"))
  }

  @Test func theDeprecatedSpellingSaysItIsNotRecorded() {
    let message = text(
      .kept(
        .differs(difference),
        inline(
          reference: "a", actual: "b", pending: .notRecordable, record: .all, recordable: false)),
      local)
    #expect(
      message.hasPrefix(
        "The inline snapshot does not match (record: true cannot write it).\n\n-a\n+b\n"))
    #expect(
      message.hasSuffix("assertInlineSnapshot(of:as:) from InlineSnapshots to have it recorded."))
  }

  @Test func eachResultHasTheKindTheToolCounts() {
    #expect(Result.matched.failureKind == nil)
    #expect(Result.recorded(.missing, path: "/x").failureKind == .recorded)
    #expect(Result.kept(.missing, keptFile()).failureKind == .mismatch)
    #expect(Result.kept(.missing, keptFile(pendingError: "full")).failureKind == .recordLost)
    #expect(
      Result.kept(.missing, inline(reference: nil, actual: "b", pending: .recordingOff))
        .failureKind == .recordingOff)
    #expect(Result.failed(.nameConflict, "x").failureKind == .nameConflict)
  }
}
