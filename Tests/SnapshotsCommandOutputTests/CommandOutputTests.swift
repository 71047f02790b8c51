import Foundation
import InlineSnapshots
import SnapshotsCommandOutput
import SnapshotsStrategyLaws
import TestSupport
import Testing

/// TestSupport has a `Command` of its own, which runs this package's tools.
typealias Command = SnapshotsCommandOutput.Command

/// `.output`: a command's line, ending and streams as one text; what stops a command fails the
/// assertion with what it had written.
@Suite struct CommandOutputTests {
  @Test func bothStreamsAndTheExitStatus() {
    assertInlineSnapshot(of: Command("sh", "-c", "echo out; echo err >&2; exit 3")) {
      """
      $ sh -c 'echo out; echo err >&2; exit 3'
      [exit status 3]
      [standard output]
      out
      [standard error]
      err

      """
    }
  }

  @Test func inputEnvironmentFolderAndAMissingNewline() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let command = Command(
      "sh", "-c", #"cat; echo "$GREETING"; pwd; printf end"#, environment: ["GREETING": "hi"],
      workingDirectory: folder.url, standardInput: Data("piped\n".utf8))
    assertInlineSnapshot(of: command, as: .output.filtered([.temporaryDirectory])) {
      #"""
      $ sh -c 'cat; echo "$GREETING"; pwd; printf end'
      [exit status 0]
      [standard output]
      piped
      hi
      <tmp>/\#(folder.url.lastPathComponent)
      end
      \ No newline at end
      [standard error]

      """#
    }
  }

  /// What a failure says, from `verifySnapshot`, which returns it.
  func failure(of command: Command) throws -> String {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    return try #require(
      verifySnapshot(of: command, as: .output, record: .never, snapshotDirectory: folder.path))
  }

  @Test func aCommandThatHangsIsStoppedAtItsTimeout() throws {
    let started = ContinuousClock.now
    let message = try failure(
      of: Command("sh", "-c", "echo started; echo working >&2; sleep 30", timeout: .seconds(1)))
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(
      message.contains(
        "sh -c 'echo started; echo working >&2; sleep 30' did not end within 1.0 seconds and was stopped. It had written:\n[standard output]\nstarted\n[standard error]\nworking\n"
      ), "\(message)")
  }

  @Test func aCrashAndAMissingProgramSaySo() throws {
    let crash = try failure(of: Command("sh", "-c", "echo before; kill -SEGV $$"))
    #expect(crash.contains("crashed (signal 11). It had written:\n[standard output]\nbefore\n"))
    let missing = try failure(of: Command("no-such-program-here"))
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    #expect(missing.contains("no-such-program-here was not found on PATH (\(path))"), "\(missing)")
    let product = try failure(of: Command(product: "no-such-product"))
    #expect(product.contains("the product no-such-product is not built in "), "\(product)")
    let absent = try failure(of: Command("/no/such/program"))
    #expect(absent.contains("no executable at /no/such/program"), "\(absent)")
  }

  /// A program that leaves a child holding its output open still ends the snapshot at once.
  @Test func aChildLeftBehindDoesNotHoldTheSnapshot() {
    let started = ContinuousClock.now
    assertInlineSnapshot(of: Command("sh", "-c", "sleep 5 & echo done")) {
      """
      $ sh -c 'sleep 5 & echo done'
      [exit status 0]
      [standard output]
      done
      [standard error]

      """
    }
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  @Test func theStrategyKeepsTheLaws() async {
    await assertStrategyLaws(
      .output, samples: [Command("echo", "a"), Command("sh", "-c", "echo b >&2; exit 1")])
  }
}
