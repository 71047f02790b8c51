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
    let url = location.url
    let base = url.deletingPathExtension().lastPathComponent
    let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
    var files: [Attachment] = []
    if let reference {
      files.append(Attachment(name: "\(base).reference\(suffix)", data: reference))
    }
    files.append(Attachment(name: "\(base).actual\(suffix)", data: actual))
    for artifact in artifacts {
      files.append(
        Attachment(name: "\(base).\(artifact.name).\(artifact.pathExtension)", data: artifact.data))
    }
    return files
  }
}
