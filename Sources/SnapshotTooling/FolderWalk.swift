import Foundation

/// Walks a folder tree the way the tests see it, through symbolic links.
///
/// A link to a folder is entered (the tests read and write through a linked `__Snapshots__`), a
/// link to a file is that file, and a folder reached twice (a link cycle) is walked once. Paths
/// are given through the links, as the tests spell them.
struct FolderWalk {
  enum Decision {
    /// Walk into this folder.
    case enter
    /// Leave this folder out.
    case skip
  }

  /// Calls `visit` for every entry under `root` but hidden ones, in name order; a folder's
  /// contents are walked only when `visit` answers ``Decision/enter`` for it.
  static func walk(
    _ root: URL, visit: (_ url: URL, _ isDirectory: Bool) -> Decision
  ) {
    var seen: Set<[UInt64]> = []
    func identity(_ path: String) -> [UInt64]? {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
    func walk(_ folder: URL) {
      guard let folderIdentity = identity(folder.path), seen.insert(folderIdentity).inserted,
        let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
      else { return }
      for name in names.sorted() where !name.hasPrefix(".") {
        let url = folder.appendingPathComponent(name)
        var info = stat()
        // `stat`, not `lstat`: a link is what it points to; a dangling one is left out.
        guard stat(url.path, &info) == 0 else { continue }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        guard isDirectory || info.st_mode & S_IFMT == S_IFREG else { continue }
        if visit(url, isDirectory) == .enter && isDirectory { walk(url) }
      }
    }
    walk(root)
  }
}
