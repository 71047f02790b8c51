import Foundation
import TestSupport
import Testing

/// 1,000 assertions recorded by `swift test --parallel` (XCTest in worker processes, Swift
/// Testing in parallel tasks), then by three test processes at once: no reference lost, none
/// with another's value, no temporary file left.
struct ManyAssertions {
  let package: ThrowawayPackage
  let cases = 950
  let methods = 50

  var test: String {
    var lines = [
      "import Snapshots", "import Testing", "import XCTest", "",
      "@Test(arguments: 0..<\(cases)) func many(n: Int) {",
      "  assertSnapshot(of: \"value \\(n)\\n\", as: .lines)", "}", "",
      "final class ManyXCTests: XCTestCase {",
    ]
    for method in 0..<methods {
      lines.append(
        "  func test\(method)() { assertSnapshot(of: \"method \(method)\\n\", as: .lines) }")
    }
    return (lines + ["}", ""]).joined(separator: "\n")
  }

  var expected: [String: String] {
    var files: [String: String] = [:]
    for n in 0..<cases { files["ManyTests/many-n-\(n).1.txt"] = "value \(n)\n" }
    for method in 0..<methods { files["ManyTests/test\(method).1.txt"] = "method \(method)\n" }
    return files
  }

  func run() throws {
    let source = "Tests/AppTests/ManyTests.swift"
    let snapshots = package.folder.url.appendingPathComponent("Tests/AppTests/__Snapshots__")
    try package.write(source, test)
    // References are grouped by test file: every one of them is in `ManyTests`.
    let folder = snapshots.appendingPathComponent("ManyTests")
    defer {
      try? package.remove(source)
      try? FileManager.default.removeItem(at: folder)
    }
    let parallel = try package.swift(["test", "--parallel", "--filter", "many|ManyXCTests"])
    #expect(parallel.status != 0, "recording fails each test once")
    try expectReferences(in: folder)

    try FileManager.default.removeItem(at: folder)
    let binary = try #require(package.builtProduct("AppPackageTests.xctest"))
    let processes =
      try (0..<3).map { _ in
        try package.launch(
          binary, ["--testing-library", "swift-testing", "--filter", "many"])
      } + (0..<3).map { _ in try package.launch(binary, ["AppTests.ManyXCTests"]) }
    processes.forEach { $0.waitUntilExit() }
    try expectReferences(in: folder)
    #expect(try package.swift(["test", "--filter", "many|ManyXCTests"]).status == 0)
  }

  private func expectReferences(in folder: URL) throws {
    var found: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      found["ManyTests/\(name)"] = try String(
        contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    let expected = self.expected
    #expect(found.count == expected.count, "\(found.count) files for \(expected.count) assertions")
    for (path, text) in expected where found[path] != text {
      Issue.record("\(path): \(found[path].map { "\"\($0)\"" } ?? "missing")")
    }
    let strays = found.keys.filter { expected[$0] == nil }
    #expect(strays.isEmpty, "unexpected files: \(strays.sorted().prefix(5))")
  }
}
