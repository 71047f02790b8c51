extension PendingChanges {
  /// An id a command was given that names no pending change, or more than one.
  enum UnknownID: Error, Equatable, CustomStringConvertible {
    /// Shorter than ``PendingChange/shortestPrefix``: too short to name one change for long.
    case tooShort(String)
    case unknown(String)
    /// A prefix of several ids (changes' or groups'): those ids, sorted.
    case ambiguous(String, ids: [String])

    var description: String {
      switch self {
      case .tooShort(let id):
        "the id \(id) is too short: give at least \(PendingChange.shortestPrefix) characters of a change's id (\(PendingChange.idLength) hex digits) or of a group's (\(ChangeGroup.idPrefix) and \(PendingChange.idLength - 1) hex digits), as snapshot-record --pending lists them"
      case .unknown(let id):
        "no pending snapshot has the id \(id) (snapshot-record --pending lists them)"
      case .ambiguous(let id, let ids):
        "the id \(id) is the start of \(ids.count) ids (\(ids.prefix(3).joined(separator: ", "))\(ids.count > 3 ? ", …" : "")); give more of it"
      }
    }
  }
}
