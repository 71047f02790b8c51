import Foundation

/// A package of 100 test files whose `.lines` references number in the tens of thousands, on
/// each toolkit, for timing the tool's verbs at the size of a large monorepo (issue 52).
///
/// Two packages side by side: `App` (``folder``), whose test target `Ours` asserts with
/// swift-snapshots, and `Theirs` (``theirs``), the same tests on swift-snapshot-testing 1.19.7,
/// apart so that `snapshot-record` runs only ours. Each target has ``files`` Swift Testing suites
/// of ``testsPerFile`` tests; a test asserts `references / 1,000` named values in a loop, so the
/// package compiles in the time of a small one. Reference `k` (counted across the target, file
/// by file) is three lines:
///
/// ```
/// reference k
/// file F test T
/// status: ok
/// ```
///
/// `LARGE_PACKAGE_CHANGES=shared,distinct` (read by the tests when they run) changes the last
/// line of the first `shared` references to `status: changed`, one diff and so one group, and
/// of the next `distinct` ones to `status: changed k`, a diff each: a run then leaves
/// `shared + distinct` pending changes.
struct LargePackage {
  static let files = 100
  static let testsPerFile = 10
  /// The variable the tests read: `shared,distinct`.
  static let changesVariable = "LARGE_PACKAGE_CHANGES"

  let scratch: ScratchPackage
  let references: Int

  /// Ours: the package `snapshot-record` runs in.
  var folder: URL { scratch.url }
  /// Theirs, beside it.
  var theirs: URL { folder.deletingLastPathComponent().appendingPathComponent("Theirs") }

  /// Writes both packages under the temporary folder; `references` is a multiple of 1,000.
  init(references: Int) throws {
    precondition(references % (Self.files * Self.testsPerFile) == 0)
    self.references = references
    scratch = ScratchPackage("large-\(references)")
    let identity = SuitePackage.repository.lastPathComponent.lowercased()
    try write(
      folder, target: "Ours", module: "Snapshots",
      dependency: ".package(path: \"\(SuitePackage.repository.path)\")",
      product: ".product(name: \"Snapshots\", package: \"\(identity)\")")
    try write(
      theirs, target: "Theirs", module: "SnapshotTesting",
      dependency:
        ".package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\", exact: \"1.19.7\")",
      product: ".product(name: \"SnapshotTesting\", package: \"swift-snapshot-testing\")")
  }

  /// One package: its manifest, its values and its test files.
  private func write(
    _ package: URL, target: String, module: String, dependency: String, product: String
  ) throws {
    try package.write("Tests/\(target)/LargeValue.swift", Self.valueSource)
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Tests/\(target)/__Snapshots__"),
      withIntermediateDirectories: true)
    for file in 0..<Self.files {
      try package.write(
        "Tests/\(target)/\(target)File\(file).swift",
        source(module: module, suite: "\(target)File\(file)", file: file))
    }
    try package.write(
      "Package.swift",
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "\(package.lastPathComponent)",
        dependencies: [\(dependency)],
        targets: [
          .testTarget(name: "\(target)", dependencies: [\(product)], exclude: ["__Snapshots__"])
        ]
      )

      """)
  }

  /// A test file: each test asserts its share of the references, named by their number.
  private func source(module: String, suite: String, file: Int) -> String {
    let perTest = references / (Self.files * Self.testsPerFile)
    var lines = ["import \(module)", "import Testing", "", "@Suite struct \(suite) {"]
    for test in 0..<Self.testsPerFile {
      let first = (file * Self.testsPerFile + test) * perTest
      lines += [
        "  @Test func test\(test)() {",
        "    for index in 0..<\(perTest) {",
        "      assertSnapshot(",
        "        of: largeValue(\(first) + index, file: \(file), test: \(test)), as: .lines,",
        "        named: \"\\(index)\")",
        "    }",
        "  }",
      ]
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The values, and the switch that changes some of them.
  private static let valueSource = """
    import Foundation

    private let changes: (shared: Int, distinct: Int) = {
      let counts = (ProcessInfo.processInfo.environment["\(changesVariable)"] ?? "")
        .split(separator: ",").compactMap { Int($0) }
      return counts.count == 2 ? (counts[0], counts[1]) : (0, 0)
    }()

    func largeValue(_ reference: Int, file: Int, test: Int) -> String {
      let status =
        reference < changes.shared
        ? "changed"
        : reference < changes.shared + changes.distinct ? "changed \\(reference)" : "ok"
      return "reference \\(reference)\\nfile \\(file) test \\(test)\\nstatus: \\(status)\\n"
    }

    """

  func remove() { scratch.remove() }
}

extension URL {
  /// Writes `text` to the file at `path` under this folder, making the folders it needs.
  func write(_ path: String, _ text: String) throws {
    let url = appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}
