import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// `--stability`'s comparison, on the values runs log: each kind told from its values, with a
/// fix, and nothing said of a value every run agrees on.
@Suite struct StabilityCheckTests {
  let facts = VaryingKind.Runs(
    processes: [], temporaryFolders: ["/tmp/", "/tmp/check/other-tmp"],
    hostName: "buildhost-7",
    userName: "ann")

  func entry(_ text: String?, key: String = "a.1.txt", process: Int32 = 100, raw: String? = nil)
    -> StabilityLog.Entry
  {
    StabilityLog.Entry(
      key: "/work/App/__Snapshots__/" + key, sourceFile: "/work/App/T.swift", line: 3,
      text: text, digest: text == nil ? "ab" : nil, unfiltered: raw, process: process)
  }

  /// The findings of one assertion whose runs logged `texts`, the last under the other
  /// environment, each run its own process.
  func findings(_ texts: [String]) -> [StabilityCheck.Finding] {
    var check = StabilityCheck(
      runs: texts.enumerated().map { [entry($1, process: Int32(100 + $0))] }, facts: facts)
    return check.findings()
  }

  @Test(arguments: [
    (
      ["id 3F2504E0-4F89-11D3-9A0C-0305E82C3301", "id 9B2C1E55-0A6D-4C1B-8E8E-2B0F6C5D7A10"],
      VaryingKind.uuid, "as: <strategy>.filtered([.uuids])"
    ),
    (
      ["at 2026-12-07T20:05:06Z", "at 2026-12-07T20:05:09Z"], .date,
      "as: <strategy>.filtered([.iso8601Dates])"
    ),
    (
      ["Date: Mon, 07 Dec 2026 20:05:06 GMT", "Date: Mon, 07 Dec 2026 20:05:07 GMT"], .date,
      "as: <strategy>.filtered([.httpDates])"
    ),
    (
      ["created 1796673906", "created 1796673911"], .date,
      ##"as: <strategy>.filtered([.regex(#"\b1\d{9}(\d{3})?\b"#, placeholder: "time")])"##
    ),
    (
      ["a <date-1>\nb <date-1>", "a <date-1>\nb <date-2>"], .numberedPlaceholder,
      ".iso8601Dates.flat in place of the numbering filter: one <date> for every value"
    ),
    (
      ["listening on 127.0.0.1:43567", "listening on 127.0.0.1:38211"], .port,
      ##"as: <strategy>.filtered([.regex(#":\d{2,5}\b"#, replacement: ":<port>")])"##
    ),
    (
      ["worker pid 100", "worker pid 101"], .processID,
      ##"as: <strategy>.filtered([.regex(#"pid \d+"#, replacement: "pid <pid>")])"##
    ),
    (
      ["took 0.0123 ms", "took 0.0311 ms"], .duration,
      ##"as: <strategy>.filtered([.regex(#"took \d+(\.\d+)?"#, replacement: "took <duration>")])"##
    ),
    (
      ["elapsed 12ms", "elapsed 15ms"], .duration,
      ##"as: <strategy>.filtered([.regex(#"elapsed \d+(\.\d+)?"#, replacement: "elapsed <duration>")])"##
    ),
    (
      ["total 22.84", "total 22.840000000000003"], .floatDigits,
      ##"String(format: "%.6f", value), where the value is made"##
    ),
    (
      [#"["pear": 2, "apple": 1, "fig": 4]"#, #"["fig": 4, "pear": 2, "apple": 1]"#], .memberOrder,
      "assertSnapshot(of: collection, as: .dump): the dictionary or the set itself, not its description; .dump sorts their members"
    ),
    (
      ["b: 2\na: 1\nc: 3", "a: 1\nc: 3\nb: 2"], .memberOrder,
      "assertSnapshot(of: collection, as: .dump): the dictionary or the set itself, not its description; .dump sorts their members"
    ),
    (
      ["wrote /tmp/x-81/export.csv", "wrote /tmp/x-93/export.csv"], .temporaryPath,
      "as: <strategy>.filtered([.temporaryDirectory])"
    ),
    (
      ["on build-box now", "on build-box later"], .unknown,
      "[..] in the reference where it varies: on build-box [..]"
    ),
  ])
  func eachKindIsToldWithItsFix(texts: [String], kind: VaryingKind, fix: String) {
    let found = findings(texts + [texts[0]])
    #expect(found.map(\.kind) == [kind], "\(found)")
    #expect(found.first?.fix == fix)
    #expect(found.first?.onlyInOtherEnvironment == false)
  }

  @Test func whatOnlyTheOtherEnvironmentChangesIsSaid() {
    let temporary = findings([
      "wrote /tmp/export.csv", "wrote /tmp/export.csv", "wrote /tmp/check/other-tmp/export.csv",
    ])
    #expect(temporary.map(\.kind) == [.temporaryPath])
    #expect(temporary.first?.onlyInOtherEnvironment == true)
    #expect(temporary.first?.fix == "as: <strategy>.filtered([.temporaryDirectory])")
    let local = findings(["on 07.12.2026 20:05", "on 07.12.2026 20:05", "on 08.12.2026 09:50"])
    #expect(local.map(\.kind) == [.timeZoneOrLocale], "\(local)")
    let decimal = findings(["price 1.5", "price 1.5", "price 1,5"])
    #expect(decimal.map(\.kind) == [.timeZoneOrLocale], "\(decimal)")
    let images = findings(["x", "x", "x"].map { _ in "" }).isEmpty
    #expect(images)
  }

  @Test func valuesEveryRunAgreesOnAreNotListed() {
    var check = StabilityCheck(
      runs: (0..<4).map { run in
        [entry("total 3", key: "a.1.txt", process: Int32(run)), entry(nil, key: "b.1.png")]
      }, facts: facts)
    #expect(check.findings().isEmpty)
    #expect(check.compared == 2)
  }

  /// The host's and the user's names are the same in every run, and another on the next
  /// machine: told wherever they are.
  @Test func namesOfThisMachineAreTold() {
    let found = findings(["served by buildhost-7\nfor ann", "served by buildhost-7\nfor ann"])
    #expect(found.map(\.kind) == [.hostName, .userName], "\(found)")
    #expect(found.map(\.valueLine) == [1, 2])
    #expect(
      found.first?.fix
        == ##"as: <strategy>.filtered([.regex(NSRegularExpression.escapedPattern(for: ProcessInfo.processInfo.hostName), replacement: "<host>")])"##
    )
    // A name a value could hold by chance is not one.
    var root = facts
    root.userName = "root"
    var check = StabilityCheck(runs: [[entry("owner root")], [entry("owner root")]], facts: root)
    #expect(check.findings().isEmpty)
  }

  /// A record is its fields after their lengths: read back whole, with its process, and a
  /// record cut short ends the file's list.
  @Test func aRecordReadsBack() throws {
    let entry = StabilityLog.Entry(
      key: "/A/T.swift:4 t() #2", isInline: true, sourceFile: "/A/T.swift", line: 4,
      text: "é\n\0x", unfiltered: "raw", process: 9)
    let record = entry.record
    let two = record + record.dropLast(3)
    let found = two.withUnsafeBytes(StabilityLog.records)
    #expect(found == [4..<record.count])
    let read = record.withUnsafeBytes {
      StabilityLog.Entry(body: UnsafeRawBufferPointer(rebasing: $0[found[0]]), process: 9)
    }
    #expect(read == entry)
    #expect(read?.reference == "inline")
  }

  /// A date that names the time the runs ran is a reading of the clock: told when every run
  /// fell in one second and wrote it alike, and a timestamp (not the time zone) when only the
  /// last run crossed into the next second.
  @Test func readingsOfTheClockAreToldWithoutASecondBoundary() throws {
    let now = try #require(VaryingKind.moment(of: "2026-12-07T20:05:06Z"))
    var during = facts
    during.window = now.addingTimeInterval(-5)...now.addingTimeInterval(5)
    var same = StabilityCheck(
      runs: (0..<4).map { _ in [entry("at 2026-12-07T20:05:06Z")] }, facts: during)
    let found = same.findings()
    #expect(found.map(\.kind) == [.date], "\(found)")
    #expect(found.first?.values == ["2026-12-07T20:05:06Z"])
    #expect(found.first?.fix == "as: <strategy>.filtered([.iso8601Dates])")
    var crossed = StabilityCheck(
      runs: ["06", "06", "06", "07"].map { [entry("at 2026-12-07T20:05:\($0)Z")] },
      facts: during)
    let last = crossed.findings()
    #expect(last.map(\.kind) == [.date], "\(last)")
    #expect(last.first?.values == ["2026-12-07T20:05:06Z", "2026-12-07T20:05:07Z"])
    // A date from before the runs is a stored value.
    var stored = StabilityCheck(
      runs: (0..<4).map { _ in [entry("at 2026-12-07T19:00:00Z")] }, facts: during)
    #expect(stored.findings().isEmpty)
  }

  /// A locale the machine lacks leaves the other run's values as they were: said, so that
  /// "none varies" is not read as the locale checked.
  @Test func anEnvironmentThatDidNotTakeIsSaid() {
    #expect(StabilityVerb.otherEnvironmentNotes(hasLocale: true, hasTimeZone: true).isEmpty)
    let notes = StabilityVerb.otherEnvironmentNotes(hasLocale: false, hasTimeZone: true)
    #expect(notes.count == 1 && notes[0].contains("has no de_DE.UTF-8"), "\(notes)")
    #expect(StabilityVerb.hasLocale("C"))
    #expect(!StabilityVerb.hasLocale("xx_NOWHERE.UTF-8"))
  }

  /// An assertion one run did not make is told; the others are compared.
  @Test func anAssertionSomeRunsDidNotMakeIsTold() {
    var check = StabilityCheck(
      runs: [
        [entry("a", key: "a.1.txt"), entry("b", key: "b.1.txt")],
        [entry("a", key: "a.1.txt")],
        [entry("a", key: "a.1.txt"), entry("b", key: "b.1.txt")],
      ], facts: facts)
    let found = check.findings()
    #expect(found.map(\.kind) == [.someRunsOnly])
    #expect(found.first?.reference == "/work/App/__Snapshots__/b.1.txt")
    #expect(check.compared == 1)
  }

  /// An assertion that failed in the other environment before it made a value (Chromium,
  /// whose socket path was too long under its temporary folder) is told by its failure, not
  /// as one a condition skipped.
  @Test func anAssertionThatFailedInARunIsToldByItsFailure() {
    var check = StabilityCheck(
      runs: [[entry(nil, key: "page.1.png")], [entry(nil, key: "page.1.png")], []], facts: facts)
    check.failures = [
      [], [],
      [
        TestIssue(file: "/work/App/Other.swift", line: 3, message: "another"),
        TestIssue(
          file: "/work/App/T.swift", line: 3,
          message: "Could not snapshot the value: Chromium ended.\nSocket path too long"),
      ],
    ]
    let found = check.findings()
    #expect(found.map(\.kind) == [.failedInSomeRuns])
    #expect(found.first?.values == ["Could not snapshot the value: Chromium ended."])
    #expect(found.first?.onlyInOtherEnvironment == true)
  }

  @Test func anImageThatVariesIsOfUnknownKind() {
    var differs = entry(nil, key: "b.1.png")
    differs.digest = "cd"
    var check = StabilityCheck(
      runs: [[entry(nil, key: "b.1.png")], [differs], [entry(nil, key: "b.1.png")]], facts: facts)
    #expect(check.findings().map(\.kind) == [.unknown])
  }

  /// Two clock readings at second precision that fell in one second share `<date-1>`: found
  /// from one run's text before the filters, whose readings the next run does not repeat,
  /// without waiting for a second boundary to split them.
  @Test func readingsThatShareANumberByChanceAreFound() {
    let text = "created <date-1>\nupdated <date-1>"
    func run(_ second: Int) -> [StabilityLog.Entry] {
      let date = "2026-12-07T20:05:0\(second)Z"
      return [entry(text, raw: "created \(date)\nupdated \(date)")]
    }
    var check = StabilityCheck(runs: [run(1), run(3), run(5)], facts: facts)
    let found = check.findings()
    #expect(found.map(\.kind) == [.numberedPlaceholder])
    #expect(found.first?.values == ["<date-1>", "2026-12-07T20:05:01Z"])
    // One stored value echoed (the same reading in every run) is not chance.
    var echoed = StabilityCheck(
      runs: [1, 1, 1].map { _ in
        [entry(text, raw: "created 2026-01-01T00:00:00Z\nupdated 2026-01-01T00:00:00Z")]
      }, facts: facts)
    #expect(echoed.findings().isEmpty)
    // Readings with a fraction of a second are not merged by chance.
    var precise = StabilityCheck(
      runs: [1, 3, 5].map { second in
        let date = "2026-12-07T20:05:0\(second).123Z"
        return [entry(text, raw: "created \(date)\nupdated \(date)")]
      }, facts: facts)
    #expect(precise.findings().isEmpty)
  }

  @Test func theReportSaysWhereAndHow() {
    let finding = StabilityCheck.Finding(
      entry("x"), .uuid, valueLine: 1, values: ["3F25", "9B2C"], elsewhere: false)
    let report = StabilityReport(runs: 4, compared: 7, testsFailed: false, findings: [finding])
    #expect(
      report.lines { $0.replacingOccurrences(of: "/work/App/", with: "") } == [
        "__Snapshots__/a.1.txt (T.swift:3) varies:",
        #"  a UUID, line 1: "3F25" in one run, "9B2C" in another"#,
        "    fix: as: <strategy>.filtered([.uuids])",
        "    or: .uuids.flat: one <UUID> for every value",
        "Compared 7 snapshots in 4 runs (3 alike, 1 under another time zone, locale, temporary folder and working directory): 1 snapshot varies.",
      ])
    let record = PendingRecord.file(
      PendingFileRecord(
        referencePath: "/work/App/__Snapshots__/a.1.txt", dataFile: "d", testName: "t",
        sourceFile: "/work/App/T.swift", line: 3))
    #expect(report.summaries()[StabilityReport.place(of: record)] == "unstable: a UUID")
    let other = PendingRecord.file(
      PendingFileRecord(
        referencePath: "/work/App/__Snapshots__/b.1.txt", dataFile: "d", testName: "t",
        sourceFile: "/work/App/T.swift", line: 3))
    #expect(report.summaries()[StabilityReport.place(of: other)] == nil)
  }
}
