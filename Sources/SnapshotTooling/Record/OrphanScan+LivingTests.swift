import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// The references a test that still exists no longer makes (a loop cut from 10 to 5): the
/// other rule of ``OrphanScan``.
///
/// A reference is one when a test that ran to its end in this run (``TestRunner/Pass/finishedTests``)
/// used another of its references, named after that test, beside it, made the same way (the
/// same test part, environment and extension: ``ReferenceUse/isSibling(_:)``), and the run
/// used it not. Ran to its end: the test ended in this run, neither skipped, cancelled, nor
/// stopped by a known issue, and the run was complete (unfiltered, nothing crashed, every
/// failure recorded: ``RecordPlan``), so that no `#require` or thrown error cut it short.
///
/// What it proves is only that this run, on this machine, did not make it: a test that makes a
/// reference only under a condition (an `#if` branch, an environment variable, a date) has its
/// references listed where the condition is false. A reference of another environment
/// (`chart.1.macos-arm64.png`) is never one. None is told in a test file that names references
/// with `testName:` (a helper may name them after the test), that declares the test's function
/// twice (two suites), or that the reader cannot read whole; nor while a `snapshotDirectory:`
/// can put references anywhere.
extension OrphanScan {
  /// The uses of the tests that ran to their end, by the folder of the reference.
  static func byFolder(_ uses: [ReferenceUse]) -> [String: [ReferenceUse]] {
    var folders: [String: [ReferenceUse]] = [:]
    for use in uses { folders[folder(of: use.path), default: []].append(use) }
    return folders
  }

  /// The folder of a standardised path, by its last `/`: no `URL` for each of a large run's
  /// references.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// Whether the reference at `path` is one a test that ran to its end no longer makes: a
  /// sibling of a reference it used (`beside`), whose test part no function of its test file
  /// but one can make (`functions`, ``testFunctions(of:)``).
  static func isLeftover(_ path: String, beside: [ReferenceUse], functions: [String: Int]?)
    -> Bool
  {
    let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    guard let functions, let use = beside.first(where: { $0.isSibling(name) }) else {
      return false
    }
    // `<test>.`, after its suites when named after them.
    let test =
      name.utf8.prefix(use.before - 1).split(separator: UInt8(ascii: ".")).last
      .map { Substring(decoding: $0, as: UTF8.self) } ?? ""
    let declared = functions.reduce(0) { count, function in
      let makes = ReferenceName.testNames(of: function.key).contains {
        ReferenceName.part(test, of: $0) != nil
      }
      return count + (makes ? function.value : 0)
    }
    return declared == 1
  }

  /// How many times a test file declares each function (``SwiftDeclarations/functions(in:)``);
  /// `nil` when it cannot be read, or when it names references with `testName:`, which a
  /// helper may do after any test.
  static func testFunctions(of source: URL) -> [String: Int]? {
    guard let data = try? AtomicFile.read(source), data.range(of: Data("testName".utf8)) == nil,
      let text = String(validating: data, as: UTF8.self)
    else { return nil }
    return SwiftDeclarations.functions(in: text)
  }
}
