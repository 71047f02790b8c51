import Foundation

/// Where failing actual values and difference files are written: `SNAPSHOT_ARTIFACTS` when set,
/// otherwise `.build/snapshot-artifacts` in the package that holds the test file.
enum ArtifactsFolder {
  static func directory(for location: SnapshotLocation, testFilePath: String, configured: String?)
    -> URL
  {
    let root =
      configured.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? PackageRoot.above(URL(fileURLWithPath: testFilePath)).map {
        $0.appendingPathComponent(".build/snapshot-artifacts", isDirectory: true)
      }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "snapshot-artifacts", isDirectory: true)
    return root.appendingPathComponent(location.testFileName, isDirectory: true)
  }

  /// Writes the actual snapshot and the comparison's artifacts; returns their paths.
  static func write(
    actual: Data, artifacts: [SnapshotArtifact], for location: SnapshotLocation, in directory: URL
  ) throws(AtomicFile.WriteError) -> (actual: URL, artifacts: [URL]) {
    let actualURL = directory.appendingPathComponent(location.fileName)
    try AtomicFile.write(actual, to: actualURL)
    var written: [URL] = []
    for artifact in artifacts {
      let url = directory.appendingPathComponent(
        location.companionName(
          PathComponent.sanitize(artifact.name), pathExtension: artifact.pathExtension))
      try AtomicFile.write(artifact.data, to: url)
      written.append(url)
    }
    return (actualURL, written)
  }
}
