import Foundation

/// What a failed assertion reports: its message, and the files worth attaching to the test.
struct SnapshotFailure {
  struct Attachment {
    var name: String
    var data: Data
  }

  var message: String
  var attachments: [Attachment] = []

  init(_ message: String, attachments: [Attachment] = []) {
    self.message = message
    self.attachments = attachments
  }

  /// The reference (when there is one), the actual value and the comparison's artifacts, named
  /// after the snapshot: `chart.1.reference.png`, `chart.1.actual.png`, `chart.1.difference.png`.
  static func attachments(
    reference: Data?, actual: Data, artifacts: [SnapshotArtifact], location: SnapshotLocation
  ) -> [Attachment] {
    var files: [Attachment] = []
    if let reference {
      files.append(
        Attachment(
          name: location.companionName("reference", pathExtension: location.pathExtension),
          data: reference))
    }
    files.append(
      Attachment(
        name: location.companionName("actual", pathExtension: location.pathExtension),
        data: actual))
    for artifact in artifacts {
      files.append(
        Attachment(
          name: location.companionName(
            PathComponent.sanitize(artifact.name), pathExtension: artifact.pathExtension),
          data: artifact.data))
    }
    return files
  }
}
