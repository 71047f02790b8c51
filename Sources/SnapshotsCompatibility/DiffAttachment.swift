import Foundation
import Snapshots
import XCTest

#if os(Linux) || os(Android) || os(Windows)
  /// swift-snapshot-testing's stand-in for XCTest's attachments where XCTest has none: its
  /// data becomes an artifact of the failure (`<test>.<n>.attachment-<i>.<ext>`).
  public struct XCTAttachment: Sendable {
    let data: Data
    let pathExtension: String

    public init(data: Data) {
      self.init(data: data, uniformTypeIdentifier: "public.data")
    }

    public init(data: Data, uniformTypeIdentifier: String) {
      self.data = data
      pathExtension =
        ["public.png": "png", "public.plain-text": "txt", "public.json": "json"][
          uniformTypeIdentifier] ?? "bin"
    }
  }
#endif

/// A file a swift-snapshot-testing diff returned with its message.
public enum DiffAttachment: Sendable {
  @available(*, deprecated, message: "Use '.data(_:name:)'")
  case xcTest(XCTAttachment)
  case data(Data, name: String)

  var artifact: (Int) -> SnapshotArtifact {
    { index in
      switch self {
      case .data(let data, let name):
        let url = URL(fileURLWithPath: name)
        return SnapshotArtifact(
          name: url.deletingPathExtension().lastPathComponent,
          pathExtension: url.pathExtension.isEmpty ? "bin" : url.pathExtension, data: data)
      case .xcTest(let attachment):
        return SnapshotArtifact(
          name: "attachment-\(index + 1)", pathExtension: attachment.pathExtension,
          data: attachment.data)
      }
    }
  }
}
