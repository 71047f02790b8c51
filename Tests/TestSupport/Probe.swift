import Foundation

/// Tests that fail on purpose, run only in a child process of this test binary.
///
/// Some behaviour is fixed when a process starts (the environment is read once) or can only be
/// seen from outside (the exit status, what is printed, attachments saved): a test then runs
/// one of its own probes again, in a child, with the environment it needs.
public enum Probe {
  /// Names the probe a child process runs; probes are disabled everywhere else.
  public static let variable = "SNAPSHOTS_PROBE"

  /// Whether this process is the child that runs `name`.
  public static func isRunning(_ name: String) -> Bool {
    ProcessInfo.processInfo.environment[variable] == name
  }

  /// Runs the Swift Testing test `name` of this binary in a child process in `directory`, with
  /// `environment` added to this one's.
  ///
  /// The child is awaited on a thread of its own: a test blocked on it would hold one of the
  /// few threads every test's tasks share, and two such tests on a two-core machine stall the
  /// whole suite (screenshots and timeouts included) until their children end.
  public static func run(
    _ name: String, environment: [String: String] = [:], arguments: [String] = [],
    in directory: URL = FileManager.default.temporaryDirectory
  ) async throws -> Command {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let environment = ProcessInfo.processInfo.environment.merging(
      environment.merging([variable: name]) { $1 }
    ) { $1 }
    return try await onOwnThread {
      try Command(
        executable, ["--testing-library", "swift-testing", "--filter", name] + arguments,
        in: directory, environment: environment)
    }
  }
}
