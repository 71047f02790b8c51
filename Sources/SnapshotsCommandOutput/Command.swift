import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPOSIX

/// A program to run and what it is given: the value a command-output snapshot is taken of.
///
/// ```swift
/// assertSnapshot(of: Command("git", "--version"))
/// assertSnapshot(of: Command(product: "greet", "--name", "Ann"))
/// ```
public struct Command: Sendable, CustomStringConvertible {
  /// Where the program is found.
  public enum Executable: Sendable, Equatable {
    /// A name looked up on `PATH`, or a path when it holds a `/`.
    case named(String)
    /// An executable product of the package under test, from the build the tests run from
    /// (add its target to the test target's dependencies, so `swift test` builds it).
    case product(String)
  }

  public var executable: Executable
  public var arguments: [String]
  /// Variables set for the program, over ``fixedEnvironment`` and the inherited ones (a `nil`
  /// value removes one).
  public var environment: [String: String?]
  /// The names of the test process's variables the program gets as they are, beside
  /// ``inheritedByDefault``: the rest of the test process's environment never reaches it.
  public var inheriting: Set<String>
  /// The folder it runs in; `nil` is the test process's.
  public var workingDirectory: URL?
  /// What it reads on standard input (nothing: it reads end of file at once).
  public var standardInput: Data
  /// How long it may run before it is stopped and the assertion fails: a `Duration`, such as
  /// `.seconds(2)` or `.milliseconds(500)`.
  public var timeout: Duration

  /// What every program is given, whatever the test process has, so that one command
  /// snapshots the same in CI and in a shell: an English UTF-8 locale, UTC, a terminal that
  /// draws nothing (`TERM=dumb`, `NO_COLOR=1`), 80 columns and 24 lines.
  public static let fixedEnvironment: [String: String] = [
    "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "TERM": "dumb", "NO_COLOR": "1",
    "COLUMNS": "80", "LINES": "24",
  ]

  /// The test process's variables every program gets, as they are.
  ///
  /// Where programs and the user's files are, the temporary folder, and where a coverage build
  /// writes its profile. `CI`, `SNAPSHOTS_*` and the like are left out; name them in
  /// `inheriting:` to pass them on.
  public static let inheritedByDefault: Set<String> = [
    "PATH", "HOME", "USER", "TMPDIR", "LLVM_PROFILE_FILE",
  ]

  /// The program's whole environment: ``fixedEnvironment``, the inherited variables the test
  /// process has, then ``environment``.
  public var resolvedEnvironment: [String: String] {
    var variables = Self.fixedEnvironment
    let own = ProcessInfo.processInfo.environment
    for name in Self.inheritedByDefault.union(inheriting) {
      if let value = own[name] { variables[name] = value }
    }
    for (name, value) in environment { variables[name] = value }
    return variables
  }

  public init(
    _ executable: String, _ arguments: String..., environment: [String: String?] = [:],
    inheriting: Set<String> = [], workingDirectory: URL? = nil, standardInput: Data = Data(),
    timeout: Duration = .seconds(30)
  ) {
    self.init(
      executable: .named(executable), arguments: arguments, environment: environment,
      inheriting: inheriting, workingDirectory: workingDirectory, standardInput: standardInput,
      timeout: timeout)
  }

  public init(
    product: String, _ arguments: String..., environment: [String: String?] = [:],
    inheriting: Set<String> = [], workingDirectory: URL? = nil, standardInput: Data = Data(),
    timeout: Duration = .seconds(30)
  ) {
    self.init(
      executable: .product(product), arguments: arguments, environment: environment,
      inheriting: inheriting, workingDirectory: workingDirectory, standardInput: standardInput,
      timeout: timeout)
  }

  public init(
    executable: Executable, arguments: [String], environment: [String: String?] = [:],
    inheriting: Set<String> = [], workingDirectory: URL? = nil, standardInput: Data = Data(),
    timeout: Duration = .seconds(30)
  ) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
    self.inheriting = inheriting
    self.workingDirectory = workingDirectory
    self.standardInput = standardInput
    self.timeout = timeout
  }

  /// The command line as a shell would take it: `greet --name 'Ann Lee'`.
  public var description: String {
    let name =
      switch executable {
      case .named(let name), .product(let name): name
      }
    return ([name] + arguments).map(Self.quoted).joined(separator: " ")
  }

  static func quoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
          || "-_./=:,@%+".unicodeScalars.contains(scalar)
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

/// What a command did: how it ended and what it wrote.
public struct CommandOutput: Sendable, Equatable {
  public enum Ending: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  public var ending: Ending
  public var standardOutput: Data
  public var standardError: Data
}

/// A command that could not be run to its end: not found, stopped at its timeout, or crashed.
///
/// Its description says why and, when it ran, what it had written.
public struct CommandFailure: Error, CustomStringConvertible {
  public var description: String
}

extension Command {
  /// Runs the command to its end, or stops it at its timeout.
  ///
  /// The program starts in a process group of its own, in ``resolvedEnvironment``. It is
  /// waited for by its process id alone, so a child it leaves behind holding its output open
  /// does not hold the snapshot; when it ends, or is stopped, what it started and left in its
  /// group is stopped too, so nothing it started outlives the assertion.
  public func run() throws(CommandFailure) -> CommandOutput {
    let url = try resolvedExecutable()
    let child: SpawnedProcess
    do {
      child = try SpawnedProcess(
        url.path, arguments: arguments, environment: resolvedEnvironment,
        workingDirectory: workingDirectory?.path)
    } catch {
      throw CommandFailure(description: "\(url.path) could not be started: \(error)")
    }
    let written = (out: Drain(child.standardOutput), err: Drain(child.standardError))
    child.write(standardInput)
    let ending: CommandOutput.Ending
    switch child.wait(for: timeout) {
    case .ended(let ended):
      ending = ended
    case .running:
      child.stop()
      throw CommandFailure(
        description: "\(self) did not end within \(timeout) and was stopped. It had written:\n"
          + CommandTranscript.streams(written.out.collected(), written.err.collected()))
    case .lost(let error):
      child.stop()
      throw CommandFailure(
        description:
          "\(self) ran, but how it ended could not be learnt (waitpid: \(error); does the test process ignore SIGCHLD?). It had written:\n"
          + CommandTranscript.streams(written.out.collected(), written.err.collected()))
    }
    let output = CommandOutput(
      ending: ending, standardOutput: written.out.collected(),
      standardError: written.err.collected())
    if case .signalled(let signal) = ending {
      throw CommandFailure(
        description: "\(self) crashed (signal \(signal)). It had written:\n"
          + CommandTranscript.streams(output.standardOutput, output.standardError))
    }
    return output
  }

  /// The program's file: the product in the tests' build folder, a path, or the first match
  /// on `PATH`.
  func resolvedExecutable() throws(CommandFailure) -> URL {
    switch executable {
    case .product(let name):
      let folders = Self.buildFolders
      for folder in folders {
        let url = folder.appendingPathComponent(name)
        if Descriptors.isExecutableFile(url.path) { return url }
      }
      throw CommandFailure(
        description:
          "the product \(name) is not built in \(folders.map(\.path).joined(separator: " or ")): add its target to the test target's dependencies, so `swift test` builds it"
      )
    case .named(let name) where name.contains("/"):
      let url = URL(fileURLWithPath: name, relativeTo: workingDirectory).standardizedFileURL
      guard Descriptors.isExecutableFile(url.path) else {
        throw CommandFailure(description: "no executable at \(url.path)")
      }
      return url
    case .named(let name):
      let path = resolvedEnvironment["PATH"] ?? ""
      guard let found = Descriptors.executable(named: name, onPath: path) else {
        throw CommandFailure(description: "\(name) was not found on PATH (\(path))")
      }
      return URL(fileURLWithPath: found)
    }
  }

  /// Where SwiftPM puts the package's products: beside the test bundle (macOS), or beside the
  /// running test binary (Linux, where the binary is the bundle).
  static var buildFolders: [URL] {
    let bundles = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
      .map { $0.bundleURL.deletingLastPathComponent() }
    let binary = Bundle.main.executableURL.map {
      [$0.resolvingSymlinksInPath().deletingLastPathComponent()]
    }
    return bundles + (binary ?? [])
  }
}

/// A pipe read to its end on a thread of its own.
private final class Drain: Sendable {
  private let data = Locked(Data())
  private let done = DispatchSemaphore(value: 0)

  init(_ descriptor: Int32) {
    Descriptors.drain(
      descriptor, { [data] chunk in data.withLock { $0.append(contentsOf: chunk) } },
      ended: { [done] in done.signal() })
  }

  /// What was read: all of it once the writer closed the pipe, or, after a short wait (a
  /// child the program left behind may hold it open), what came so far.
  func collected() -> Data {
    if done.wait(timeout: .now() + 0.5) == .success { done.signal() }
    return data.withLock { $0 }
  }
}
