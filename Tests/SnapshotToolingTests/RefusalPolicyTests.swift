import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// What may be written, case by case, as values: no file is read or written.
@Suite struct RefusalPolicyTests {
  static func record(
    _ test: String = "render()", hash: String? = "h1", helper: Bool? = nil
  ) -> PendingFileRecord {
    var record = PendingFileRecord(
      referencePath: "/P/Tests/A/__Snapshots__/T/render.1.txt", dataFile: "d", testName: test,
      sourceFile: "/P/Tests/A/T.swift", line: 3, sourceHash: hash)
    record.namedByHelper = helper
    return record
  }

  func reference(
    _ policy: RefusalPolicy, _ records: [PendingFileRecord], values: [String] = ["a"],
    now: String? = "h1", written: Set<String> = [], declared: Int? = nil
  ) -> Refusal? {
    policy.reference(
      records, values: values.map { Data($0.utf8) },
      sourcesNow: ["/P/Tests/A/T.swift": now], written: written, declared: declared,
      relative: { String($0.dropFirst(3)) })
  }

  @Test func aReferenceOfAnUnchangedTestIsWritten() {
    #expect(reference(RefusalPolicy(), [Self.record()]) == nil)
    // A record made before hashes were kept, or of a source that cannot be read now.
    #expect(reference(RefusalPolicy(), [Self.record(hash: nil)], now: "h2") == nil)
    #expect(reference(RefusalPolicy(), [Self.record()], now: nil) == nil)
  }

  @Test func aTestEditedSinceTheRunKeepsItsRecordsPending() throws {
    let refusal = try #require(reference(RefusalPolicy(), [Self.record()], now: "h2"))
    #expect(refusal == .sourceChanged(test: "Tests/A/T.swift"))
    #expect(refusal.keepsRecords)
    #expect(refusal.description.hasPrefix("its test Tests/A/T.swift changed since the tests ran"))
    // Unless this run's own apply wrote that text (it changes closures only).
    #expect(reference(RefusalPolicy(), [Self.record()], now: "h2", written: ["h2"]) == nil)
  }

  @Test func aPartialRunCannotTellWhoseAHelpersOrASharedNameIs() {
    let partial = RefusalPolicy(partialRun: true)
    let helper = [Self.record("check()", helper: true)]
    #expect(reference(partial, helper) == .namedByHelper(test: "check()"))
    #expect(reference(RefusalPolicy(), helper) == nil)
    #expect(
      reference(partial, [Self.record()], declared: 2)
        == .nameDeclaredTwice(count: 2, file: "Tests/A/T.swift", test: "render()"))
    #expect(reference(partial, [Self.record()], declared: 1) == nil)
    #expect(reference(partial, helper)?.keepsRecords == false)
  }

  @Test func oneReferenceWithTwoValuesIsALoop() {
    let records = [Self.record(), Self.record()]
    #expect(reference(RefusalPolicy(), records, values: ["a", "b"]) == .differentValues(2))
    #expect(reference(RefusalPolicy(), records, values: ["a", "a"]) == nil)
    // A changed source is said first: running the tests again is what fixes both.
    #expect(
      reference(RefusalPolicy(), records, values: ["a", "b"], now: "h2")
        == .sourceChanged(test: "Tests/A/T.swift"))
  }

  @Test func inlineSourcesAndCalls() {
    let policy = RefusalPolicy.self
    #expect(policy.source(recorded: ["h1", "h1"], now: "h1") == nil)
    #expect(policy.source(recorded: ["h1", "h0"], now: "h1") == .sourceChanged(test: nil))
    #expect(policy.call(texts: ["a", "a"], line: 4, description: "call") == nil)
    let loop = policy.call(texts: ["a", nil], line: 4, description: "call of f")
    #expect(loop == .differentTexts(2, line: 4, call: "call of f"))
    #expect(loop?.description.hasPrefix("line 4: call of f recorded 2 different texts") == true)
  }

  @Test func shardsThatDisagreeApplyNeither() {
    let policy = RefusalPolicy.self
    let (a, b) = (Data("a".utf8), Data("b".utf8))
    #expect(policy.shards(["s1", "s2"], contents: [a, b]) == .shardsDisagree(["s1", "s2"]))
    #expect(policy.shards(["s1", "s2"], contents: [a, a]) == nil)
    // One shard's records are its own run's, refused later if they disagree.
    #expect(policy.shards(["s1"], contents: [a, b]) == nil)
  }

  @Test func anInterruptedRunIsAppliedOnlyWhenAsked() {
    let entry = PendingRun.Entry(
      record: .file(Self.record()), url: URL(fileURLWithPath: "/P/r/render.record"))
    let run = PendingRun(
      directory: URL(fileURLWithPath: "/P/r"), entries: [entry], usedReferences: [])
    #expect(!RefusalPolicy().applies(run))
    #expect(RefusalPolicy(includeInterrupted: true).applies(run))
    var finished = run
    finished.complete = true
    #expect(RefusalPolicy().applies(finished))
    // Split in order, each run on one side.
    let split = RefusalPolicy().partition([run, finished, run])
    #expect(
      split.applied.map(\.complete) == [true] && split.left.map(\.complete) == [false, false])
    #expect(RefusalPolicy(includeInterrupted: true).partition([run, finished]).left.isEmpty)
  }

  @Test func whatIsKeptPending() {
    #expect(Refusal.notWritten("disk full").keepsRecords)
    #expect(Refusal.sourceNotUTF8.keepsRecords)
    #expect(Refusal.editsOverlap.keepsRecords)
    #expect(!Refusal.callNotFound(line: 2, call: "call").keepsRecords)
    for refusal: Refusal in [
      .nameConflict, .differentValues(2), .shardNotHere, .shardsDisagree(["a", "b"]),
    ] {
      #expect(!refusal.keepsRecords, "\(refusal)")
    }
    // Damaged records stay, for the user to read what the refusal names.
    #expect(Refusal.dataDamaged(file: "x.data", .missing).keepsRecords)
    #expect(Refusal.recordDamaged("it is empty").keepsRecords)
    // A group's part of a change that could not be decided leaves the change pending whole.
    #expect(Refusal.partOfShard.keepsRecords && Refusal.hunkGone.keepsRecords)
  }

  /// A file record's bytes are written only when they are the size and digest it carries:
  /// not cut short, not another record's, not gone; an older version's record, which carries
  /// neither, is taken as it is.
  @Test func damagedDataIsRefused() {
    let policy = RefusalPolicy()
    let bytes = Data("whole value\n".utf8)
    var record = Self.record()
    record.dataSize = bytes.count
    record.dataSHA256 = SHA256.hex(bytes)
    #expect(policy.data(bytes, of: record, file: "d") == nil)
    #expect(
      policy.data(bytes.prefix(5), of: record, file: "d")
        == .dataDamaged(file: "d", .size(found: 5, recorded: 12)))
    #expect(
      policy.data(Data("other value\n".utf8), of: record, file: "d")
        == .dataDamaged(file: "d", .digest))
    #expect(policy.data(nil, of: record, file: "d") == .dataDamaged(file: "d", .missing))
    #expect(policy.data(bytes.prefix(5), of: Self.record(), file: "d") == nil, "unchecked")
    #expect(
      "\(Refusal.dataDamaged(file: ".build/snapshots/pending/r/1.data", .size(found: 5, recorded: 12)))"
        == "its pending data .build/snapshots/pending/r/1.data holds 5 bytes, not the 12 recorded (cut short, or another change's); nothing is written from it: run the tests again (snapshot-record) to record it anew, or drop it with snapshot-record --reject ID (--pending lists its id)"
    )
  }
}
