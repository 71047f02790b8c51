import Foundation
@_spi(Tooling) import Snapshots

/// What `snapshots pending --json` prints: what is pending, for an editor or an agent.
///
/// The layout is
/// versioned (``schemaVersion``) and described by `pending.schema.json` in the docs; a field
/// is only ever added within a version.
struct PendingListing: Encodable {
  static let schemaVersion = 1

  struct Change: Encodable {
    var id: String
    var kind: PendingChange.Kind
    var status: PendingChange.Status
    var test: String
    /// Relative to the package when inside it, as messages write it.
    var sourceFile: String
    var line: Int
    var column: Int?
    /// The function an inline change rewrites the call of.
    var function: String?
    var format: String
    /// The reference file of a file change, relative to the package when inside it.
    var reference: String?
    /// Absolute paths: the reference as it is, the bytes it would get, the difference image.
    var oldFile: String?
    var newFile: String?
    var differenceFile: String?
    /// The strategy's own account of the difference, for a value that is not text.
    var summary: String?
    /// Why accepting a file change is refused whatever else holds: its bytes are not the ones
    /// the test left (cut short, another change's, gone), with the next step.
    var damaged: String?
    /// An inline change's texts (`newText` is absent when the literal goes).
    var oldText: String?
    var newText: String?
    /// What a text change changes, run by run of changed lines, in the order of the text;
    /// absent for bytes that are not text, which are decided whole.
    var hunks: [Hunk]?
    /// What the last `--stability` check saw vary in its snapshot between runs
    /// (`unstable: a UUID`); absent when it saw nothing, or there was no check.
    var unstable: String?
  }

  /// A run of changed lines of one change (``TextHunks/Hunk``): what it removes and adds, and
  /// the group that decides it with the same hunk in other changes, if any.
  struct Hunk: Encodable {
    var removed: [String]
    var added: [String]
    var group: String?
  }

  /// Changes that share a hunk (``ChangeGroup``): `--accept` and `--reject` take its id, and
  /// decide that hunk in each of them.
  struct Group: Encodable {
    var id: String
    var removed: [String]
    var added: [String]
    var changes: [String]
  }

  var schemaVersion = Self.schemaVersion
  var package: String
  var changes: [Change]
  var groups: [Group]
  /// What no command applies, each as `path: why`.
  ///
  /// Record files that cannot be read, shards' records that belong nowhere here or conflict;
  /// absent when there is none.
  var problems: [String]?

  init(_ pending: PendingChanges) {
    package = pending.packageDirectory.standardizedFileURL.path
    problems = pending.problems.isEmpty ? nil : pending.problems.map(\.description)
    // What each change needs read from disk: its hunks, and whether its bytes are the ones
    // the test left.
    let applier = pending.applier
    let read = pending.changes.concurrentMap { change in
      var damaged: String?
      if case .file(let file) = change.record,
        case .failure(let refusal) = applier.checkedData(
          of: file, in: change.entry.url.deletingLastPathComponent())
      {
        damaged = refusal.description
      }
      return (hunks: change.hunks(), damaged: damaged)
    }
    let grouped = ChangeGroup.of(zip(pending.changes, read).map { ($0.id, $1.hunks) })
    groups = grouped.map {
      Group(id: $0.id, removed: $0.removed, added: $0.added, changes: $0.members)
    }
    let groupIDs = Set(grouped.map(\.id))
    changes = zip(pending.changes, read).map { change, read in
      var listed = Change(
        id: change.id, kind: change.kind, status: change.status, test: change.testName,
        sourceFile: pending.relative(change.record.sourceLocation.file),
        line: change.record.sourceLocation.line, format: change.format)
      listed.unstable = pending.unstable(change)
      switch change.record {
      case .file(let file):
        listed.reference = pending.relative(file.referencePath)
        listed.oldFile = change.oldFile?.path
        listed.newFile = change.newFile?.path
        listed.differenceFile = file.artifacts?.first
        listed.summary = file.summary
        listed.damaged = read.damaged
      case .inline(let call):
        listed.column = call.column
        listed.function = call.functionName.isEmpty ? nil : call.functionName
        listed.oldText = call.oldText
        listed.newText = call.newText
      }
      listed.hunks = read.hunks?.hunks.map { hunk in
        let group = ChangeGroup.id(ofKey: hunk.key)
        return Hunk(
          removed: hunk.removed, added: hunk.added,
          group: groupIDs.contains(group) ? group : nil)
      }
      return listed
    }
  }

  func json() -> String { JSONEncoder.machineOutput.text(of: self) }
}

extension JSONEncoder {
  /// The tool's JSON for editors and agents (`pending --json`, the catalog, `--stability`'s
  /// report): keys sorted, one member a line, slashes as they are.
  static var machineOutput: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as text; encoding plain strings and numbers cannot fail.
  func text(of value: some Encodable) -> String {
    String(decoding: (try? encode(value)) ?? Data(), as: UTF8.self)
  }
}
