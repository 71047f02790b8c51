import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing
import XCTest

/// XCTest's failures reach `snapshot-record` as data: the core's tracker, registered as the
/// binary loads, logs every failure XCTest reports, even one raised before any snapshot
/// assertion, with the test's class.
@Suite struct XCTestFailureLogTests {
  @Test func everyXCTestFailureIsLogged() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let log = folder.file("failures.jsonl")
    let probe = try Command(
      URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path,
      ["SnapshotsTests.XCTestFailureProbe/testFails,SnapshotsTests.XCTestFailureProbe/testSkips"],
      in: folder.url,
      environment: ProcessInfo.processInfo.environment.merging([
        FailureLog.variable: log.path, Probe.variable: "XCTestFailureProbe",
      ]) { $1 })
    #expect(probe.status != 0, "\(probe.output)")
    // The test's start first, so that a crash could name it; then its failure, then its end.
    // A skipped test never ends: the references it did not make tell nothing.
    #expect(
      FailureLog.read(log) == [
        .init(kind: nil, file: "", line: 0, test: "XCTestFailureProbe.testFails", started: true),
        .init(
          kind: nil, file: "\(#filePath)", line: XCTestFailureProbe.failingLine,
          test: "XCTestFailureProbe.testFails",
          message: #"XCTAssertEqual failed: ("1") is not equal to ("2") - first line"#),
        .init(kind: nil, file: "", line: 0, test: "XCTestFailureProbe.testFails", ended: true),
        .init(kind: nil, file: "", line: 0, test: "XCTestFailureProbe.testSkips", started: true),
      ], "\(probe.output)")
    #expect(FailureLog.read(log).map(\.isReportedFailure) == [false, true, false, false])
  }
}

/// Fails on purpose, in the child process above only.
final class XCTestFailureProbe: XCTestCase {
  static let failingLine = #line + 4

  func testFails() throws {
    guard Probe.isRunning("XCTestFailureProbe") else { throw XCTSkip("a probe") }
    XCTAssertEqual(1, 2, "first line\nsecond line")
  }

  func testSkips() throws {
    throw XCTSkip(Probe.isRunning("XCTestFailureProbe") ? "skipped halfway" : "a probe")
  }
}
