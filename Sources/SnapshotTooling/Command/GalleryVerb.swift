import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots gallery` (and `record`/`apply --gallery`): the catalog, and
/// `.build/snapshots/gallery.html` beside it.
enum GalleryVerb {
  /// The page, beside the catalog.
  static func page(packageDirectory: URL) -> URL {
    SnapshotCatalog.defaultFile(packageRoot: packageDirectory).deletingLastPathComponent()
      .appendingPathComponent("gallery.html")
  }

  static func run(packageDirectory: URL, print: (String) -> Void) -> SnapshotsCommand.ExitCode {
    let file = SnapshotCatalog.defaultFile(packageRoot: packageDirectory)
    let page = page(packageDirectory: packageDirectory)
    return CatalogVerb.writing(packageDirectory, to: file, print: print) { catalog in
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
}
