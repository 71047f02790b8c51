import Foundation

/// Runs a program to its end: the benchmark itself in a child mode, jq, `swift build`, or a
/// throwaway package's test binary.
enum ChildProcess {
  struct Failed: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var description: String { "\(command) exited with status \(status)" }
  }

  /// The program's standard output (empty unless `capturingOutput`), or an error when it
  /// exits with a status other than 0.
  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil, capturingOutput: Bool = false,
    showingErrors: Bool = true
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = capturingOutput ? pipe : FileHandle.nullDevice
    if !showingErrors { process.standardError = FileHandle.nullDevice }
    try process.run()
    let data = capturingOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failed(
        command: ([executable] + arguments).joined(separator: " "),
        status: process.terminationStatus)
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// This benchmark, run again with `arguments` (a child mode such as `--peak`).
  static func runSelf(_ arguments: [String], showingErrors: Bool = true) throws -> String {
    try run(
      CommandLine.arguments[0], arguments, capturingOutput: true, showingErrors: showingErrors)
  }
}

extension ChildProcess {
  /// How long a program took: on the clock, and on the processor (user and system time).
  struct Timing {
    var wall: Double
    var processor: Double
  }

  /// Runs a program to its end and returns its wall-clock seconds, measured around
  /// `posix_spawn` and a blocking `wait4` (Foundation's `Process` waits in 50 ms steps on
  /// Linux, too coarse for a test binary that runs in a fraction of a second), with the
  /// processor time `wait4` reports.
  static func timed(_ executable: String, _ arguments: [String], environment: [String: String])
    throws -> Timing
  {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
      throw Failed(command: executable, status: -1)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = (ContinuousClock.now - start).seconds
    guard status == 0 else {
      throw Failed(command: ([executable] + arguments).joined(separator: " "), status: status)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Timing(wall: wall, processor: seconds(usage.ru_utime) + seconds(usage.ru_stime))
  }
}
