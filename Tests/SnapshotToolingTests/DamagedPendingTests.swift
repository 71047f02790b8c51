import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// A pending run whose files were damaged after the tests left them: nothing is written from
/// what is damaged, the refusal names the file and the next step, the command fails, and the
/// damaged files stay for the user to read.
extension PendingReviewTests {
  enum Damage: String, CaseIterable {
    /// The first change's data file, cut in half.
    case truncatedData
    /// The first change's data file replaced by the second's (as many bytes, others).
    case dataOfAnotherChange
    /// The first change's data file replaced by the third's (more bytes).
    case longerDataOfAnotherChange
    /// The first change's record file, cut in half.
    case truncatedRecord
  }

  /// The record of a test's change in the store's run.
  func entry(of test: String) throws -> PendingRun.Entry {
    let run = try PendingRun.load(try #require(PendingStore.runs(in: store).last))
    return try #require(run.entries.first { PendingChange($0).testName == test })
  }

  /// Damages the first change's files; the file damaged.
  func damage(_ damage: Damage) throws -> URL {
    let first = try entry(of: "first()")
    let data = try #require(first.dataURL)
    func copy(_ test: String) throws -> URL {
      try Data(contentsOf: try #require(try entry(of: test).dataURL)).write(to: data)
      return data
    }
    func truncate(_ file: URL) throws -> URL {
      let bytes = try Data(contentsOf: file)
      try bytes.prefix(bytes.count / 2).write(to: file)
      return file
    }
    switch damage {
    case .truncatedData: return try truncate(data)
    case .dataOfAnotherChange: return try copy("second()")
    case .longerDataOfAnotherChange: return try copy("third()")
    case .truncatedRecord: return try truncate(first.url)
    }
  }

  @Test(arguments: Damage.allCases)
  func aDamagedPendingFileIsRefusedAndNamed(_ damage: Damage) throws {
    let damaged = try self.damage(damage)
    let shown = RunApplier.relative(damaged.path, in: package.url)
    let (status, output) = try run(["apply"])
    #expect(status == .refused, "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "1\n")
    #expect(FileManager.default.fileExists(atPath: damaged.path), "kept for the user to read")
    let reason: String
    switch damage {
    case .truncatedData:
      reason =
        "Refused Tests/AppTests/__Snapshots__/T/first.1.txt: its pending data \(shown) holds 2 bytes, not the 4 recorded (cut short, or another change's); nothing is written from it: run the tests again (snapshot-record) to record it anew, or drop it with snapshot-record --reject ID (--pending lists its id)"
    case .dataOfAnotherChange:
      reason =
        "Refused Tests/AppTests/__Snapshots__/T/first.1.txt: its pending data \(shown) holds other bytes than those recorded (its SHA-256 differs); nothing is written from it"
    case .longerDataOfAnotherChange:
      reason =
        "Refused Tests/AppTests/__Snapshots__/T/first.1.txt: its pending data \(shown) holds 6 bytes, not the 4 recorded"
    case .truncatedRecord:
      reason =
        "Refused \(shown): this pending record cannot be read (its \(try Data(contentsOf: damaged).count) bytes are not a whole JSON document), so nothing is written from it: run the tests again with snapshot-record, which records its change anew (a run of every test replaces this run), or delete the file to drop it"
    }
    #expect(output.contains(reason), "\(output)")
    // The other changes are written; what was refused is kept, and refused again.
    #expect(try String(contentsOfFile: reference("second"), encoding: .utf8) == "two\n")
    #expect(output.contains("Not everything was recorded: 1 refusal."), "\(output)")
    let (again, second) = try run(["apply"])
    #expect(again == .refused && second.contains(reason), "\(second)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "1\n")
  }

  /// A damaged record is no change to list, review or accept: each says which file and why.
  @Test func aDamagedRecordIsToldByEveryVerb() throws {
    let damaged = try damage(.truncatedRecord)
    let shown = RunApplier.relative(damaged.path, in: package.url)
    let (status, listing) = try run(["pending"])
    #expect(status == .success)
    #expect(listing.contains("Refused \(shown): this pending record cannot be read"), "\(listing)")
    #expect(listing.contains("4 pending changes"), "\(listing)")
    let (_, json) = try run(["pending", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let problems = try #require(object["problems"] as? [String])
    #expect(problems.count == 1 && problems[0].hasPrefix("\(shown): this pending record"))
  }

  /// `pending --json` says which change is damaged, and why.
  @Test func theListingSaysWhichChangeIsDamaged() throws {
    let damaged = try damage(.dataOfAnotherChange)
    let changes = try listing()
    #expect(changes.filter { $0["damaged"] != nil }.map { $0["test"] as? String } == ["first()"])
    let first = try #require(changes.first { $0["test"] as? String == "first()" })
    #expect(
      (first["damaged"] as? String)?.hasPrefix(
        "its pending data \(RunApplier.relative(damaged.path, in: package.url)) holds other bytes")
        == true, "\(first)")
    try theListingFollowsItsSchema()
  }

  /// A damaged data file is refused when its change is accepted by id, and stays pending.
  @Test func acceptingADamagedChangeIsRefused() throws {
    let id = try #require(try ids()["first()"])
    let damaged = try damage(.truncatedData)
    let (status, output) = try run(["apply", "--accept", id])
    #expect(status == .refused, "\(output)")
    #expect(
      output.contains(
        "Refused \(id): Tests/AppTests/__Snapshots__/T/first.1.txt: its pending data \(RunApplier.relative(damaged.path, in: package.url)) holds 2 bytes"
      ), "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "1\n")
    #expect(try ids()["first()"] == id)
  }
}
