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

  /// A program that leaves a child holding its output open still ends the snapshot at once,
  /// and the child is stopped with it.
  @Test func aChildLeftBehindDoesNotHoldTheSnapshotNorOutliveIt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let started = ContinuousClock.now
    assertInlineSnapshot(
      of: Command("sh", "-c", "sleep 57 & echo $! > child; echo done", workingDirectory: folder.url)
    ) {
      """
      $ sh -c 'sleep 57 & echo $! > child; echo done'
      [exit status 0]
      [standard output]
      done
      [standard error]

      """
    }
    #expect(ContinuousClock.now - started < .seconds(2))
    let child = try #require(pid_t(try folder.text("child").trimmingCharacters(in: .newlines)))
    #expect(Self.isGone(child), "sleep 57 (\(child)) outlived the assertion")
  }

  /// A command gets its three streams and nothing else of the test process: a descriptor left
  /// open in it (here the write end of a pipe another test reads to its end) would hold that
  /// test for as long as the command runs.
  @Test func aCommandInheritsNoOtherDescriptor() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let output = try Command("sh", "-c", "ls /proc/$$/fd").run()
    let listed = String(decoding: output.standardOutput, as: UTF8.self)
      .split(separator: "\n").sorted()
    #expect(listed == ["0", "1", "2"], "the test process's descriptor \(ends[1]) was handed on")
  }

  /// Whether a process has ended, within a second (a signal takes effect in its own time):
  /// it is gone, or a zombie that nothing has reaped yet.
  static func isGone(_ pid: pid_t) -> Bool {
    let deadline = ContinuousClock.now + .seconds(1)
    repeat {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return true
      }
      if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
      usleep(10_000)
    } while ContinuousClock.now < deadline
    return false
  }

  /// Only the documented variables reach the program, whatever the test process has: `CI`
  /// and `SNAPSHOTS_*` are left out unless inherited by name.
  @Test func theEnvironmentIsFixed() {
    let line =
      "echo CI=$CI NO_COLOR=$NO_COLOR TERM=$TERM COLUMNS=$COLUMNS LINES=$LINES LANG=$LANG TZ=$TZ"
    assertInlineSnapshot(of: Command("sh", "-c", line)) {
      """
      $ sh -c 'echo CI=$CI NO_COLOR=$NO_COLOR TERM=$TERM COLUMNS=$COLUMNS LINES=$LINES LANG=$LANG TZ=$TZ'
      [exit status 0]
      [standard output]
      CI= NO_COLOR=1 TERM=dumb COLUMNS=80 LINES=24 LANG=C.UTF-8 TZ=UTC
      [standard error]

      """
    }
    let home = ProcessInfo.processInfo.environment["HOME"]
    #expect(Command("true").resolvedEnvironment["HOME"] == home)
    #expect(
      Command("true", environment: ["TZ": "Europe/Paris", "LANG": nil]).resolvedEnvironment
        .filter { ["TZ", "LANG"].contains($0.key) } == ["TZ": "Europe/Paris"])
  }

  @Test(.enabled(if: Probe.isRunning("environmentProbe")))
  func environmentProbe() throws {
    let out = try #require(ProcessInfo.processInfo.environment["PROBE_OUT"])
    var text = ""
    _ = Snapshotting<Command, String>.output.snapshot(
      Command("sh", "-c", "env | sort", inheriting: ["PROBE_INHERITED"])
    ).run { text = $0 }
    try Data(text.utf8).write(to: URL(fileURLWithPath: out))
  }

  /// The same command in a CI-like environment and in a plain shell's: the same bytes, with a
  /// name the test passed on by name.
  @Test func aCommandSnapshotsTheSameInCIAndInAShell() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var plain = ProcessInfo.processInfo.environment
    for name in ["CI", "NO_COLOR", "TERM", "COLUMNS", "SNAPSHOTS_X"] { plain[name] = nil }
    plain["PROBE_INHERITED"] = "kept"
    let ci = plain.merging([
      "CI": "true", "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "40", "SNAPSHOTS_X": "1",
    ]) { $1 }
    var texts: [String] = []
    for (index, environment) in [plain, ci].enumerated() {
      let out = folder.file("\(index).txt").path
      let probe = try TestSupport.Command(
        CommandLine.arguments[0],
        ["--testing-library", "swift-testing", "--filter", "environmentProbe"], in: folder.url,
        environment: environment.merging([Probe.variable: "environmentProbe", "PROBE_OUT": out]) {
          $1
        })
      #expect(probe.status == 0, "\(probe.output)")
      texts.append(try folder.text("\(index).txt"))
    }
    #expect(texts[0] == texts[1])
    #expect(texts[0].contains("\nPROBE_INHERITED=kept\n"), "\(texts[0])")
    #expect(!texts[1].contains("CI=") && !texts[1].contains("SNAPSHOTS_X"), "\(texts[1])")
  }

  @Test(.enabled(if: Probe.isRunning("lostChildProbe")))
  func lostChildProbe() throws {
    // Children are reaped by the system: how one ended cannot be learnt.
    signal(SIGCHLD, SIG_IGN)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let message = verifySnapshot(
      of: Command("sh", "-c", "echo ran; exit 3"), as: .output, record: .never,
      snapshotDirectory: folder.path)
    print("MESSAGE: \(message ?? "none")")
  }

  /// `ECHILD` fails the assertion saying why, instead of recording an exit status of -1.
  @Test func aLostChildFailsSayingWhy() async throws {
    let probe = try await Probe.run("lostChildProbe")
    #expect(
      probe.output.contains(
        "sh -c 'echo ran; exit 3' ran, but how it ended could not be learnt (waitpid: No child processes; does the test process ignore SIGCHLD?). It had written:\n[standard output]\nran\n"
      ), "\(probe.output)")
    #expect(!probe.output.contains("exit status -1"))
  }

  @Test(.enabled(if: Probe.isRunning("descriptorProbe")))
  func descriptorProbe() throws {
    func open() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
    func both() {
      _ = try? Command("true", workingDirectory: URL(fileURLWithPath: "/no/such/folder")).run()
      _ = try? Command("true").run()
    }
    // A stream's reader closes its end on its own thread, which a loaded machine may run late:
    // a count is taken once it has held for a quarter of a second, or after five.
    func settled(from first: Int) throws -> Int {
      var (count, since) = (first, ContinuousClock.now)
      let deadline = since + .seconds(5)
      while ContinuousClock.now - since < .milliseconds(250), ContinuousClock.now < deadline {
        usleep(50_000)
        let again = try open()
        if again != count { (count, since) = (again, ContinuousClock.now) }
      }
      return count
    }
    // Once first: what the runtime opens for itself on first use is not a leak, and the first
    // run's readers may still be closing their ends.
    both()
    let before = try settled(from: open())
    for _ in 0..<20 { both() }
    var after = try open()
    let deadline = ContinuousClock.now + .seconds(5)
    while after != before, ContinuousClock.now < deadline {
      usleep(50_000)
      after = try open()
    }
    print("DESCRIPTORS: \(before) \(after)")
  }

  /// A program that cannot start, and one that can, leave no descriptor open behind them.
  @Test func noDescriptorLeaks() async throws {
    let probe = try await Probe.run("descriptorProbe")
    let counts = try #require(
      probe.output.split(separator: "\n").first { $0.hasPrefix("DESCRIPTORS: ") }, "\(probe.output)"
    )
    let numbers = counts.dropFirst("DESCRIPTORS: ".count).split(separator: " ")
    #expect(numbers.count == 2 && numbers[0] == numbers[1], "\(counts)")
  }

  @Test func theStrategyKeepsTheLaws() async {
    await assertStrategyLaws(
      .output, samples: [Command("echo", "a"), Command("sh", "-c", "echo b >&2; exit 1")])
  }
}
