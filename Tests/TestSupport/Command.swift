import Foundation

/// Runs a program to completion in a folder and keeps what it printed (standard output and
/// error, interleaved).
public struct Command: Sendable {
  public var status: Int32
  public var output: String

  public init(
    _ executable: String, _ arguments: [String], in directory: URL,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    output = String(decoding: data, as: UTF8.self)
  }
}
