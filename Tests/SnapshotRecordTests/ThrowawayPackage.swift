import Foundation
import TestSupport
import Testing

/// A package in a temporary folder that depends on this one by path, the way a user's does.
///
/// Every step builds into its one `.build`, so this package is compiled there once.
struct ThrowawayPackage {
  let folder: TemporaryDirectory

  /// This repository, which the package depends on by path.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A test target `AppTests` and a library target `DocSnippets` (the documents' code blocks,
  /// with the `Observability` trait); with `testProducts`, only a test target on those of this
  /// package's products, and no trait.
  init(files: [String: String], testProducts: [String]? = nil) throws {
    folder = try TemporaryDirectory()
    let repository = Self.repository
    // A path dependency's identity is its folder's name.
    let identity = repository.lastPathComponent.lowercased()
    func products(_ names: [String]) -> String {
      names.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }
        .joined(separator: ", ")
    }
    let targets =
      testProducts.map { [".testTarget(name: \"AppTests\", dependencies: [\(products($0))])"] }
      ?? [
        """
        .testTarget(
              name: "AppTests",
              dependencies: [\(products(["Snapshots", "InlineSnapshots", "SnapshotsPNG", "SnapshotsHTTP", "SnapshotsCommandOutput", "SnapshotsJSON", "SnapshotsHTML"]))],
              exclude: ["__Snapshots__"])
        """,
        ".target(name: \"\(DocSnippets.target)\", dependencies: [\(products(["Snapshots", "InlineSnapshots", "SnapshotsJSON", "SnapshotsPNG", "SnapshotsHTTP", "SnapshotsFixtures", "SnapshotsStrategyLaws", "SnapshotsCommandOutput", "SnapshotsHTML", "SnapshotsBrowser", "SnapshotsObservability"]))], path: \"\(DocSnippets.target)\")",
      ]
    try write(
      "Package.swift",
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [.package(path: "\(repository.path)"\(testProducts == nil ? ", traits: [\"Observability\"]" : ""))],
        targets: [
          \(targets.joined(separator: ",\n    "))
        ]
      )

      """)
    for (path, text) in files { try write(path, text) }
  }

  func write(_ path: String, _ text: String) throws {
    let url = folder.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Writes a scenario's test file, records its snapshots (`--filter` on `suite`), and runs
  /// `body`; the file and its references (`folder`) go afterwards, whatever happened.
  func recording(
    _ test: String, _ source: String, folder: String, suite: String, _ body: () throws -> Void
  ) throws {
    try write(test, source)
    defer {
      try? remove(test)
      try? remove(folder)
    }
    let recorded = try snapshotRecord("--filter", suite)
    #expect(recorded.status == 0, "\(recorded.output)")
    try body()
  }

  func read(_ path: String) throws -> String {
    try String(decoding: Data(contentsOf: folder.url.appendingPathComponent(path)), as: UTF8.self)
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path)
  }

  func remove(_ path: String) throws {
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent(path))
  }

  /// The packages its `Package.resolved` pins (none when it has no file: nothing but path
  /// dependencies).
  var resolvedPackages: [String] {
    let resolved = folder.url.appendingPathComponent("Package.resolved")
    guard let data = try? Data(contentsOf: resolved),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let pins = object["pins"] as? [[String: Any]]
    else { return [] }
    return pins.compactMap { $0["identity"] as? String }.sorted()
  }

  /// Whether the package's build compiled any of swift-syntax's parser.
  var compiledSwiftSyntax: Bool {
    let parser = folder.url.appendingPathComponent(".build/debug/SwiftParser.build")
    let objects = (FileManager.default.enumerator(atPath: parser.path)?.allObjects as? [String])?
      .filter { $0.hasSuffix(".o") }
    return !(objects ?? []).isEmpty
  }

  /// An executable this package's debug builds made (the plugin's tool, `snapshots`; the
  /// test binary), if any.

  func builtProduct(_ name: String) -> URL? {
    let build = folder.url.appendingPathComponent(".build")
    let walker = FileManager.default.enumerator(at: build, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.lastPathComponent == name
        && url.deletingLastPathComponent().lastPathComponent == "debug"
        && FileManager.default.isExecutableFile(atPath: url.path)
      {
        return url
      }
    }
    return nil
  }

  /// The `snapshots` tool as the plugin built it (in the package's debug build, as
  /// `swift build` would).
  func snapshotsTool() -> URL? {
    builtProduct("snapshots")
  }

  /// `swift package --allow-writing-to-package-directory snapshot-record …`.
  func snapshotRecord(_ arguments: String...) throws -> Command {
    try swift(["package", "--allow-writing-to-package-directory", "snapshot-record"] + arguments)
  }

  func swift(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Command {
    try Command("swift", arguments, in: folder.url, environment: environment.merging(extra) { $1 })
  }

  /// Starts `swift` with `arguments` and returns at once; its output is discarded.
  func start(_ arguments: [String], environment extra: [String: String]) throws -> Process {
    try launch(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, environment: extra)
  }

  /// Starts a program in the package's folder and returns at once; its output is discarded.
  func launch(_ program: URL, _ arguments: [String], environment extra: [String: String] = [:])
    throws -> Process
  {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder.url
    process.environment = environment.merging(extra) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// This process's environment without the variables that change how snapshots behave.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in environment.keys
    where name.hasPrefix("SNAPSHOT") || name == "CI" || name.hasPrefix("XCTest") {
      environment[name] = nil
    }
    return environment
  }
}
