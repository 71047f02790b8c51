import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots catalog`: writes `snapshot-catalog.json`, every reference of the package and what
/// the newest pending run recorded; `snapshots gallery` (and `record`/`apply --gallery`), the
/// catalog and `.build/snapshots/gallery.html` beside it.
enum CatalogVerb {
  /// Writes the catalog to `output`, or to `.build/snapshots/snapshot-catalog.json` when `nil`.
  static func run(_ packageDirectory: URL, to output: URL?, print: (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    let file = output ?? SnapshotCatalog.defaultFile(packageRoot: packageDirectory)
    return writing(packageDirectory, to: file, print: print) { catalog in
      let shown = RunApplier.relative(file.standardizedFileURL.path, in: packageDirectory)
      print(
        "Wrote \(shown): \(counted(catalog.snapshots.count, "snapshot")), \(catalog.toReview) failed or new."
      )
    }
  }

  /// The gallery's page, beside the catalog.
  static func page(packageDirectory: URL) -> URL {
    SnapshotCatalog.defaultFile(packageRoot: packageDirectory).deletingLastPathComponent()
      .appendingPathComponent("gallery.html")
  }

  static func gallery(packageDirectory: URL, print: (String) -> Void) -> SnapshotsCommand.ExitCode {
    let file = SnapshotCatalog.defaultFile(packageRoot: packageDirectory)
    let page = page(packageDirectory: packageDirectory)
    return writing(packageDirectory, to: file, print: print) { catalog in
      let html = GalleryPage(
        catalog: catalog, packageDirectory: packageDirectory,
        pageFolder: page.deletingLastPathComponent()
      ).html()
      try AtomicFile.write(Data(html.utf8), to: page)
      print(
        "Wrote the gallery of \(counted(catalog.snapshots.count, "snapshot")) (\(catalog.toReview) to review): \(page.standardizedFileURL.absoluteString)"
      )
    }
  }

  /// Builds a package's catalog, writes it to `file`, then hands it on; an error is printed.
  static func writing(
    _ packageDirectory: URL, to file: URL, print: (String) -> Void,
    then use: (SnapshotCatalog) throws -> Void
  ) -> SnapshotsCommand.ExitCode {
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(atPath: packageDirectory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      print("error: \(packageDirectory.path): no such package folder")
      return .usage
    }
    do {
      let catalog = try SnapshotCatalog.build(packageDirectory: packageDirectory)
      try catalog.write(to: file)
      try use(catalog)
      return .success
    } catch {
      print("error: \(error)")
      return .refused
    }
  }
}
