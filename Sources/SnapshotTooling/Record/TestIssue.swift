import Foundation

/// A failure a test run reported: where, and what it said (XCTest's output gives the first
/// line only).
///
/// Read from Swift Testing's event stream (`--event-stream-output-path`, version 0, one JSON
/// object a line) and from the lines XCTest prints on Linux
/// (`/path/File.swift:12: error: Suite.testName : message`). Known issues are not failures.
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

  /// The failures in XCTest's output on Linux.
  static func fromXCTestOutput(_ text: String) -> [TestIssue] {
    text.split(whereSeparator: \.isNewline).compactMap { line -> TestIssue? in
      guard let marker = line.range(of: ": error: ") else { return nil }
      let location = line[..<marker.lowerBound]
      guard let colon = location.lastIndex(of: ":"),
        let number = Int(location[location.index(after: colon)...])
      else { return nil }
      var message = line[marker.upperBound...]
      if let separator = message.range(of: " : ") { message = message[separator.upperBound...] }
      if message.hasPrefix("failed - ") { message = message.dropFirst("failed - ".count) }
      return TestIssue(file: String(location[..<colon]), line: number, message: String(message))
    }
  }

  private struct EventRecord: Decodable {
    struct Payload: Decodable {
      var kind: String
      var issue: Issue?
      var messages: [Message]?
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
