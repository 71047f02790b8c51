import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// What proves a reference's test gone, and what the scan keeps when nothing does.
extension OrphanScan {
  /// What a scan found.
  struct Found: Equatable, Sendable {
    /// Paths of the orphans, sorted; hidden files (`.editorconfig`) are not references.
    var orphans: [String] = []
    /// Paths of the references tests that ran to their end no longer make, sorted.
    var leftovers: [String] = []
    /// The references no test was found for that are not proven orphaned, by test file.
    var kept: [Kept] = []
  }

  /// References no test was found for, kept because their tests cannot be proven gone.
  struct Kept: Equatable, Sendable {
    /// The test file their folder belongs to (which may be gone).
    var testFile: String
    var reason: Reason
    /// Their paths, sorted.
    var references: [String]

    /// What the listing says before their paths.
    func message(relative: (String) -> String) -> String {
      "Kept \(counted(references.count, "snapshot")) no test was found for: "
        + reason.explanation(testFile: relative(testFile), relative: relative)
        + ", so their tests cannot be proven gone (delete by hand those whose tests are):"
    }
  }

  /// Why the names of a folder's references are not all known.
  enum Reason: Equatable, Sendable {
    /// The test file cannot be read: the error.
    case unreadable(String)
    /// The test file is not UTF-8.
    case notUTF8
    case unread(SwiftDeclarations.Unread)
    /// A call in this file, on this line, passes a `snapshotDirectory:`: its references go to a
    /// folder known only when the test runs.
    case chosenFolder(file: String, line: Int)

    func explanation(testFile: String, relative: (String) -> String) -> String {
      switch self {
      case .unreadable(let error): "\(testFile) cannot be read (\(error))"
      case .notUTF8: "\(testFile) is not UTF-8"
      case .unread(.declaration(let line)):
        "\(testFile) declares a function on line \(line) that the reader cannot read"
      case .unread(.testName(let line)):
        "\(testFile) names references on line \(line) with a testName: known only when the "
          + "test runs"
      case .unread(.unbalanced):
        "\(testFile) may be misread (it ends inside a comment or a string, or its brackets do "
          + "not pair)"
      case .chosenFolder(let file, let line):
        "\(relative(file)) passes a snapshotDirectory: on line \(line), which can put "
          + "references in any folder"
      }
    }
  }

  /// The names a test file's references can begin with (``ReferenceName/testNames(of:)`` of
  /// each of its tests; none when the file is gone), and what keeps them from being all of them.
  static func declarations(of file: URL) -> (names: Set<String>, unknown: Reason?) {
    let data: Data
    do {
      guard let read = try AtomicFile.read(file) else { return ([], nil) }
      data = read
    } catch {
      return ([], .unreadable(error.reason))
    }
    guard let source = String(validating: data, as: UTF8.self) else { return ([], .notUTF8) }
    let tests = SwiftDeclarations.testNames(in: source)
    return (
      Set(tests.names.flatMap(ReferenceName.testNames(of:))), tests.unread.first.map(Reason.unread)
    )
  }

  /// The first call in the package's Swift files (outside build folders) that passes a
  /// `snapshotDirectory:`, which can put references in any test file's folder.
  static func chosenFolder(in packageDirectory: URL) -> Reason? {
    var found: Reason?
    FolderWalk.walk(packageDirectory, intoLinks: false) { url, isDirectory in
      let name = url.lastPathComponent
      guard found == nil, !name.hasPrefix(".build"), name != "Packages" else { return .skip }
      guard !isDirectory else { return .enter }
      // Most files never mention it: only those are lexed.
      if url.pathExtension == "swift", let data = try? AtomicFile.read(url),
        data.range(of: Data("snapshotDirectory".utf8)) != nil,
        let line = SwiftDeclarations.testNames(in: String(decoding: data, as: UTF8.self))
          .chosenFolders.first
      {
        found = .chosenFolder(file: url.standardizedFileURL.path, line: line)
      }
      return .skip
    }
    return found
  }
}
