import Foundation

/// Walks a folder tree, through symbolic links where asked.
///
/// Inside a `__Snapshots__` folder links are followed the way the tests follow them: a link to a
/// folder is entered, a link to a file is that file. Searching a whole package, a linked folder
/// is reported (a linked `__Snapshots__` is one) but not entered, so that a link out of the
/// package never brings in another tree's references. A folder reached twice (a link cycle) is
/// walked once. Paths are given through the links, as the tests spell them.
struct FolderWalk {
  enum Decision {
    /// Walk into this folder.
    case enter
    /// Leave this folder out.
    case skip
  }

  /// Calls `visit` for every entry under `root` but hidden ones, in name order; a folder's
  /// contents are walked only when `visit` answers ``Decision/enter`` for it, and a linked
  /// folder's only with `intoLinks`.
  static func walk(
    _ root: URL, intoLinks: Bool, visit: (_ url: URL, _ isDirectory: Bool) -> Decision
  ) {
    walk(path: root.path, intoLinks: intoLinks) { path, isDirectory in
      visit(URL(fileURLWithPath: path, isDirectory: isDirectory), isDirectory)
    }
  }

  /// The walk by paths, `root`'s followed by `/` and the names below it: a tree of a hundred
  /// thousand references is walked without a `URL` for each.
  static func walk(
    path root: String, intoLinks: Bool, visit: (_ path: String, _ isDirectory: Bool) -> Decision
  ) {
    var seen: Set<[UInt64]> = []
    func walk(_ folder: String, identity: [UInt64]) {
      guard seen.insert(identity).inserted,
        let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
      else { return }
      let prefix = folder.hasSuffix("/") ? folder : folder + "/"
      for name in names.sorted() where !name.hasPrefix(".") {
        let path = prefix + name
        var link = stat()
        var info = stat()
        // `stat`, not only `lstat`: a link is what it points to; a dangling one is left out.
        guard lstat(path, &link) == 0, stat(path, &info) == 0 else { continue }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        guard isDirectory || info.st_mode & S_IFMT == S_IFREG else { continue }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        if visit(path, isDirectory) == .enter && isDirectory && (intoLinks || !isLink) {
          walk(path, identity: [UInt64(info.st_dev), UInt64(info.st_ino)])
        }
      }
    }
    var info = stat()
    guard stat(root, &info) == 0 else { return }
    walk(root, identity: [UInt64(info.st_dev), UInt64(info.st_ino)])
  }
}
