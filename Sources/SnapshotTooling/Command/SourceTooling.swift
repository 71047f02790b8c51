import Foundation
@_spi(Tooling) import Snapshots

/// The work that needs more than the tool's own code: a Swift parser (rewriting inline snapshots,
/// migrating a package) or libpng (`info`).
///
/// The `snapshots` executable has it (`SnapshotSourceTooling`, on swift-syntax). The plugins
/// build `snapshots-files`, which has none, for a package without inline snapshots: it builds in
/// seconds where swift-syntax takes minutes. Where it would be needed, that tool changes nothing
/// and exits with ``SnapshotsCommand/ExitCode/needsSourceTooling``, and the plugin runs the
/// command again with `snapshots`.
@_spi(Tooling) public protocol SourceTooling: Sendable {
  /// Writes one source file's pending inline records into its text (`written`: hashes of texts
  /// an interrupted apply of this run already wrote).
  func rewrite(_ records: [PendingInlineRecord], in source: String, written: Set<String>)
    -> SourceRewriteOutcome

  /// The records of calls a rewrite did not write, moved onto the rewritten text; `nil` for a
  /// record whose call is not found.
  func rebase(_ records: [PendingInlineRecord], from source: String, to rewritten: String)
    -> [PendingInlineRecord?]

  func migrate(_ verb: MigrateVerb, print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode

  func info(_ verb: InfoVerb, print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode
}

/// What rewriting one source file comes to.
public enum SourceRewriteOutcome: Equatable, Sendable {
  /// The new text, how many closures it writes, and the calls it left, with why.
  case rewritten(String, count: Int, refused: [String])
  /// Nothing to write; `refused` names the calls that could not be.
  case upToDate(refused: [String])
  /// The whole file is left as it is.
  case refused(String)
}
