import Foundation

/// Finds the snapshot files under a package's `__Snapshots__` folders that no assertion used.
public enum OrphanScan {
  /// Paths of the unused references, sorted; hidden files (`.editorconfig`) are not references.
  public static func orphans(in packageDirectory: URL, used: Set<String>) -> [String] {
    var found: [String] = []
    for folder in snapshotFolders(in: packageDirectory) {
      guard
        let walker = FileManager.default.enumerator(
          at: folder, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker
      where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        let path = url.standardizedFileURL.path
        if !used.contains(path) { found.append(path) }
      }
    }
    return found.sorted()
  }

  /// `__Snapshots__` folders, outside build folders and hidden ones.
  private static func snapshotFolders(in directory: URL) -> [URL] {
    guard
      let walker = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isDirectoryKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    var folders: [URL] = []
    for case let url as URL in walker {
      let name = url.lastPathComponent
      if name.hasPrefix(".build") || name == "Packages" {
        walker.skipDescendants()
      } else if name == "__Snapshots__" {
        folders.append(url)
        walker.skipDescendants()
      }
    }
    return folders
  }
}
