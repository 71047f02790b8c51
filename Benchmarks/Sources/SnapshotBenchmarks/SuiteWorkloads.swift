import Foundation

/// A real suite of small assertions, as `swift test` runs it.
///
/// N tests in 10 files, each asserting a small struct's `.dump` and a two-line `.lines` against references on disk, on
/// each toolkit, beside the same tests with the assertions removed. Swift Testing and XCTest,
/// debug and release builds.
///
/// One throwaway package holds every variant as its own test target. Each toolkit records its
/// references once (the benchmark checks both wrote the same bytes); then the test binary runs
/// each target alone, serially, the three in turns, best of several runs. The cost of one
/// assertion is the run minus the empty suite's (for XCTest, the time inside the test methods
/// minus the empty methods'), divided by the assertions.
enum SuiteWorkloads {
  static let files = 10

  enum Toolkit: String, CaseIterable {
    case ours = "Ours", theirs = "Theirs", empty = "Empty"

    var module: String? {
      switch self {
      case .ours: return "Snapshots"
      case .theirs: return "SnapshotTesting"
      case .empty: return nil
      }
    }
  }

  enum Framework: String, CaseIterable {
    case testing = "Testing", xctest = "XCTest"
  }

  static func rows(tests: Int = 500, runs: Int = 15) throws -> [Row] {
    let package = try SuitePackage(tests: tests)
    defer { package.remove() }
    var rows: [Row] = []
    for configuration in ["debug", "release"] {
      try package.build(configuration)
      try package.record(configuration)
      for framework in Framework.allCases {
        // In turns, so that the machine's drift during the runs falls on all three alike.
        var ours = SuitePackage.Run.slowest
        var theirs = ours
        var empty = ours
        for _ in 0..<runs {
          ours = ours.fastest(try package.time(.ours, framework, configuration))
          theirs = theirs.fastest(try package.time(.theirs, framework, configuration))
          empty = empty.fastest(try package.time(.empty, framework, configuration))
        }
        let assertions = Double(tests * 2)
        let measure =
          framework == .testing
          ? "run minus empty run" : "time in the test methods, minus empty ones"
        rows.append(
          Row(
            name:
              "one small assertion in a \(tests)-test suite, \(framework.rawValue), \(configuration) (\(measure))",
            ours: (ours.assertions - empty.assertions) / assertions,
            theirs: (theirs.assertions - empty.assertions) / assertions,
            target: configuration == "debug" ? "≥ 5× faster" : "≥ 10× faster"))
        rows.append(
          Row(
            name:
              "that suite's test binary, \(framework.rawValue), \(configuration)\(framework == .xctest ? ", processor time" : "") (empty: \(Row.format(empty.binary)))",
            ours: ours.binary, theirs: theirs.binary, target: "report"))
      }
      if configuration == "debug" {
        rows.append(try exportRow(package, runs: runs))
        rows.append(
          Row(
            name: "`swift test` of that suite, Swift Testing, debug, whole command",
            ours: try fastest(3) { try package.timeSwiftTest(.ours) },
            theirs: try fastest(3) { try package.timeSwiftTest(.theirs) }, target: "report"))
      }
    }
    return rows
  }

  /// A passing run that exports its pending folder for CI (`SNAPSHOTS_PENDING_DIR`: the
  /// reference log, the finished marker) against the same run without it, taken in turns.
  private static func exportRow(_ package: SuitePackage, runs: Int) throws -> Row {
    let folder = package.folder.appendingPathComponent(".build/exported")
    defer { try? FileManager.default.removeItem(at: folder) }
    var (plain, exported) = (Double.infinity, Double.infinity)
    for _ in 0..<runs {
      plain = min(plain, try package.time(.ours, .testing, "debug").binary)
      exported = min(
        exported,
        try package.time(
          .ours, .testing, "debug", environment: ["SNAPSHOTS_PENDING_DIR": folder.path]
        ).binary)
    }
    return Row(
      name: "that suite's test binary, Swift Testing, debug, exporting for CI",
      ours: exported, baseline: plain, baselineName: "without SNAPSHOTS_PENDING_DIR",
      target: "no measurable difference")
  }

  /// The shortest of `runs` timings.
  private static func fastest(_ runs: Int, _ time: () throws -> Double) throws -> Double {
    try (0..<runs).reduce(Double.infinity) { best, _ in min(best, try time()) }
  }
}

/// The throwaway package: one test target per toolkit and framework.
struct SuitePackage {
  let folder: URL
  let tests: Int

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  init(tests: Int) throws {
    self.tests = tests
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-snapshots-suite-\(UUID().uuidString)")
    let identity = Self.repository.lastPathComponent.lowercased()
    var targets: [String] = []
    for toolkit in SuiteWorkloads.Toolkit.allCases {
      for framework in SuiteWorkloads.Framework.allCases {
        let name = toolkit.rawValue + framework.rawValue
        let product: String
        switch toolkit {
        case .ours: product = ".product(name: \"Snapshots\", package: \"\(identity)\")"
        case .theirs:
          product = ".product(name: \"SnapshotTesting\", package: \"swift-snapshot-testing\")"
        case .empty: product = ""
        }
        targets.append(
          ".testTarget(name: \"\(name)\", dependencies: [\(product)], exclude: [\"__Snapshots__\"])"
        )
        for file in 0..<SuiteWorkloads.files {
          try folder.write(
            "Tests/\(name)/\(name)File\(file).swift",
            source(toolkit, framework, name: "\(name)File\(file)", file: file))
        }
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent("Tests/\(name)/__Snapshots__"),
          withIntermediateDirectories: true)
      }
    }
    try folder.write(
      "Package.swift",
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "Suite",
        dependencies: [
          .package(path: "\(Self.repository.path)"),
          .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        ],
        targets: [
          \(targets.joined(separator: ",\n    "))
        ]
      )

      """)
  }

  /// One file's tests: each asserts a struct's `.dump` and a two-line `.lines`.
  private func source(
    _ toolkit: SuiteWorkloads.Toolkit, _ framework: SuiteWorkloads.Framework, name: String,
    file: Int
  ) -> String {
    let perFile = tests / SuiteWorkloads.files
    var lines = [toolkit.module.map { "import \($0)" } ?? "", "import Foundation"]
    lines.append(framework == .testing ? "import Testing" : "import XCTest")
    lines.append("")
    lines.append("private struct Item { var id: Int; var name: String; var done: Bool }")
    lines.append("")
    lines.append(
      framework == .testing ? "@Suite struct \(name) {" : "final class \(name): XCTestCase {")
    if framework == .xctest { lines.append(Self.methodTimer) }
    for index in 0..<perFile {
      let id = file * perFile + index
      lines.append(
        framework == .testing ? "  @Test func item\(id)() {" : "  func testItem\(id)() {")
      if framework == .xctest {
        lines.append("    let start = Self.now(); defer { Self.spent += Self.now() - start }")
      }
      lines.append("    let item = Item(id: \(id), name: \"item \(id)\", done: \(id % 2 == 0))")
      lines.append("    let text = \"first line \\(item.id)\\nsecond line\"")
      if toolkit == .empty {
        lines.append("    _ = (item, text)")
      } else {
        lines.append("    assertSnapshot(of: item, as: .dump)")
        lines.append("    assertSnapshot(of: text, as: .lines)")
      }
      lines.append("  }")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// An XCTest class's clock: the nanoseconds its test methods took, appended at the class's end
  /// to the file `SUITE_METHOD_TIMES` names.
  private static let methodTimer = """
      nonisolated(unsafe) static var spent: UInt64 = 0
      static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
      override class func tearDown() {
        guard let path = ProcessInfo.processInfo.environment["SUITE_METHOD_TIMES"],
          let file = FileHandle(forWritingAtPath: path)
        else { return }
        file.seekToEndOfFile()
        file.write("\\(spent)\\n".data(using: .utf8)!)
        file.closeFile()
      }
    """

  func build(_ configuration: String) throws {
    try swift(["build", "--build-tests", "-c", configuration])
  }

  /// Records every reference once, then checks both toolkits wrote the same bytes.
  func record(_ configuration: String) throws {
    for toolkit in [SuiteWorkloads.Toolkit.ours, .theirs] {
      for framework in SuiteWorkloads.Framework.allCases {
        _ = try? runTests(
          toolkit, framework, configuration, environment: ["SNAPSHOT_TESTING_RECORD": "missing"])
      }
    }
    for framework in SuiteWorkloads.Framework.allCases {
      let ours = try references(of: "Ours\(framework.rawValue)")
      let theirs = try references(of: "Theirs\(framework.rawValue)")
      guard ours.count == tests * 2, ours == theirs else {
        throw ChildProcess.Failed(
          command:
            "recording the \(framework.rawValue) suite's references (\(ours.count) ours, \(theirs.count) theirs, equal: \(ours == theirs))",
          status: 1)
      }
    }
  }

  /// Every reference of a target, by its path under the file's folder, with its bytes.
  private func references(of target: String) throws -> [String: Data] {
    let root = folder.appendingPathComponent("Tests/\(target)/__Snapshots__")
    var result: [String: Data] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: root.path) {
      let directory = root.appendingPathComponent(file)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        // The folder is named after the test file, which names its toolkit.
        let key = file.replacingOccurrences(of: target, with: "") + "/" + name
        result[key] = try Data(contentsOf: directory.appendingPathComponent(name))
      }
    }
    return result
  }

  /// One run of a target's tests: the binary's seconds, and the seconds its assertions took.
  struct Run {
    /// On the clock for Swift Testing; on the processor for XCTest, whose runner on Linux idles
    /// between tests for lengths that vary from run to run (the same binary took 0.2–0.7 s on
    /// the clock while its processor time stayed within a few percent).
    var binary: Double
    /// What the assertions are measured by: the binary's time for Swift Testing, the time spent
    /// inside the test methods for XCTest (the runner's processor time also varies by more than
    /// the whole suite's assertions).
    var assertions: Double

    static let slowest = Run(binary: .infinity, assertions: .infinity)

    func fastest(_ other: Run) -> Run {
      Run(binary: min(binary, other.binary), assertions: min(assertions, other.assertions))
    }
  }

  func time(
    _ toolkit: SuiteWorkloads.Toolkit, _ framework: SuiteWorkloads.Framework,
    _ configuration: String, environment: [String: String] = [:]
  ) throws -> Run {
    guard framework == .xctest else {
      let timing = try ChildProcess.timed(
        binary(configuration).path, arguments(toolkit, framework),
        environment: Self.environment(environment))
      return Run(binary: timing.wall, assertions: timing.wall)
    }
    let times = folder.appendingPathComponent("method-times.txt")
    _ = FileManager.default.createFile(atPath: times.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: times) }
    let timing = try ChildProcess.timed(
      binary(configuration).path, arguments(toolkit, framework),
      environment: Self.environment(
        environment.merging(["SUITE_METHOD_TIMES": times.path]) { $1 }
      ))
    let classes = try String(contentsOf: times, encoding: .utf8).split(separator: "\n")
      .compactMap { UInt64($0) }
    guard classes.count == SuiteWorkloads.files else {
      throw ChildProcess.Failed(
        command: "timing \(toolkit.rawValue)XCTest (\(classes.count) classes reported a time)",
        status: 1)
    }
    let nanoseconds = classes.reduce(0, +)
    return Run(binary: timing.processor, assertions: Double(nanoseconds) / 1e9)
  }

  private func runTests(
    _ toolkit: SuiteWorkloads.Toolkit, _ framework: SuiteWorkloads.Framework,
    _ configuration: String, environment: [String: String]
  ) throws {
    try ChildProcess.run(
      binary(configuration).path, arguments(toolkit, framework), in: folder,
      environment: Self.environment(environment), showingErrors: false)
  }

  private func binary(_ configuration: String) -> URL {
    folder.appendingPathComponent(".build/\(configuration)/SuitePackageTests.xctest")
  }

  /// One target's tests, serially.
  private func arguments(
    _ toolkit: SuiteWorkloads.Toolkit, _ framework: SuiteWorkloads.Framework
  ) -> [String] {
    let target = toolkit.rawValue + framework.rawValue
    return framework == .testing
      ? ["--testing-library", "swift-testing", "--no-parallel", "--filter", target]
      : [
        "--testing-library", "xctest",
        (0..<SuiteWorkloads.files).map { "\(target).\(target)File\($0)" }.joined(separator: ","),
      ]
  }

  /// The whole `swift test` command for one Swift Testing target, build already done.
  func timeSwiftTest(_ toolkit: SuiteWorkloads.Toolkit) throws -> Double {
    try ChildProcess.timed(
      "/usr/bin/env",
      [
        "swift", "test", "--package-path", folder.path, "--skip-build", "--disable-xctest",
        "--no-parallel", "--filter", toolkit.rawValue + "Testing",
      ], environment: Self.environment([:])
    ).wall
  }

  /// This process's environment without the variables that change how snapshots behave.
  private static func environment(_ extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SNAPSHOT") && $0.key != "CI" }
      .merging(extra) { $1 }
  }

  private func swift(_ arguments: [String]) throws {
    try ChildProcess.run(
      "/usr/bin/env", ["swift"] + arguments, in: folder, environment: Self.environment([:]),
      showingErrors: false)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}
