import Foundation

/// A failure a test run reported: where, and what it said (XCTest's failures give their first
/// line only).
///
/// Read from Swift Testing's event stream (`--event-stream-output-path`, version 0, one JSON
/// object a line), and from the failure log for XCTest (``FailureLog``). Known issues are not
/// failures.
struct TestIssue: Equatable, Sendable {
  var file: String
  var line: Int
  var message: String

  /// The unexpected issues in a Swift Testing event stream.
  static func fromEventStream(_ data: Data) -> [TestIssue] {
    let decoder = JSONDecoder()
    var issues: [TestIssue] = []
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let record = try? decoder.decode(EventRecord.self, from: line),
        let payload = record.payload, payload.kind == "issueRecorded",
        let issue = payload.issue, issue.isKnown != true
      else { continue }
      let text =
        payload.messages?.first(where: { $0.symbol == "details" })?.text
        ?? payload.messages?.first?.text ?? ""
      issues.append(
        TestIssue(
          file: issue.sourceLocation?._filePath ?? "", line: issue.sourceLocation?.line ?? 0,
          message: text))
    }
    return issues
  }

  /// How many tests a Swift Testing event stream says started.
  static func testsStarted(inEventStream data: Data) -> Int {
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).count { line in
      (try? decoder.decode(EventRecord.self, from: line))?.payload?.kind == "testStarted"
    }
  }

  /// The tests a Swift Testing event stream says ran to their end, by their ids: they ended,
  /// and were neither skipped nor cancelled, nor met a known issue (`withKnownIssue` catches
  /// what a test throws, which then stops it).
  static func finishedTests(inEventStream data: Data) -> Set<String> {
    let decoder = JSONDecoder()
    var (ended, stopped) = (Set<String>(), Set<String>())
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let payload = (try? decoder.decode(EventRecord.self, from: line))?.payload,
        let id = payload.testID
      else { continue }
      switch payload.kind {
      case "testEnded": ended.insert(id)
      case "testSkipped", "testCancelled", "testCaseCancelled": stopped.insert(id)
      case "issueRecorded" where payload.issue?.isKnown == true: stopped.insert(id)
      default: break
      }
    }
    return ended.subtracting(stopped)
  }

  /// The test functions a Swift Testing event stream says started and did not end, by their
  /// ids without their source location (`Module.Suite/test()`, `Module.test()` for a function
  /// outside a suite): those a crash ended.
  static func unfinishedTests(inEventStream data: Data) -> [String] {
    let decoder = JSONDecoder()
    var running: [String] = []
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let payload = (try? decoder.decode(EventRecord.self, from: line))?.payload,
        let id = payload.testID, id.contains("/")
      else { continue }
      switch payload.kind {
      case "testStarted": running.append(id)
      case "testEnded": running.removeAll { $0 == id }
      default: break
      }
    }
    return running.map { id in
      var parts = id.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count > 1, parts.last?.contains(".swift:") == true { parts.removeLast() }
      return parts.joined(separator: "/")
    }
  }

  private struct EventRecord: Decodable {
    struct Payload: Decodable {
      var kind: String
      var issue: Issue?
      var messages: [Message]?
      var testID: String?
    }
    struct Issue: Decodable {
      var isKnown: Bool?
      var sourceLocation: Location?
    }
    struct Location: Decodable {
      var _filePath: String?
      var line: Int?
    }
    struct Message: Decodable {
      var symbol: String?
      var text: String
    }
    var payload: Payload?
  }
}
