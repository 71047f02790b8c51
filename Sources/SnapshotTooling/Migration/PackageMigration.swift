import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots migrate`: moves a package written for swift-snapshot-testing to this toolkit, its
/// manifest and the imports of its sources, all or nothing.
///
/// Every file is written atomically, and only when the manifest could be edited: a package is
/// never left half migrated. A second run finds nothing to do.
struct PackageMigration {
  var packageDirectory: URL
  /// This toolkit's identity in the package's manifest.
  var identity: String
  var dryRun: Bool
  var print: (String) -> Void

  func run() -> SnapshotsCommand.ExitCode {
    var rewrites: [(url: URL, old: String, new: String)] = []
    var notes: [String] = []
    // The products each target's sources need beside the migrated ones.
    var additions: [String: Set<String>] = [:]
    for (url, target) in swiftFiles() {
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      let old = String(decoding: data, as: UTF8.self)
      let result = ImportMigration.migrate(old)
      if result.usesJSON { additions[target, default: []].insert("SnapshotsJSON") }
      if result.usesDeprecatedSpellings {
        additions[target, default: []].insert("SnapshotsCompatibility")
      }
      additions[target, default: []].formUnion(result.imports)
      notes += result.notes.map { "\(relative(url)): \($0)" }
      if let new = result.text { rewrites.append((url, old, new)) }
    }
    let manifest = packageDirectory.appendingPathComponent("Package.swift")
    guard let manifestData = FileManager.default.contents(atPath: manifest.path) else {
      print("error: no Package.swift in \(packageDirectory.path)")
      return .usage
    }
    let manifestText = String(decoding: manifestData, as: UTF8.self)
    switch ManifestMigration.migrate(manifestText, identity: identity, additions: additions) {
    case .refused(let lines):
      print("Nothing was changed: Package.swift cannot be migrated safely. Change these lines:")
      lines.forEach { print("  Package.swift \($0)") }
      return .refused
    case .unchanged:
      break
    case .rewritten(let text, let changes):
      rewrites.append((manifest, manifestText, text))
      changes.forEach { print("Package.swift \($0)") }
    }
    guard !rewrites.isEmpty else {
      print("Nothing to migrate: no swift-snapshot-testing product or import is left.")
      notes.forEach { print("Left for a person: \($0)") }
      return .success
    }
    for rewrite in rewrites {
      if dryRun {
        let diff = Diffing<String>.lines.diff(rewrite.old, rewrite.new)?.message ?? ""
        print("--- \(relative(rewrite.url))\n+++ \(relative(rewrite.url))\n\(diff)")
      } else {
        do {
          try AtomicFile.write(Data(rewrite.new.utf8), to: rewrite.url)
        } catch {
          print("error: \(error) (files before it in this list were migrated)")
          return .refused
        }
      }
    }
    let verb = dryRun ? "Would migrate" : "Migrated"
    print(
      "\(verb) \(counted(rewrites.count, "file")): "
        + rewrites.map { relative($0.url) }.joined(separator: ", "))
    notes.forEach { print("Left for a person: \($0)") }
    return .success
  }

  /// The Swift files under `Sources/` and `Tests/`, each with its target (the folder it is in).
  private func swiftFiles() -> [(URL, String)] {
    var files: [(URL, String)] = []
    for root in ["Sources", "Tests"] {
      let folder = packageDirectory.appendingPathComponent(root)
      guard
        let walker = FileManager.default.enumerator(
          at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let components = url.standardizedFileURL.pathComponents.dropFirst(
          folder.standardizedFileURL.pathComponents.count)
        if let target = components.first { files.append((url, target)) }
      }
    }
    return files.sorted { $0.0.path < $1.0.path }
  }

  private func relative(_ url: URL) -> String {
    RunApplier.relative(url.standardizedFileURL.path, in: packageDirectory)
  }
}
