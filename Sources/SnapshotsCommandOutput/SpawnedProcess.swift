import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn` in a process group of its own, its three standard
/// streams on pipes.
///
/// Not Foundation's `Process`: on Linux it learns that a program ended only once every process
/// holding a descriptor it gave the program has closed it, so a child left behind (`sleep 5 &`)
/// would hold a finished command for as long as it lives; and it cannot stop a program's
/// children with it.
struct SpawnedProcess {
  let pid: pid_t
  /// The read ends of the program's standard output and error, and the write end of its input.
  let standardOutput: Int32
  let standardError: Int32
  private let standardInput: Int32

  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  init(
    _ path: String, arguments: [String], environment: [String: String],
    workingDirectory: String?
  ) throws {
    let (input, output, error) = (try Self.pipe(), try Self.pipe(), try Self.pipe())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)
    if let workingDirectory {
      guard let changeDirectory = Self.addChangeDirectory else {
        throw SpawnError(description: "this C library cannot start a program in another folder")
      }
      _ = changeDirectory(&actions, workingDirectory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own group, default signal handling and no blocked signal, whatever the test process
    // set up for itself.
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    for descriptor in [input.read, output.write, error.write] { close(descriptor) }
    guard status == 0 else {
      for descriptor in [input.write, output.read, error.read] { close(descriptor) }
      throw SpawnError(description: String(cString: strerror(status)))
    }
    self.pid = pid
    standardInput = input.write
    standardOutput = output.read
    standardError = error.read
  }

  private typealias AddChangeDirectory =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc
  /// module does not declare.
  private static let addChangeDirectory: AddChangeDirectory? = {
    #if canImport(Glibc)
      let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #else
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #endif
    let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np")
    return symbol.map { unsafeBitCast($0, to: AddChangeDirectory.self) }
  }()

  /// A pipe whose ends close in every program started from now on; the child's own ends are
  /// made its standard streams by `dup2`, which clears that.
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard Foundation.pipe(&ends) == 0 else {
      throw SpawnError(description: "no pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Writes `data` to the program's standard input on a thread of its own, then closes it; a
  /// program that does not read it all does not fail the test process.
  func write(_ data: Data) {
    Self.ignoreBrokenPipes
    let descriptor = standardInput
    Thread.detachNewThread {
      var offset = 0
      let bytes = [UInt8](data)
      while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes {
          Foundation.write(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        offset += count
      }
      close(descriptor)
    }
  }

  /// A write to a program that has closed its input fails with `EPIPE` instead of killing
  /// the test process with `SIGPIPE`.
  private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// How the program ended, once it has, within `seconds`; `nil` if it still runs.
  func wait(seconds: Double) -> CommandOutput.Ending? {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { return Self.ending(status) }
      if result < 0 && errno != EINTR { return .exited(-1) }
      if Date() >= deadline { return nil }
      usleep(5_000)
    }
  }

  /// Stops the program and its group: `SIGTERM`, then `SIGKILL` half a second later.
  func stop() {
    kill(-pid, SIGTERM)
    if wait(seconds: 0.5) == nil {
      kill(-pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    // What it started and left in the group goes too.
    kill(-pid, SIGKILL)
  }

  /// `WIFSIGNALED`/`WTERMSIG` and `WEXITSTATUS`, which Swift does not import (macros).
  private static func ending(_ status: Int32) -> CommandOutput.Ending {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }
}
