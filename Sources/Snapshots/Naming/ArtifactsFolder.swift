import Foundation

/// Where failing actual values and difference files are written: under `SNAPSHOT_ARTIFACTS`
/// when set, otherwise under `.build/snapshot-artifacts` in the package that holds the test
/// file, at the reference's own path in the package
/// (`Tests/AppTests/__Snapshots__/CardTests/card.1.png`), so that two test files of one name in
/// two targets never share an artifact.
package enum ArtifactsFolder {
  static func directory(for location: SnapshotLocation, testFilePath: String, configured: String?)
    -> URL
  {
    let package = PackageRoot.above(URL(fileURLWithPath: testFilePath))
    return root(configured: configured, package: package).appendingPathComponent(
      relativeFolder(of: location.directoryPath, packageRoot: package?.standardizedFileURL.path),
      isDirectory: true)
  }

  /// The folder every artifact goes under: the one configured (`SNAPSHOT_ARTIFACTS`, or a
  /// scope's), else the package's `.build/snapshot-artifacts`, else a temporary folder.
  static func root(configured: String?, package: URL?) -> URL {
    configured.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? package.map { $0.appendingPathComponent(".build/snapshot-artifacts", isDirectory: true) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "snapshot-artifacts", isDirectory: true)
  }

  /// The folder the tests of `package` write artifacts under when run with `environment`
  /// (the tool's catalog and gallery look there): what a scope in the test code sets is not
  /// known outside it.
  public static func root(ofPackage package: URL, environment: [String: String]) -> URL {
    root(
      configured: SnapshotSettings.FromEnvironment(environment).artifactsDirectory,
      package: package)
  }

  /// A reference folder's place under the artifacts folder: its path in the package, or, for a
  /// folder outside it (`snapshotDirectory:` elsewhere), `outside/<name>-<hash of its path>`.
  public static func relativeFolder(of referenceFolder: String, packageRoot: String?) -> String {
    if let packageRoot, referenceFolder.hasPrefix(packageRoot + "/") {
      return String(referenceFolder.dropFirst(packageRoot.count + 1))
    }
    let name = PathComponent.sanitize(URL(fileURLWithPath: referenceFolder).lastPathComponent)
    return "outside/\(name)-\(PathComponent.hash(referenceFolder).prefix(8))"
  }

  /// Writes the actual snapshot and the comparison's artifacts; returns their paths.
  static func write(
    actual: Data, artifacts: [SnapshotArtifact], for location: SnapshotLocation, in directory: URL
  ) throws(AtomicFile.WriteError) -> (actual: URL, artifacts: [URL]) {
    let actualURL = directory.appendingPathComponent(location.fileName)
    try AtomicFile.write(actual, to: actualURL, durability: .whole)
    var written: [URL] = []
    for artifact in artifacts {
      let url = directory.appendingPathComponent(
        location.companionName(
          PathComponent.sanitize(artifact.name), pathExtension: artifact.pathExtension))
      try AtomicFile.write(artifact.data, to: url, durability: .whole)
      written.append(url)
    }
    return (actualURL, written)
  }
}
