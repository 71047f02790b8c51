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
