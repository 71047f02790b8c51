import Foundation

/// The clean build of a test target that uses inline snapshots.
///
/// On `InlineSnapshots` (no swift-syntax) against swift-snapshot-testing's
/// `InlineSnapshotTesting` (which builds it). Each package is resolved first, untimed; then `swift build --build-tests` is timed from an
/// empty build folder.
enum BuildTimes {
  static func rows() throws -> [Row] {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let ours = try time(
      dependency: ".package(path: \"\(repository.path)\")",
      product:
        ".product(name: \"InlineSnapshots\", package: \"\(repository.lastPathComponent.lowercased())\")",
      module: "InlineSnapshots")
    let theirs = try time(
      dependency:
        ".package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\", from: \"1.19.7\")",
      product: ".product(name: \"InlineSnapshotTesting\", package: \"swift-snapshot-testing\")",
      module: "InlineSnapshotTesting")
    return [
      Row(
        name: "clean debug build of a test target using inline snapshots", ours: ours,
        theirs: theirs, target: "≥ 5× faster")
    ]
  }

  private static func time(dependency: String, product: String, module: String) throws -> Double {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-snapshots-build-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tests = folder.appendingPathComponent("Tests/AppTests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try Data(
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [\(dependency)],
        targets: [.testTarget(name: "AppTests", dependencies: [\(product)])]
      )

      """.utf8
    ).write(to: folder.appendingPathComponent("Package.swift"))
    try Data(
      """
      import \(module)
      import Testing

      @Test func greeting() {
        assertInlineSnapshot(of: "Hello", as: .lines) {
          \"\"\"
          Hello
          \"\"\"
        }
      }

      """.utf8
    ).write(to: tests.appendingPathComponent("GreetingTests.swift"))
    try run(["package", "resolve"], in: folder)
    let start = ContinuousClock.now
    try run(["build", "--build-tests"], in: folder)
    return (ContinuousClock.now - start).seconds
  }

  private static func run(_ arguments: [String], in folder: URL) throws {
    try ChildProcess.run("/usr/bin/env", ["swift"] + arguments, in: folder, showingErrors: false)
  }
}
