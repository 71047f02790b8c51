import Foundation

/// The processes running on this machine, read from `/proc`.
enum Processes {
  /// The ids of the processes whose command line contains each of `texts`, this one excluded.
  static func matching(_ texts: String...) -> [Int32] {
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
