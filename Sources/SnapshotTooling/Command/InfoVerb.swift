import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots info FILE`: where a PNG reference was recorded (its environment fingerprint).
enum InfoVerb {
  /// The fields are the PNG's `tEXt` chunks that `SnapshotsPNG` writes, keyed `Snapshots …`,
  /// in their order: `recorded on OS macOS 15.2, Architecture arm64, Swift 6.2, …`.
  static func run(_ file: URL, print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode {
    if let label = ReferenceName(fileName: file.lastPathComponent).environment {
      print("\(file.path): the reference of the \(label) environment")
    }
    let data: Data
    do {
      guard let read = try AtomicFile.read(file) else {
        print("error: \(file.path) does not exist")
        return .refused
      }
      data = read
    } catch {
      print("error: \(error)")
      return .refused
    }
    guard let png = PNGChunks(data) else {
      print("error: \(file.path) is not a PNG file")
      return .refused
    }
    let prefix = "Snapshots "
    let fields = png.texts.filter { $0.key.hasPrefix(prefix) }.map {
      "\($0.key.dropFirst(prefix.count)) \($0.value)"
    }
    guard !fields.isEmpty else {
      print("\(file.path): no recording environment (not written by this toolkit)")
      return .success
    }
    print("\(file.path): recorded on \(fields.joined(separator: ", "))")
    return .success
  }
}
