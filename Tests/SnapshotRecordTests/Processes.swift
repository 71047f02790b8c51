import Foundation

/// The processes running on this machine, read from `/proc`.
enum Processes {
  /// The ids of the processes whose command line contains each of `texts`, this one excluded.
  static func matching(_ texts: String...) -> [Int32] { matching(texts) }

  static func matching(_ texts: [String]) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> Int32? in
      guard let pid = Int32(name), pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { return nil }
      let commandLine = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
      return texts.allSatisfy(commandLine.contains) ? pid : nil
    }
  }
}

extension Processes {
  /// Waits, at most `seconds`, until a process whose command line contains each of `texts`
  /// runs; whether one does.
  static func waitFor(_ texts: String..., seconds: TimeInterval) -> Bool {
    let started = Date()
    while Date().timeIntervalSince(started) < seconds {
      if !matching(texts).isEmpty { return true }
      usleep(5_000)
    }
    return false
  }

  /// Kills `command` (`kill -9`) and waits, at most 5 seconds, until no process whose command
  /// line contains `marker` is left: those left, and how long it took.
  static func kill(_ command: Process, thenWaitFor marker: String) -> (
    left: [Int32], seconds: TimeInterval
  ) {
    Foundation.kill(command.processIdentifier, SIGKILL)
    command.waitUntilExit()
    let killed = Date()
    while !matching([marker]).isEmpty && Date().timeIntervalSince(killed) < 5 { usleep(50_000) }
    return (matching([marker]), Date().timeIntervalSince(killed))
  }
}
