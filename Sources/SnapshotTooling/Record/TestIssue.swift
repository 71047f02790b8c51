import Foundation
@_spi(Tooling) import Snapshots

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

  /// A Swift Testing event stream, each line decoded once for all that is read from it: a run
  /// of 10,000 tests writes megabytes of it.
  struct EventStream {
    private let events: [EventRecord.Payload]

    init(_ data: Data) {
      events = AtomicFile.jsonLines(data, as: EventRecord.self).compactMap(\.payload)
    }

    /// The unexpected issues.
    var issues: [TestIssue] {
      events.compactMap { payload in
        guard payload.kind == "issueRecorded", let issue = payload.issue, issue.isKnown != true
        else { return nil }
        let text =
          payload.messages?.first(where: { $0.symbol == "details" })?.text
          ?? payload.messages?.first?.text ?? ""
        return TestIssue(
          file: issue.sourceLocation?._filePath ?? "", line: issue.sourceLocation?.line ?? 0,
          message: text)
      }
    }

    /// How many tests started.
    var testsStarted: Int { events.count { $0.kind == "testStarted" } }

    /// The tests that ran to their end, by their ids: they ended, and were neither skipped nor
    /// cancelled, nor met a known issue (`withKnownIssue` catches what a test throws, which
    /// then stops it).
    var finishedTests: Set<String> {
      var (ended, stopped) = (Set<String>(), Set<String>())
      for payload in events {
        guard let id = payload.testID else { continue }
        switch payload.kind {
        case "testEnded": ended.insert(id)
        case "testSkipped", "testCancelled", "testCaseCancelled": stopped.insert(id)
        case "issueRecorded" where payload.issue?.isKnown == true: stopped.insert(id)
        default: break
        }
      }
      return ended.subtracting(stopped)
    }

    /// The test functions that started and did not end, by their ids without their source
    /// location (`Module.Suite/test()`, `Module.test()` for a function outside a suite): those
    /// a crash ended.
    var unfinishedTests: [String] {
      var running: [String] = []
      for payload in events {
        guard let id = payload.testID, id.contains("/") else { continue }
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
