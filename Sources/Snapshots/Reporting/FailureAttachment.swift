import Foundation

/// A file attached to a failing test, named after the snapshot.
struct FailureAttachment: Sendable {
  var name: String
  var data: Data

  /// The reference (when there is one), the actual value and the comparison's artifacts:
  /// `chart.1.reference.png`, `chart.1.actual.png`, `chart.1.difference.png`.
  static func files(
    reference: Data?, actual: Data, artifacts: [SnapshotArtifact], location: SnapshotLocation
  ) -> [FailureAttachment] {
    var files: [FailureAttachment] = []
    if let reference {
      files.append(
        FailureAttachment(
          name: location.companionName("reference", pathExtension: location.pathExtension),
          data: reference))
    }
    files.append(
      FailureAttachment(
        name: location.companionName("actual", pathExtension: location.pathExtension),
        data: actual))
    for artifact in artifacts {
      files.append(
        FailureAttachment(
          name: location.companionName(
            PathComponent.sanitize(artifact.name), pathExtension: artifact.pathExtension),
          data: artifact.data))
    }
    return files
  }
}
