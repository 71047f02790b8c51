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

  /// Sends `command` a signal (`kill -9` by default) and waits, at most 5 seconds, until no
  /// process whose command line contains `marker` is left: those left, and how long it took.
  static func stop(_ command: Process, with signal: Int32 = SIGKILL, thenWaitFor marker: String)
    -> (left: [Int32], seconds: TimeInterval)
  {
    kill(command.processIdentifier, signal)
    let sent = Date()
    while command.isRunning && Date().timeIntervalSince(sent) < 5 { usleep(50_000) }
    var left: [Int32] = []
    if command.isRunning {
      left.append(command.processIdentifier)  // it ignored the signal: end it, and say so
      kill(command.processIdentifier, SIGKILL)
    }
    command.waitUntilExit()
    while !matching([marker]).isEmpty && Date().timeIntervalSince(sent) < 5 { usleep(50_000) }
    return (left + matching([marker]), Date().timeIntervalSince(sent))
  }
}
