import Foundation
import Snapshots

extension Snapshotting where Value == Command, Format == String {
  /// The command run, as one text: its command line, how it ended, then what it wrote to
  /// standard output and to standard error, each whole (the two are read apart, so their
  /// lines are not interleaved as a terminal would show them).
  ///
  /// ```swift
  /// assertSnapshot(of: Command(product: "greet", "--name", "Ann"), as: .output)
  /// ```
  ///
  /// records
  ///
  /// ```
  /// $ greet --name Ann
  /// [exit status 0]
  /// [standard output]
  /// Hello, Ann!
  /// [standard error]
  /// ```
  ///
  /// A command that is not found, runs past its timeout or crashes fails the assertion with
  /// what it had written, and records nothing. A non-zero exit status is recorded like any
  /// other: a usage error is worth a snapshot.
  public static var output: Snapshotting {
    SimplySnapshotting.lines.asyncPullback { (command: Command) in
      Async(catching: { try CommandTranscript.text(of: command, command.run()) })
    }
  }
}

extension Command: Snapshottable {
  public static var snapshotting: Snapshotting<Command, String> { .output }
}

/// How a command's run is written as text.
enum CommandTranscript {
  static func text(of command: Command, _ output: CommandOutput) -> String {
    let ending =
      switch output.ending {
      case .exited(let status): "[exit status \(status)]"
      case .signalled(let signal): "[signal \(signal)]"
      }
    return "$ \(command)\n\(ending)\n" + streams(output.standardOutput, output.standardError)
  }

  /// Both streams under their headers; a stream that does not end its last line says so, as
  /// a diff does, so a missing newline shows.
  static func streams(_ standardOutput: Data, _ standardError: Data) -> String {
    func section(_ title: String, _ data: Data) -> String {
      var text = String(decoding: data, as: UTF8.self)
      if !text.isEmpty && !text.hasSuffix("\n") { text += "\n\\ No newline at end\n" }
      return "[\(title)]\n" + text
    }
    return section("standard output", standardOutput) + section("standard error", standardError)
  }
}
