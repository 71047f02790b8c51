import Foundation
@_spi(Tooling) import Snapshots

/// The changes that share a hunk (``TextHunks``) — the same lines removed and added, whatever
/// the lines around them and whatever the file — decided at once: a header added to every
/// response is one decision, not one per reference, even where each response's
/// `Content-Length` changed too.
///
/// Deciding a group decides exactly its hunk in each of its changes
/// (``PendingChanges/decide(_:accepting:)``); what else a change changes stays pending, as a
/// smaller change with the same id. A group's id is a hash of its lines, so it stays the same
/// while they do (a change of one hunk has the group id it had when changes were grouped whole);
/// it starts with ``idPrefix``, which no change's id (hexadecimal) does.
struct ChangeGroup: Sendable, Equatable {
  /// What a group's id starts with, and a change's never does.
  static let idPrefix = "g"

  /// Whether `id` (or a prefix of one) names a group rather than a change.
  static func isGroupID(_ id: String) -> Bool { id.lowercased().hasPrefix(idPrefix) }

  /// The id of the group of hunks with this key (``TextHunks/Hunk/key``).
  static func id(ofKey key: String) -> String {
    idPrefix + ContentHash.of(key).prefix(PendingChange.idLength - 1)
  }

  var id: String
  /// Its hunk's lines, as a reader sees them (``TextHunks/Hunk``).
  var removed: [String]
  var added: [String]
  /// What its hunk is: a change holds it where one of its hunks has this key.
  var key: String
  /// The ids of its changes, in source order.
  var members: [String]

  /// The groups of two or more changes that share a hunk, the largest first, from the changes
  /// given with their hunks (``PendingChange/hunks()``) in source order.
  ///
  /// Groups of one size come in source order. A change whose bytes are not text is in none.
  static func of(_ changes: some Sequence<(id: String, hunks: TextHunks?)>) -> [ChangeGroup] {
    var groups: [ChangeGroup] = []
    var byKey: [String: Int] = [:]
    for (member, hunks) in changes {
      var seen: Set<String> = []
      for hunk in hunks?.hunks ?? [] where seen.insert(hunk.key).inserted {
        if let index = byKey[hunk.key] {
          groups[index].members.append(member)
        } else {
          byKey[hunk.key] = groups.count
          groups.append(
            ChangeGroup(
              id: id(ofKey: hunk.key), removed: hunk.removed, added: hunk.added, key: hunk.key,
              members: [member]))
        }
      }
    }
    let shared = groups.enumerated().filter { $0.element.members.count > 1 }
    return shared.sorted {
      ($0.element.members.count, -$0.offset) > ($1.element.members.count, -$1.offset)
    }.map(\.element)
  }

  /// What it changes, on one line: `+Server: hummingbird in 143 references`.
  var headline: String {
    let lines = removed.map { "-" + $0 } + added.map { "+" + $0 }
    let shown = lines.prefix(2).joined(separator: " ")
    let more = lines.count > 2 ? " (and \(counted(lines.count - 2, "more line")))" : ""
    return "\(shown.isEmpty ? "no line" : shown)\(more) in \(members.count) references"
  }
}
