import Foundation
import TestSupport
import Testing

/// A terminal for a test: a tmux server of its own (its own socket), whose one pane runs a
/// command as a user would type it; keys go in with `send-keys`, the screen comes out with
/// `capture-pane`.
struct Tmux {
  let socket = "swift-snapshots-\(getpid())-\(UInt32.random(in: 0 ... .max))"
  let session = "review"

  /// Whether `tmux` is installed (CI's bootstrap installs it), and `python3`, which starts it.
  static var isAvailable: Bool {
    [("tmux", ["-V"]), ("python3", ["--version"])].allSatisfy { program, arguments in
      (try? Command(program, arguments, in: URL(fileURLWithPath: "/"))).map { $0.status == 0 }
        ?? false
    }
  }

  /// Whether a terminal scenario can run here; where it cannot, says that it was skipped
  /// (and fails on CI, which installs both).
  static func isAvailable(for scenario: String) -> Bool {
    guard isAvailable else {
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs tmux")
      print("\(scenario): skipped the terminal review: tmux or python3 is not installed")
      return false
    }
    return true
  }

  /// Starts `command` in a 200×40 pane, in `folder`, with `environment`; the pane stays after
  /// it ends, its last line `EXIT <status>`.
  init(_ command: String, in folder: URL, environment: [String: String]) throws {
    // The server outlives this call and keeps every descriptor it inherits, among them the one
    // Foundation watches to see a child end: started through Python, which passes on none
    // (`close_fds`), or waiting for it would never end.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c", "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:]).returncode)",
      "tmux", "-L", socket, "new-session", "-d", "-s", session, "-x", "200", "-y", "40", "-c",
      folder.path, "\(command); echo \"EXIT $?\"", ";", "set-option", "-t", session,
      "remain-on-exit", "on",
    ]
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "tmux did not start (status \(process.terminationStatus))")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Sends keys as `tmux send-keys` names them (`a`, `C-c`).
  func send(_ keys: String...) throws {
    _ = try tmux(["send-keys", "-t", session] + keys)
  }

  /// The screen as it is now; with `history`, the lines scrolled off its top too.
  ///
  /// The shell's screen, given back when a full-screen program ends, may have its cursor on
  /// the last row (tmux resizes a new detached pane to its size after the program starts), so
  /// that what is printed next scrolls the first lines off the screen.
  func screen(history: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p"] + (history ? ["-S", "-"] : []) + ["-t", session])
  }

  /// Waits until the screen shows `text`; the screen then.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 600) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let shown = try screen()
      if shown.contains(text) { return shown }
      guard Date() < deadline else {
        throw Failure(description: "the screen never showed \(text):\n\(shown)")
      }
      usleep(100_000)
    }
  }

  /// Closes the pane (the terminal hangs up); the server, left without a session, ends.
  func close() {
    _ = try? tmux(["kill-session", "-t", session])
  }

  /// `tmux` commands other than the one that starts the server return at once.
  private func tmux(_ arguments: [String]) throws -> String {
    try Command("tmux", ["-L", socket] + arguments, in: URL(fileURLWithPath: "/")).output
  }
}
