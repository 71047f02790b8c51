import Foundation
import SnapshotsPOSIX

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
/// children with it. `SnapshotsBrowser` starts Chromium with it, its DevTools pipe on two more
/// descriptors.
package struct SpawnedProcess {
  package let pid: pid_t
  /// The read ends of the program's standard output and error, and the write end of its input.
  package let standardOutput: Int32
  package let standardError: Int32
  private let standardInput: Int32

  package struct SpawnError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Starts `path`; `descriptors` gives the program more descriptors than its three streams,
  /// each the parent's descriptor (the value) under the number the program expects (the key).
  package init(
    _ path: String, arguments: [String], environment: [String: String],
    workingDirectory: String?, descriptors: [Int32: Int32] = [:]
  ) throws {
    guard workingDirectory == nil || Self.addChangeDirectory != nil else {
      throw SpawnError(description: "this C library cannot start a program in another folder")
    }
    // Every descriptor opened here is closed on every way out but the one that hands the
    // parent's ends to this value.
    var opened: [Int32] = []
    defer { opened.forEach { close($0) } }
    func pipe() throws -> (read: Int32, write: Int32) {
      let ends = try Self.pipe()
      opened += [ends.read, ends.write]
      return ends
    }
    let (input, output, error) = (try pipe(), try pipe(), try pipe())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)
    for (number, descriptor) in descriptors {
      posix_spawn_file_actions_adddup2(&actions, descriptor, number)
    }
    // Nothing else of the test process's: a descriptor another test holds open (the write end
    // of a pipe it reads to its end) would stay open in this program for as long as it runs.
    Self.closeAll(from: (descriptors.keys.max() ?? 2) + 1, in: &actions)
    if let workingDirectory, let changeDirectory = Self.addChangeDirectory {
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
    guard status == 0 else { throw SpawnError(description: String(cString: strerror(status))) }
    self.pid = pid
    standardInput = input.write
    standardOutput = output.read
    standardError = error.read
    // The child's ends are its own now; the parent's are this value's.
    opened = [input.read, output.write, error.write]
  }

  private typealias AddChangeDirectory =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc
  /// module does not declare.
  private static let addChangeDirectory = Descriptors.libraryFunction(
    "posix_spawn_file_actions_addchdir_np", as: AddChangeDirectory.self)

  private typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's Glibc module does
  /// not declare.
  private static let addCloseFrom = Descriptors.libraryFunction(
    "posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

  /// Closes every descriptor from `first` on in the child: at once where the C library can,
  /// else each one open now.
  private static func closeAll(
    from first: Int32, in actions: inout posix_spawn_file_actions_t
  ) {
    if let addCloseFrom, addCloseFrom(&actions, first) == 0 { return }
    #if os(Linux)
      let folder = "/proc/self/fd"
    #else
      let folder = "/dev/fd"
    #endif
    let open = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor >= first {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

  /// `pipe2` (glibc; not macOS), which Swift's Glibc module does not declare either.
  private static let pipe2 = Descriptors.libraryFunction("pipe2", as: Pipe2.self)

  /// A pipe whose ends close in every program started from now on; the child's own ends are
  /// made its standard streams by `dup2`, which clears that.
  ///
  /// Made close-on-exec as it is made (`pipe2`), where the C library can: set afterwards, a
  /// program another test starts in between would inherit it, and hold this one's output open.
  /// Both ends are numbered 10 or more, so that `descriptors` can give them any lower number
  /// without one `dup2` overwriting the source of the next.
  package static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    let made: Int32
    if let pipe2 = Self.pipe2 {
      made = pipe2(&ends, Int32(O_CLOEXEC))
    } else {
      made = Foundation.pipe(&ends)
      if made == 0 { for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } }
    }
    guard made == 0 else {
      throw SpawnError(description: "no pipe: \(String(cString: strerror(errno)))")
    }
    for index in 0..<2 where ends[index] < 10 {
      let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, 10)
      close(ends[index])
      ends[index] = moved
    }
    guard ends.allSatisfy({ $0 >= 0 }) else {
      let reason = String(cString: strerror(errno))
      for end in ends where end >= 0 { close(end) }
      throw SpawnError(description: "no descriptor: \(reason)")
    }
    return (ends[0], ends[1])
  }

  /// Writes `data` to the program's standard input on a thread of its own, then closes it; a
  /// program that does not read it all does not fail the test process.
  package func write(_ data: Data) {
    Self.ignoreBrokenPipes
    let descriptor = standardInput
    Descriptors.detach {
      _ = data.withUnsafeBytes { Descriptors.writeAll($0, to: descriptor) }
      close(descriptor)
    }
  }

  /// Closes the program's standard input: it reads its end at once.
  package func closeInput() {
    close(standardInput)
  }

  /// A write to a program that has closed its input fails with `EPIPE` instead of killing
  /// the test process with `SIGPIPE`.
  private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Where the program stands after a wait.
  package enum Progress {
    case ended(CommandOutput.Ending)
    case running
    /// The test process cannot learn how it ended (`ECHILD`: something reaps children, or
    /// ignores `SIGCHLD`).
    case lost(String)
  }

  /// How the program ended, once it has, within `limit` on the monotonic clock.
  ///
  /// Its group is stopped before the program is reaped: until then its process id, which is
  /// the group's, cannot be taken by another process, so the signal reaches only what it left.
  package func wait(for limit: Duration) -> Progress {
    let deadline = ContinuousClock.now + limit
    while true {
      var info = siginfo_t()
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if result == 0, Self.pid(of: info) == pid {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = Descriptors.retrying { waitpid(pid, &status, 0) }
        return .ended(Self.ending(status))
      }
      if result < 0 && errno != EINTR { return .lost(String(cString: strerror(errno))) }
      if ContinuousClock.now >= deadline { return .running }
      usleep(5_000)
    }
  }

  /// Stops the program and its group: `SIGTERM`, then `SIGKILL` half a second later.
  package func stop() {
    kill(-pid, SIGTERM)
    guard case .ended = wait(for: .milliseconds(500)) else {
      kill(-pid, SIGKILL)
      _ = wait(for: .seconds(5))
      return
    }
  }

  /// The process a `waitid` reported, `si_pid` (0 when none has ended yet).
  private static func pid(of info: siginfo_t) -> pid_t {
    #if canImport(Glibc)
      info._sifields._sigchld.si_pid
    #else
      info.si_pid
    #endif
  }

  /// `WIFSIGNALED`/`WTERMSIG` and `WEXITSTATUS`, which Swift does not import (macros).
  private static func ending(_ status: Int32) -> CommandOutput.Ending {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }
}
