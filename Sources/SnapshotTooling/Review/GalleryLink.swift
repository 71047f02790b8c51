import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPOSIX

/// What a review's `o` does: writes the gallery page and opens it searching for the change's
/// reference (`gallery.html#search=…`), in the desktop's browser when there is a desktop.
struct GalleryLink {
  var packageDirectory: URL

  /// The line the review shows: where the page is, or why it could not be written.
  func open(_ change: PendingChange) -> String {
    var lines: [String] = []
    guard
      CatalogVerb.gallery(packageDirectory: packageDirectory, print: { lines.append($0) })
        == .success
    else {
      return "The gallery could not be written: \(lines.joined(separator: " "))"
    }
    let page = CatalogVerb.page(packageDirectory: packageDirectory)
    let words: String
    switch change.record {
    case .file(let file): words = URL(fileURLWithPath: file.referencePath).lastPathComponent
    case .inline: words = change.testName
    }
    var link = URLComponents(url: page.standardizedFileURL, resolvingAgainstBaseURL: false)
    link?.percentEncodedFragment =
      "search=" + (words.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? words)
    let address = link?.string ?? page.path
    let environment = ProcessInfo.processInfo.environment
    let opener = "/usr/bin/xdg-open"
    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
      Descriptors.isExecutableFile(opener)
    else { return "Gallery: \(address)" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [address]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
    return "Opened the gallery: \(address)"
  }
}
