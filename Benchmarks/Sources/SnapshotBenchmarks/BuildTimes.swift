import Foundation

/// Clean debug builds of a test target: one using inline snapshots, one using the core alone,
/// each as one test, as twenty, and as 1,000 call sites.
///
/// On `InlineSnapshots` (no swift-syntax) against swift-snapshot-testing's
/// `InlineSnapshotTesting` (which builds it), and on `Snapshots` against `SnapshotTesting` (which
/// in 1.19.7 depends on no other package). Each package is resolved first, untimed; then
/// `swift build --build-tests` is timed from an empty build folder, the packages in turns,
/// ``rounds`` times, and each keeps its best. The same target with no library at all (Swift
/// Testing and Foundation only) is the floor both share; the builds less that floor are each
/// library's own part.
///
/// Then the first `snapshot-record` of a fresh package (its build folder emptied but for the
/// resolved packages), against that package's own clean `swift build --build-tests`, with the
/// record's peak memory (the largest process, from `/usr/bin/time`).
enum BuildTimes {
  static let inlineTest = """
    @Test func greeting() {
      assertInlineSnapshot(of: "Hello", as: .lines) {
        \"\"\"
        Hello
        \"\"\"
      }
    }
    """

  /// An inline snapshot with no reference yet, which the first record writes.
  static let newInlineTest = """
    @Test func greeting() {
      assertInlineSnapshot(of: "Hello", as: .lines)
    }
    """

  static let fileTest = """
    @Test func greeting() {
      assertSnapshot(of: ["Hello": 1], as: .dump)
    }
    """

  /// The other shape of a file-only target: twenty `@Test` functions, each asserting `body` of
  /// its own two-field value `item`.
  static func twentyTests(_ body: String) -> String {
    "struct Item { var id: Int; var name: String }\n"
      + (0..<20).map { index in
        """

        @Test func item\(index)() {
          let item = Item(id: \(index), name: "n\(index)")
          \(body)
        }

        """
      }.joined()
  }

  /// A file-only target of 1,000 call sites, each made by `body` from a value's name.
  ///
  /// Fifty `@Test` functions each assert twenty two-field values. What the 980 call sites more
  /// than ``twentyTests(_:)`` add is the type checker's work per call, which stays near theirs.
  /// It has no floor of its own: the same values checked with `#expect` build slower than with
  /// either library, since each `#expect` is a macro expanded per call.
  static func thousandCallSites(_ body: (String) -> String) -> String {
    "struct Item { var id: Int; var name: String }\n"
      + (0..<50).map { test in
        "\n@Test func items\(test)() {\n"
          + (0..<20).map { index in
            """
              let item\(index) = Item(id: \(index), name: "n\(test)-\(index)")
              \(body("item\(index)"))

            """
          }.joined() + "}\n"
      }.joined()
  }

  /// Clean builds per package, taken in turns so that a slow spell of the machine falls on
  /// every package alike; each row keeps a package's best.
  static let rounds = 5

  static func rows() throws -> [Row] {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let ours = ".package(path: \"\(repository.path)\")"
    let identity = repository.lastPathComponent.lowercased()
    let theirs =
      ".package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\", from: \"1.19.7\")"
    func product(_ name: String, _ package: String) -> String {
      ".product(name: \"\(name)\", package: \"\(package)\")"
    }
    let packages = [
      // What every such build costs before any snapshot library: Swift Testing's runner, the
      // Foundation modules, the link.
      try ResolvedPackage(dependency: nil, product: nil, module: "Foundation", test: floorTest),
      try ResolvedPackage(
        dependency: ours, product: product("Snapshots", identity), module: "Snapshots",
        test: fileTest),
      try ResolvedPackage(
        dependency: theirs, product: product("SnapshotTesting", "swift-snapshot-testing"),
        module: "SnapshotTesting", test: fileTest),
      try ResolvedPackage(
        dependency: ours, product: product("InlineSnapshots", identity),
        module: "InlineSnapshots", test: inlineTest),
      try ResolvedPackage(
        dependency: theirs, product: product("InlineSnapshotTesting", "swift-snapshot-testing"),
        module: "InlineSnapshotTesting", test: inlineTest),
      try ResolvedPackage(
        dependency: nil, product: nil, module: "Foundation",
        test: twentyTests("#expect(!String(describing: item).isEmpty)")),
      try ResolvedPackage(
        dependency: ours, product: product("Snapshots", identity), module: "Snapshots",
        test: twentyTests("assertSnapshot(of: item, as: .dump)")),
      try ResolvedPackage(
        dependency: theirs, product: product("SnapshotTesting", "swift-snapshot-testing"),
        module: "SnapshotTesting", test: twentyTests("assertSnapshot(of: item, as: .dump)")),
      try ResolvedPackage(
        dependency: ours, product: product("Snapshots", identity), module: "Snapshots",
        test: thousandCallSites { "assertSnapshot(of: \($0), as: .dump)" }),
      try ResolvedPackage(
        dependency: theirs, product: product("SnapshotTesting", "swift-snapshot-testing"),
        module: "SnapshotTesting",
        test: thousandCallSites { "assertSnapshot(of: \($0), as: .dump)" }),
    ]
    defer { packages.forEach { try? FileManager.default.removeItem(at: $0.folder) } }
    var best = packages.map { _ in Double.infinity }
    for _ in 0..<rounds {
      for (index, package) in packages.enumerated() {
        best[index] = min(best[index], try package.cleanBuild())
      }
    }
    let floor = best[0]
    let file = (ours: best[1], theirs: best[2])
    let inline = (ours: best[3], theirs: best[4])
    let twentyFloor = best[5]
    let twenty = (ours: best[6], theirs: best[7])
    let thousand = (ours: best[8], theirs: best[9])
    let named = { (what: String) in "\(what) (best of \(rounds), in turns)" }
    return [
      Row(
        name: named("clean debug build of a test target using inline snapshots"),
        ours: inline.ours, theirs: inline.theirs, target: "≥ 4.5× faster"),
      Row(
        name: named("clean debug build of a test target using file snapshots only"),
        ours: file.ours, theirs: file.theirs, target: "report"),
      Row(
        name: named(
          "clean debug build of the same test target with no snapshot library (the floor)"),
        ours: floor, theirs: nil, target: "report"),
      Row(
        name: "the inline build less that floor (the library's part)",
        ours: inline.ours - floor, theirs: inline.theirs - floor, target: "report"),
      Row(
        name: "the file-only build less that floor (the library's part)",
        ours: file.ours - floor, theirs: file.theirs - floor, target: "≤ 1.5× theirs"),
      Row(
        name: named("clean debug build of a file-only test target of 20 tests"),
        ours: twenty.ours, theirs: twenty.theirs, target: "report"),
      Row(
        name: named("the same 20 tests with no snapshot library (their floor)"),
        ours: twentyFloor, theirs: nil, target: "report"),
      Row(
        name: "the 20-test build less its floor (the library's part)",
        ours: twenty.ours - twentyFloor, theirs: twenty.theirs - twentyFloor,
        target: "≤ 1.5× theirs"),
      Row(
        name: named("clean debug build of a file-only test target of 1,000 call sites"),
        ours: thousand.ours, theirs: thousand.theirs, target: "≤ 1.4× theirs"),
      Row(
        name: "what 980 more call sites add (the 1,000 less the 20)",
        ours: thousand.ours - twenty.ours, theirs: thousand.theirs - twenty.theirs,
        target: "≤ 1.1× theirs"),
    ] + (try firstRecordRows(ours, product: { product($0, identity) }))
  }

  /// A package made and resolved once, to be built clean again and again.
  private struct ResolvedPackage {
    let folder: URL

    /// `dependency` and `product` are `nil` for a test target with no dependency.
    init(dependency: String?, product: String?, module: String, test: String) throws {
      folder = try makePackage(
        dependency: dependency, product: product, module: module, test: test)
      try run(["package", "resolve"], in: folder)
    }

    /// `swift build --build-tests` from a build folder emptied but for the resolved packages.
    func cleanBuild() throws -> Double {
      try emptyBuildFolder(of: folder)
      let start = ContinuousClock.now
      try run(["build", "--build-tests"], in: folder)
      return (ContinuousClock.now - start).seconds
    }
  }

  static func firstRecordRows(_ dependency: String, product: (String) -> String) throws -> [Row] {
    let file = try firstRecord(
      dependency: dependency, product: product("Snapshots"), module: "Snapshots", test: fileTest)
    let inline = try firstRecord(
      dependency: dependency, product: product("InlineSnapshots"), module: "InlineSnapshots",
      test: newInlineTest)
    func peak(_ kilobytes: Int) -> String {
      String(format: "peak %.2f GB", Double(kilobytes) / 1e6)
    }
    return [
      Row(
        name: "first snapshot-record of a fresh package, file snapshots only", ours: file.record,
        baseline: file.build, baselineName: "its clean build --build-tests",
        target: "≤ 1.5× of it, ≤ 1 GB: \(peak(file.peakKilobytes))"),
      Row(
        name: "first snapshot-record of a fresh package, inline snapshots", ours: inline.record,
        baseline: inline.build, baselineName: "its clean build --build-tests",
        target: "report: \(peak(inline.peakKilobytes))"),
    ]
  }

  /// The package's clean build, and its first `snapshot-record` from a build folder emptied
  /// the same way, with that run's peak memory.
  private static func firstRecord(dependency: String, product: String, module: String, test: String)
    throws -> (build: Double, record: Double, peakKilobytes: Int)
  {
    let package = try ResolvedPackage(
      dependency: dependency, product: product, module: module, test: test)
    let folder = package.folder
    defer { try? FileManager.default.removeItem(at: folder) }
    let build = try package.cleanBuild()
    try emptyBuildFolder(of: folder)
    let peakFile = folder.appendingPathComponent("peak.txt")
    let start = ContinuousClock.now
    try ChildProcess.run(
      "/usr/bin/time",
      [
        "-f", "%M", "-o", peakFile.path, "swift", "package", "--allow-writing-to-package-directory",
        "snapshot-record", "--quiet",
      ],
      in: folder, showingErrors: false)
    let record = (ContinuousClock.now - start).seconds
    let peak =
      Int(
        String(decoding: try Data(contentsOf: peakFile), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    return (build, record, peak)
  }

  /// Removes what a build wrote, keeping the resolved packages.
  private static func emptyBuildFolder(of package: URL) throws {
    let build = package.appendingPathComponent(".build")
    let kept: Set = ["checkouts", "repositories", "workspace-state.json", "artifacts"]
    for name in try FileManager.default.contentsOfDirectory(atPath: build.path)
    where !kept.contains(name) {
      try FileManager.default.removeItem(at: build.appendingPathComponent(name))
    }
  }

  static let floorTest = """
    @Test func greeting() {
      #expect(["Hello": 1].count == 1)
    }
    """

  /// A package `App` with one test file in a new temporary folder.
  private static func makePackage(
    dependency: String?, product: String?, module: String, test: String
  ) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-snapshots-build-\(UUID().uuidString)")
    let tests = folder.appendingPathComponent("Tests/AppTests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try Data(
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [\(dependency ?? "")],
        targets: [.testTarget(name: "AppTests", dependencies: [\(product ?? "")])]
      )

      """.utf8
    ).write(to: folder.appendingPathComponent("Package.swift"))
    try Data(
      """
      import \(module)
      import Testing

      \(test)

      """.utf8
    ).write(to: tests.appendingPathComponent("GreetingTests.swift"))
    return folder
  }

  private static func run(_ arguments: [String], in folder: URL) throws {
    try ChildProcess.run("/usr/bin/env", ["swift"] + arguments, in: folder, showingErrors: false)
  }
}
