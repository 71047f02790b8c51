import Foundation
@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// An accepted file change's pending bytes become its reference by rename, and an accept
/// killed between that rename and the removal of the record is finished by the next command,
/// never refused as damaged.
extension PendingReviewTests {
  func inode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
  }

  @Test(arguments: [["apply", "--accept"], ["apply"]])
  func anAcceptedChangesBytesBecomeItsReference(_ command: [String]) throws {
    let first = try entry(of: "first()")
    let data = try #require(first.dataURL)
    let moved = try inode(data.path)
    let arguments = command == ["apply"] ? command : command + [try ids()["first()"] ?? ""]
    let (status, output) = try run(arguments)
    #expect(output.contains("Recorded Tests/AppTests/__Snapshots__/T/first.1.txt"), "\(output)")
    #expect(command == ["apply"] || status == .success, "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "one\n")
    #expect(try inode(reference("first")) == moved, "renamed, not written again")
    #expect(!FileManager.default.fileExists(atPath: data.path))
    #expect(!FileManager.default.fileExists(atPath: first.url.path))
  }

  /// The record is left as a kill after the rename would leave it.
  func killAfterMovingFirst() throws {
    let first = try entry(of: "first()")
    #expect(rename(try #require(first.dataURL).path, reference("first")) == 0)
    #expect(FileManager.default.fileExists(atPath: first.url.path))
  }

  @Test func anAcceptKilledAfterItsMoveIsSettledByTheNextListing() throws {
    try killAfterMovingFirst()
    #expect(try ids()["first()"] == nil)
    let (status, output) = try run(["pending"])
    #expect(status == .success && !output.contains("Refused"), "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "one\n")
  }

  @Test func anAcceptKilledAfterItsMoveIsAppliedByTheNextApply() throws {
    try killAfterMovingFirst()
    let (_, output) = try run(["apply"])
    #expect(output.contains("Recorded Tests/AppTests/__Snapshots__/T/first.1.txt"), "\(output)")
    #expect(!output.contains("first.1.txt: its pending data"), "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "one\n")
  }

  /// Bytes that are gone while the reference holds others are still refused as missing.
  @Test func bytesGoneFromAReferenceThatDoesNotHoldThemAreRefused() throws {
    let first = try entry(of: "first()")
    try FileManager.default.removeItem(at: try #require(first.dataURL))
    let (status, output) = try run(["apply"])
    #expect(status == .refused)
    #expect(output.contains("first.1.txt: its pending data"), "\(output)")
    #expect(output.contains("does not exist"), "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "1\n")
  }
}
