import Foundation

/// How a test bundle runs on macOS, as `swift test` runs it there: XCTest through `xcrun xctest`,
/// Swift Testing through SwiftPM's testing helper with the bundle's executable.
///
/// On Linux the test binary runs itself (``TestRunner``). This path is not run on this
/// project's machines, which are Linux only; it is kept this small for that reason.
enum MacTestLaunch {
  /// The program and arguments that run the bundle's tests with `arguments` (the Linux
  /// binary's: `--testing-library swift-testing …`, or a comma-separated XCTest selection).
  static func command(bundle: URL, arguments: [String]) -> (program: URL, arguments: [String]) {
    if arguments.contains("swift-testing") {
      let executable = bundle.appendingPathComponent("Contents/MacOS")
        .appendingPathComponent(bundle.deletingPathExtension().lastPathComponent)
      return (testingHelper, ["--test-bundle-path", bundle.path, executable.path] + arguments)
    }
    let selection = arguments.first.map { ["-XCTest", $0] } ?? []
    return (URL(fileURLWithPath: "/usr/bin/xcrun"), ["xctest"] + selection + [bundle.path])
  }

  /// `swiftpm-testing-helper`, in the toolchain of the `swift` that `xcrun` finds: looked up
  /// once, not per launch.
  private static let testingHelper: URL = {
    let find = Process()
    find.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
    find.arguments = ["--find", "swift"]
    let pipe = Pipe()
    find.standardOutput = pipe
    try? find.run()
    let swift = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    find.waitUntilExit()
    return URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("libexec/swift/pm/swiftpm-testing-helper")
  }()
}
