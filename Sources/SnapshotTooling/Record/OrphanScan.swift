import Foundation
@_spi(Tooling) import Snapshots

/// Finds the snapshot files under a package's `__Snapshots__` folders whose test no longer
/// exists.
///
/// An orphan is a reference that no assertion used in the run *and* whose test file
/// (`__Snapshots__/<File>/…` belongs to `<File>.swift` beside the folder) is gone, or declares
/// no test its name belongs to. The file's tests are read as `#function` spells them
/// (``SwiftDeclarations/testNames(in:)``: every function and initializer, in every `#if` branch,
/// and each `testName:` literal) and named as the assertions name references
/// (``ReferenceName/testNames(of:)``), so a test that is disabled, skipped, behind
/// `.enabled(if:)` or compiled only on another platform keeps its references, whatever its name
/// holds (a raw identifier, spaces, `/`, letters beyond ASCII, emoji). A name belongs to a test
/// when a part of it between dots is the test's name, a case of it or a long case cut short
/// (``ReferenceName/part(_:of:)``).
///
/// A reference is an orphan only when its test is proven gone: when the test file cannot be read
/// whole, or the reader cannot tell every name its references can take (a declaration it cannot
/// read, a `testName:` known only when the test runs, brackets that do not pair), none of that
/// folder's references is an orphan, and the scan says which it kept and why (``Kept``).
///
/// A case of a parameterized test (`render-_-a-md-1f2e3d4c.1.txt`: the test's name, `-`, its
/// arguments made a word, then `.`) is an orphan too when the run used other cases of that
/// test beside it but none of this case's references: its arguments are gone (a fixture
/// file renamed or deleted). A case whose arguments differ from platform to platform looks
/// gone on the others, so orphans are listed first and deleted only with `--prune`.
public enum OrphanScan {
  /// What a scan found.
  public struct Found: Equatable, Sendable {
    /// Paths of the orphans, sorted; hidden files (`.editorconfig`) are not references.
    public var orphans: [String] = []
    /// The references that would be orphans but for a test file the reader could not read
    /// whole, by test file.
    public var kept: [Kept] = []
  }

  /// References kept because their test file could not be read whole.
  public struct Kept: Equatable, Sendable {
    public var testFile: String
    public var reason: Reason
    /// Their paths, sorted.
    public var references: [String]
  }

  /// Why a test file's names are not all known.
  public enum Reason: Equatable, Sendable {
    /// It cannot be read: the error.
    case unreadable(String)
    /// It is not UTF-8.
    case notUTF8
    case unread(SwiftDeclarations.Unread)

    /// Said after the test file's name.
    public var explanation: String {
      switch self {
      case .unreadable(let error): "cannot be read (\(error))"
      case .notUTF8: "is not UTF-8"
      case .unread(.declaration(let line)):
        "declares a function on line \(line) that the reader cannot read"
      case .unread(.testName(let line)):
        "names references on line \(line) with a testName: known only when the test runs"
      case .unread(.unbalanced):
        "may be misread (it ends inside a comment or a string, or its brackets do not pair)"
      }
    }
  }

  /// The test names a test file's references can begin with, or why they cannot all be told.
  enum Declared {
    /// The file does not exist: its tests are gone.
    case missing
    case names(Set<String>, unknown: Reason?)
  }

  /// The orphans under `packageDirectory`, and what was kept because it could not be proven
  /// orphaned.
  public static func scan(in packageDirectory: URL, used: Set<String>) -> Found {
    var found = Found()
    var declared: [String: Declared] = [:]
    var kept: [String: (reason: Reason, references: [String])] = [:]
    // The names of the references the run used, by their folder.
    var usedNames: [String: [String]] = [:]
    for path in used {
      let url = URL(fileURLWithPath: path)
      usedNames[url.deletingLastPathComponent().path, default: []].append(url.lastPathComponent)
    }
    for folder in snapshotFolders(in: packageDirectory) {
      for url in referenceFiles(in: folder) {
        let path = url.standardizedFileURL.path
        guard !used.contains(path), let source = testFile(of: url, in: folder) else { continue }
        let relative = url.standardizedFileURL.pathComponents.dropFirst(
          folder.standardizedFileURL.pathComponents.count)
        let tests = declared[source.path] ?? declarations(of: source)
        declared[source.path] = tests
        guard case .names(let names, let unknown) = tests else {
          found.orphans.append(path)
          continue
        }
        // The entries under the test file's folder: the reference, or folders and the reference
        // (a `snapshotDirectory:` inside it); any of them may be named after the test.
        let entries = relative.dropFirst()
        let beside =
          entries.count == 1
          ? usedNames[URL(fileURLWithPath: path).deletingLastPathComponent().path] : nil
        guard entries.allSatisfy({ isOrphan($0, tests: names, usedBeside: beside ?? []) })
        else { continue }
        if let unknown {
          kept[source.path, default: (unknown, [])].references.append(path)
        } else {
          found.orphans.append(path)
        }
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

  /// The names a test file's references can begin with (``ReferenceName/testNames(of:)`` of
  /// each of its tests), read once per scan.
  static func declarations(of file: URL) -> Declared {
    let data: Data
    do {
      guard let read = try AtomicFile.read(file) else { return .missing }
      data = read
    } catch {
      return .names([], unknown: .unreadable(error.reason))
    }
    guard let source = String(validating: data, as: UTF8.self) else {
      return .names([], unknown: .notUTF8)
    }
    let tests = SwiftDeclarations.testNames(in: source)
    return .names(
      Set(tests.names.flatMap(ReferenceName.testNames(of:))),
      unknown: tests.unread.first.map(Reason.unread))
  }

  /// How many times a Swift file declares each function, by its full name as a test's name is
  /// spelt (`dump()`, `pages(n:)`), in every `#if` branch; `nil` when the file cannot be read.
  static func declarations(in file: URL) -> [String: Int]? {
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    return SwiftDeclarations.functions(in: String(decoding: data, as: UTF8.self))
  }

  /// The test source a reference belongs to: `__Snapshots__/<File>/…` is `<File>.swift` beside
  /// the folder; `nil` for a file right in the folder.
  static func testFile(of reference: URL, in folder: URL) -> URL? {
    let parts = reference.standardizedFileURL.pathComponents.dropFirst(
      folder.standardizedFileURL.pathComponents.count)
    guard parts.count >= 2, let name = parts.first else { return nil }
    return folder.deletingLastPathComponent().appendingPathComponent(name + ".swift")
  }

  /// The files under a `__Snapshots__` folder, hidden ones left out; linked folders and files
  /// are followed.
  static func referenceFiles(in folder: URL) -> [URL] {
    var files: [URL] = []
    FolderWalk.walk(folder, intoLinks: true) { url, isDirectory in
      if !isDirectory { files.append(url) }
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
      if name == "__Snapshots__" {
        folders.append(url)
        return .skip
      }
      return .enter
    }
    return folders
  }
}
