import Foundation
import TestSupport
import Testing
import XCTest

@_spi(Tooling) @testable import Snapshots

/// Control characters in a value reach no terminal, C string or XML document raw: a failing
/// `.lines` value holding them fails with its whole message (diff, `Actual:` path, the command
/// that accepts it), each control escaped as Swift writes it in a literal.
@Suite struct ControlCharacterTests {
  /// A NUL, an escape sequence, BEL, CR, DEL and two C1 controls (NEL and CSI).
  static let value = "before\0after \u{1B}[31mred\u{7}bell\rreturn\u{7F}del\u{85}next\u{9B}csi\n"
  static let shown = #"+before\0after \u{1B}[31mred\u{7}bell\rreturn\u{7F}del\u{85}next\u{9B}csi"#

  @Test func eachControlIsWrittenAsInASwiftLiteral() {
    #expect(ControlCharacters.escaped(Self.value) == String(Self.shown.dropFirst()) + "\n")
    #expect(
      ControlCharacters.escaped("tab\tand\nline\u{FFFE}\u{FFFF}")
        == "tab\tand\nline" + #"\u{FFFE}\u{FFFF}"#)
    // Text with no control, non-ASCII included, is left as it is.
    for plain in ["", "plain", "é ü © \u{A0} \u{FEFF} 漢字 🎉"] {
      #expect(ControlCharacters.escaped(plain) == plain)
    }
  }

  @Test func colourIsKeptOnlyWhenAskedAndOnlyColour() {
    let painted = "\u{1B}[31m-a\u{1B}[0m \u{1B}[1;32mb\u{1B}[0m"
    #expect(ControlCharacters.escaped(painted, keepingColour: true) == painted)
    #expect(
      ControlCharacters.escaped(painted)
        == #"\u{1B}[31m-a\u{1B}[0m \u{1B}[1;32mb\u{1B}[0m"#)
    // A sequence that is not a colour (a cursor move, a title, one cut short) is escaped.
    #expect(
      ControlCharacters.escaped("\u{1B}[2J\u{1B}]0;title\u{7}\u{1B}[31", keepingColour: true)
        == #"\u{1B}[2J\u{1B}]0;title\u{7}\u{1B}[31"#)
  }

  /// In colour, a value's own escape sequence is shown between the diff's colours.
  @Test func aColouredDiffEscapesTheValueBeforePaintingIt() throws {
    let lines = try #require(
      UnifiedDiff.report(reference: "before\nafter\n", actual: Self.value, colored: true))
    let added = try #require(lines.first { $0.kind == .added }?.text)
    #expect(
      added.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        == Self.shown)
    #expect(lines.allSatisfy { ControlCharacters.escaped($0.text, keepingColour: true) == $0.text })
  }

  /// Fails on purpose, in the child process below only.
  @Test(.enabled(if: Probe.isRunning("controlCharactersProbe")))
  func controlCharactersProbe() throws {
    let folder = try #require(ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_FOLDER"])
    assertSnapshot(
      of: Self.value, as: .lines, named: "probe", record: .never, snapshotDirectory: folder)
  }

  @Test func swiftTestingReportsTheWholeMessageEscapedOnTheConsoleAndInJUnitXML() async throws {
    let folder = try Self.folderWithReference(test: "controlCharactersProbe")
    defer { folder.remove() }
    let xml = folder.file("junit.xml")
    let probe = try await Probe.run(
      "controlCharactersProbe", environment: Self.environment(folder),
      arguments: ["--xunit-output", xml.path])
    #expect(probe.status != 0)
    Self.expectWholeMessage(in: probe.output, folder: folder)
    let report = try String(contentsOf: xml, encoding: .utf8)
    #expect(report.contains(Self.shown), "\(report)")
    #expect(report.contains("Actual:    \(folder.path)/artifacts/"), "\(report)")
    #expect(Self.rawControls(in: report).isEmpty, "\(Self.rawControls(in: report))")
    let lint = try Command("xmllint", ["--noout", xml.path], in: folder.url)
    #expect(lint.status == 0, "\(lint.output)")
  }

  @Test func xcTestReportsTheWholeMessageEscaped() async throws {
    let folder = try Self.folderWithReference(test: "testFails")
    defer { folder.remove() }
    let environment = ProcessInfo.processInfo.environment.merging(
      Self.environment(folder).merging([Probe.variable: "ControlCharacterXCTestProbe"]) { $1 }
    ) { $1 }
    let probe = try await onOwnThread {
      try Command(
        URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path,
        ["SnapshotsTests.ControlCharacterXCTestProbe/testFails"], in: folder.url,
        environment: environment)
    }
    #expect(probe.status != 0)
    Self.expectWholeMessage(in: probe.output, folder: folder)
  }

  private static func folderWithReference(test: String) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try Data("before\nafter\n".utf8).write(to: folder.file("\(test).probe.txt"))
    return folder
  }

  static func environment(_ folder: TemporaryDirectory) -> [String: String] {
    ["SNAPSHOTS_PROBE_FOLDER": folder.path, "SNAPSHOT_ARTIFACTS": folder.path + "/artifacts"]
  }

  /// The diff, the `Actual:` path and the command, after the NUL; no raw control in the output.
  private static func expectWholeMessage(in output: String, folder: TemporaryDirectory) {
    // Swift Testing indents the message's lines.
    for line in ["-before", "-after", shown] {
      #expect(output.contains("\(line)\n"), "\(line) in \(output)")
    }
    #expect(output.contains("Actual:    \(folder.path)/artifacts/"), "\(output)")
    #expect(
      output.contains("To accept the actual value, run: \(FailureMessage.recordCommand)"),
      "\(output)")
    #expect(rawControls(in: output).isEmpty, "\(rawControls(in: output))\n\(output)")
  }

  /// The control characters of `text` that are not a line feed or a tab.
  static func rawControls(in text: String) -> [UInt32] {
    text.unicodeScalars.filter { ControlCharacters.needsEscape($0) }.map(\.value)
  }
}

/// Fails on purpose, in the child process above only.
final class ControlCharacterXCTestProbe: XCTestCase {
  func testFails() throws {
    guard Probe.isRunning("ControlCharacterXCTestProbe") else { throw XCTSkip("a probe") }
    let folder = try XCTUnwrap(ProcessInfo.processInfo.environment["SNAPSHOTS_PROBE_FOLDER"])
    assertSnapshot(
      of: ControlCharacterTests.value, as: .lines, named: "probe", record: .never,
      snapshotDirectory: folder)
  }
}
