import Foundation

/// Runs a package's test binary the way `swift test` does, twice: once for XCTest and once
/// with `--testing-library swift-testing`, in an environment of the tool's choosing.
struct TestRunner {
  var binary: URL
  var environment: [String: String]
  /// A regular expression over test names (`Module.Type/test` for XCTest, as `swift test
  /// --filter` takes it); `nil` runs every test.
  var filter: String?

  struct Pass {
    var library: String
    var status: Int32
    /// Whether the process ended by a signal (a crash) rather than an exit.
    var crashed: Bool
  }

  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  func run() throws(LaunchError) -> [Pass] {
    var passes: [Pass] = []
    if let xcTestArguments = try xcTestArguments() {
      passes.append(try launch(xcTestArguments, library: "XCTest"))
    }
    var testing = ["--testing-library", "swift-testing"]
    if let filter { testing += ["--filter", filter] }
    passes.append(try launch(testing, library: "Swift Testing"))
    return passes
  }

  /// The XCTest pass's arguments: none without a filter, else the matching tests.
  ///
  /// The binary lists its tests itself; `nil` when none match.
  private func xcTestArguments() throws(LaunchError) -> [String]? {
    guard let filter else { return [] }
    let expression: NSRegularExpression
    do {
      expression = try NSRegularExpression(pattern: filter)
    } catch {
      throw LaunchError(description: "--filter \(filter) is not a regular expression: \(error)")
    }
    let listing = try output(of: ["--list-tests"])
    let selected = listing.split(whereSeparator: \.isNewline).map(String.init).filter { line in
      line.contains("/") && !line.contains(" ")
        && expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }
    return selected.isEmpty ? nil : [selected.joined(separator: ",")]
  }

  private func launch(_ arguments: [String], library: String) throws(LaunchError) -> Pass {
    let process = makeProcess(arguments)
    do {
      try process.run()
    } catch {
      throw LaunchError(description: "could not run \(binary.path): \(error.localizedDescription)")
    }
    process.waitUntilExit()
    return Pass(
      library: library, status: process.terminationStatus,
      crashed: process.terminationReason == .uncaughtSignal)
  }

  private func output(of arguments: [String]) throws(LaunchError) -> String {
    let process = makeProcess(arguments)
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      throw LaunchError(description: "could not run \(binary.path): \(error.localizedDescription)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  private func makeProcess(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    return process
  }
}
