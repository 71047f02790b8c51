import Foundation
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// ``SourceTooling`` on swift-syntax and libpng: what the `snapshots` executable adds to
/// `snapshots-files`.
@_spi(Tooling) public struct SwiftSourceTooling: SourceTooling {
  public init() {}

  public func rewrite(_ records: [PendingInlineRecord], in source: String, written: Set<String>)
    -> SourceRewriteOutcome
  {
    SourceRewrite.apply(records, to: source, written: written)
  }

  public func rebase(_ records: [PendingInlineRecord], from source: String, to rewritten: String)
    -> [PendingInlineRecord?]
  {
    SourceRewrite.rebase(records, from: source, to: rewritten)
  }

  public func migrate(_ verb: MigrateVerb, print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    PackageMigration(
      packageDirectory: verb.packageDirectory, identity: verb.toolkitIdentity,
      dryRun: verb.dryRun, print: print
    ).run()
  }

  public func info(_ verb: InfoVerb, print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    let file = verb.file
    if let label = SnapshotEnvironment.label(inFileName: file.lastPathComponent) {
      print("\(file.path): the reference of the \(label) environment")
    }
    do {
      guard let data = try AtomicFile.read(file) else {
        print("error: \(file.path) does not exist")
        return .refused
      }
      let texts = try Image.textChunks(inPNG: data)
      guard let environment = RecordingEnvironment(textChunks: texts) else {
        print("\(file.path): no recording environment (not written by this toolkit)")
        return .success
      }
      print("\(file.path): recorded on \(environment.summary)")
      return .success
    } catch let error as AtomicFile.ReadError {
      print("error: \(error)")
      return .refused
    } catch {
      print("error: \(file.path): \(error)")
      return .refused
    }
  }
}
