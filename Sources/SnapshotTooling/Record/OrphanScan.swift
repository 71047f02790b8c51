import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// Finds the snapshot files under a package's `__Snapshots__` folders whose test no longer
/// exists.
///
/// An orphan is a reference that no assertion used in the run *and* whose test file
/// (`__Snapshots__/<File>/…` belongs to `<File>.swift` beside the folder) is gone, or declares
/// no test its name belongs to. The file's tests are read as `#function` spells them
/// (``SwiftDeclarations/testNames(in:)``: every function, initializer, subscript and variable,
/// in every `#if` branch, and each `testName:` literal) and named as the assertions name references
/// (``ReferenceName/testNames(of:)``), so a test that is disabled, skipped, behind
/// `.enabled(if:)` or compiled only on another platform keeps its references, whatever its name
/// holds (a raw identifier, spaces, `/`, letters beyond ASCII, emoji). A name belongs to a test
/// when a part of it between dots is the test's name, a case of it or a long case cut short
/// (``ReferenceName/part(_:of:)``).
///
/// A reference is an orphan only when its test is proven gone: when the test file cannot be read
/// whole, or the reader cannot tell every name its references can take (a declaration it cannot
/// read, a `testName:` known only when the test runs, brackets that do not pair), none of that
/// folder's references is an orphan; while any Swift file of the package passes a
/// `snapshotDirectory:`, which can put references in any folder, none is. The scan says which it
/// kept and why (``Kept``).
///
/// A case of a parameterized test (`render-_-a-md-1f2e3d4c.1.txt`: the test's name, `-`, its
/// arguments made a word, then `.`) is an orphan too when the run used other cases of that
/// test beside it but none of this case's references: its arguments are gone (a fixture
/// file renamed or deleted). A case whose arguments differ from platform to platform looks
/// gone on the others, so orphans are listed first and deleted only with `--prune`.
public enum OrphanScan {
  /// The orphans under `packageDirectory`, and what was kept because it could not be proven
  /// orphaned; with the references used by the tests that ran to their end (`finished`), the
  /// references those tests no longer make (``isLeftover(_:beside:functions:)``).
  static func scan(
    in packageDirectory: URL, used: Set<String>, finished: [ReferenceUse] = []
  ) -> Found {
    var declared: [String: (names: Set<String>, unknown: Reason?)] = [:]
    // The references no test was found for: their test file, and what keeps them if anything.
    var candidates: [(path: String, testFile: String, reason: Reason?)] = []
    // The names of the references the run used, by their folder.
    var usedNames: [String: [String]] = [:]
    let finishedBeside = byFolder(finished)
    var functions: [String: [String: Int]?] = [:]
    var leftovers: [String] = []
    for path in used {
      let (folder, name) = split(path)
      usedNames[folder, default: []].append(name)
    }
    for folder in snapshotFolders(in: packageDirectory) {
      let folderPath = folder.standardizedFileURL.path
      for path in referencePaths(in: folderPath) where !used.contains(path) {
        // The test file's folder, then the entries under it: the reference, or folders and the
        // reference (one a `snapshotDirectory:` made); any of them may be named after the test.
        let relative = components(of: path, under: folderPath)
        guard relative.count >= 2 else { continue }
        let source = folder.deletingLastPathComponent().appendingPathComponent(
          relative[0] + ".swift")
        let tests = declared[source.path] ?? declarations(of: source)
        declared[source.path] = tests
        let entries = relative.dropFirst()
        let beside = entries.count == 1 ? usedNames[split(path).folder] : nil
        guard entries.allSatisfy({ isOrphan($0, tests: tests.names, usedBeside: beside ?? []) })
        else {
          if entries.count == 1, tests.unknown == nil,
            let uses = finishedBeside[Self.folder(of: path)]
          {
            let declared = functions[source.path] ?? testFunctions(of: source)
            functions[source.path] = declared
            if isLeftover(path, beside: uses, functions: declared) { leftovers.append(path) }
          }
          continue
        }
        candidates.append((path, source.path, tests.unknown))
      }
    }
    // Asked only when something would be deleted: it reads every Swift file of the package.
    let chosen =
      candidates.contains { $0.reason == nil } || !leftovers.isEmpty
      ? chosenFolder(in: packageDirectory) : nil
    var found = Found()
    if chosen == nil { found.leftovers = leftovers.sorted() }
    var kept: [String: (reason: Reason, references: [String])] = [:]
    for candidate in candidates {
      if let reason = candidate.reason ?? chosen {
        kept[candidate.testFile, default: (reason, [])].references.append(candidate.path)
      } else {
        found.orphans.append(candidate.path)
      }
    }
    found.orphans.sort()
    found.kept = kept.sorted { $0.key < $1.key }.map {
      Kept(testFile: $0.key, reason: $0.value.reason, references: $0.value.references.sorted())
    }
    return found
  }

  /// Whether the reference named `name` belongs to none of `tests` (the names references of the
  /// test file's tests begin with), or only to cases of them that are gone: the run used other
  /// cases of the test beside it (`usedBeside`), none of this one's.
  static func isOrphan(_ name: String, tests: Set<String>, usedBeside: [String]) -> Bool {
    for part in name.split(separator: ".", omittingEmptySubsequences: false) {
      for test in tests {
        switch ReferenceName.part(part, of: test) {
        case nil: continue
        case .test, .cutCase: return false
        case .testCase:
          // The test's cases all begin with `cases`, this case's references with `key.`.
          let cases = name[..<part.startIndex] + test + ReferenceName.argumentSeparator
          let key = name[..<part.endIndex]
          let ran = usedBeside.contains { $0.hasPrefix(cases) }
          if !ran || usedBeside.contains(where: { $0.hasPrefix(key + ".") }) { return false }
        }
      }
    }
    return true
  }

  /// The test source a reference belongs to, both paths standardized.
  ///
  /// `__Snapshots__/<File>/…` is `<File>.swift` beside the folder; `nil` for a file right in
  /// the folder.
  static func testFile(of reference: String, in folder: String) -> String? {
    // The first name below the folder, found in the bytes: a catalog asks for 100,000.
    let below = reference.utf8.dropFirst(folder.utf8.count).drop { $0 == UInt8(ascii: "/") }
    guard let slash = below.firstIndex(of: UInt8(ascii: "/")) else { return nil }
    return split(folder).folder + "/" + String(Substring(below[..<slash])) + ".swift"
  }

  /// The names between slashes of `path` below `folder` (both standardized).
  private static func components(of path: String, under folder: String) -> [String] {
    path.dropFirst(folder.count).split(separator: "/").map(String.init)
  }

  /// A path's folder and its last name, as `URL`'s `deletingLastPathComponent` and
  /// `lastPathComponent` give them for a standardized path, without making one: the tool's
  /// verbs take tens of thousands of paths apart.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = path[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
  }

  /// The paths of the files under a standardized `__Snapshots__` folder (standardized, as the
  /// run logs them), hidden ones left out; linked folders and files are followed.
  static func referencePaths(in folder: String) -> [String] {
    var files: [String] = []
    FolderWalk.walk(path: folder, intoLinks: true) { path, isDirectory in
      if !isDirectory { files.append(path) }
      return .enter
    }
    return files
  }

  /// `__Snapshots__` folders (or links to folders), outside build folders, hidden ones and
  /// linked folders.
  static func snapshotFolders(in directory: URL) -> [URL] {
    var folders: [URL] = []
    FolderWalk.walk(directory, intoLinks: false) { url, isDirectory in
      let name = url.lastPathComponent
      guard isDirectory, !name.hasPrefix(".build"), name != "Packages" else { return .skip }
      if name == ReferenceName.folder {
        folders.append(url)
        return .skip
      }
      return .enter
    }
    return folders
  }
}
