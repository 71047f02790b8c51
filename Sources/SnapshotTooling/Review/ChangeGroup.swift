import Foundation
@_spi(Tooling) import Snapshots

/// Pending changes whose diffs are the same — the same lines removed and added, whatever the
/// lines around them and whatever the file — decided at once: a header added to every response
/// is one decision, not one per reference.
///
/// A group's id is a hash of those lines, so it stays the same while they do; it starts with
/// ``idPrefix``, which no change's id (hexadecimal) does.
struct ChangeGroup: Sendable, Equatable {
  /// What a group's id starts with, and a change's never does.
  static let idPrefix = "g"

  /// Whether `id` (or a prefix of one) names a group rather than a change.
  static func isGroupID(_ id: String) -> Bool { id.lowercased().hasPrefix(idPrefix) }

  var id: String
  var removed: [String]
  var added: [String]
  /// The ids of its changes, in source order.
  var members: [String]

  /// The groups of two or more changes that share their diff, the largest first.
  ///
  /// Groups of one size come in source order. A change whose bytes are not text is in none.
  static func of(_ changes: [PendingChange]) -> [ChangeGroup] {
    var groups: [ChangeGroup] = []
    var byKey: [String: Int] = [:]
    for change in changes {
      guard let (removed, added) = diff(of: change) else { continue }
      let key = (removed.map { "-" + $0 } + added.map { "+" + $0 }).joined(separator: "\n")
      if let index = byKey[key] {
        groups[index].members.append(change.id)
      } else {
        byKey[key] = groups.count
        groups.append(
          ChangeGroup(
            id: idPrefix + ContentHash.of(key).prefix(PendingChange.idLength - 1), removed: removed,
            added: added, members: [change.id]))
      }
    }
    let shared = groups.enumerated().filter { $0.element.members.count > 1 }
    return shared.sorted {
      ($0.element.members.count, -$0.offset) > ($1.element.members.count, -$1.offset)
    }.map(\.element)
  }

  /// The lines a change removes and adds, `nil` for bytes that are not text.
  private static func diff(of change: PendingChange) -> ([String], [String])? {
    func text(_ data: Data?) -> String? {
      guard let data else { return "" }
      return String(data: data, encoding: .utf8)
    }
    let (old, new) = change.contents()
    guard let oldText = text(old), let newText = text(new) else { return nil }
    let lines = UnifiedDiff.forReview(colored: false).lines(old: oldText, new: newText)
    let changed = { (kind: DiffLine.Kind) in
      lines.filter { $0.kind == kind }.map { String($0.text.dropFirst()) }
    }
    return (changed(.removed), changed(.added))
  }

  /// What it changes, on one line: `+Server: hummingbird in 143 references`.
  var headline: String {
    let lines = removed.map { "-" + $0 } + added.map { "+" + $0 }
    let shown = lines.prefix(2).joined(separator: " ")
    let more = lines.count > 2 ? " (and \(counted(lines.count - 2, "more line")))" : ""
    return "\(shown.isEmpty ? "no line" : shown)\(more) in \(members.count) references"
  }
}
