import Foundation
import Testing
import XCTest

/// Reports a failure through the framework that runs the test, at the caller's location.
///
/// Each framework silently drops the other's failures (`XCTFail` inside a `@Test`,
/// `Issue.record` inside an XCTest test), so the running one is chosen; when neither can be told
/// to be running, the failure goes to both and to standard error, so it is never lost. Under Swift
/// Testing the failure's files (reference, actual, difference) are attached to the test too;
/// `swift test --attachments-path DIR` saves them.
///
/// A message is reported ``shown(_:)``: its control characters escaped, so that a NUL in a
/// value cuts neither the console's line nor `--xunit-output`'s XML, and an escape sequence is
/// read rather than run by the terminal.
enum FailureReporter {
  struct Location {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
  }

  /// Reports a verdict's failure, if it has one, with `prefix` before its message.
  static func report(_ verdict: Verdict, at location: Location, prefix: String = "") {
    guard let message = verdict.message else { return }
    var attachments: [FailureAttachment] = []
    if case .kept(_, .file(let kept)) = verdict.result { attachments = kept.attachments }
    report(
      prefix + message, attachments: attachments, framework: verdict.context.framework,
      at: location)
  }

  static func report(
    _ message: String, attachments: [FailureAttachment] = [], framework: TestContext.Framework,
    at location: Location
  ) {
    let message = shown(message)
    switch framework {
    case .swiftTesting:
      recordIssue(message, at: location)
      for file in attachments {
        Testing.Attachment.record(
          Testing.Attachment([UInt8](file.data), named: file.name),
          sourceLocation: sourceLocation(location))
      }
    case .xcTest:
      XCTFail(message, file: location.filePath, line: location.line)
    case .unknown:
      FileHandle.standardError.write(
        Data(
          "\(location.filePath):\(location.line): error: snapshot failed outside a running test: \(message)\n"
            .utf8))
      recordIssue(message, at: location)
      XCTFail(message, file: location.filePath, line: location.line)
    }
  }

  /// A message as it is reported, and logged for `snapshot-record`: escaped
  /// (``ControlCharacters``), the diff's colours kept where they are painted.
  static func shown(_ message: String) -> String {
    ControlCharacters.escaped(message, keepingColour: Terminal.showsColor)
  }

  private static func recordIssue(_ message: String, at location: Location) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation(location))
  }

  private static func sourceLocation(_ location: Location) -> SourceLocation {
    SourceLocation(
      fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
      column: Int(location.column))
  }
}

/// Fails the running test at the caller's location, through whichever framework runs it.
package func reportSnapshotFailure(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  FailureReporter.report(
    message, framework: TestContext.current(testName: "").framework,
    at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
}
