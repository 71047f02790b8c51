import Foundation

/// Which assertion each reference file belongs to, in this process, so that two different
/// assertions never compare against one file silently, and never write it.
///
/// An assertion is its test (a Swift Testing test's name and place, with a case's arguments, or
/// XCTest's test case name) and its `named:` or number. Two tests with one function name in two
/// suites of a file, `named: "1"` beside the first unnamed snapshot, or names that sanitise alike
/// all resolve to one file: the second to arrive fails and names both. From then on the file is
/// in conflict: every assertion on it fails, whatever the record mode; a recording the first
/// made is undone, and the pending store notes the conflict, so `snapshot-record` writes neither
/// side. The same assertion again (a repetition, or a loop) is the same claimant.
final class ReferenceClaims: Sendable {
  static let shared = ReferenceClaims()

  /// One assertion: its test, its `named:` or else the number in its reference's stem, and
  /// where it is.
  ///
  /// Described only when two meet, so the usual assertion builds no text for it.
  struct Claimant: Sendable, CustomStringConvertible {
    /// Its test (``TestContext/identity``).
    var test: TestIdentity
    var name: String?
    /// `<test>.<number>` when unnamed.
    var stem: String
    /// The assertion's test file and line.
    var filePath: String
    var line: UInt

    var description: String {
      let place = "\((filePath as NSString).lastPathComponent):\(line)"
      if let name { return "\(test), named: \"\(name)\" (\(place))" }
      let number = stem.lastIndex(of: ".").map { stem[stem.index(after: $0)...] } ?? stem[...]
      return "\(test), snapshot \(number) (\(place))"
    }

    func isSame(as other: Claimant) -> Bool {
      test == other.test && name == other.name && stem == other.stem
    }
  }

  /// What an owner's recording replaced, to put back if a rival comes: the file written and
  /// its bytes before (`nil`: there was none).
  typealias Undo = (url: URL, previous: Data?)

  private struct Claims {
    /// The first assertion on each file.
    var owners = [String: Claimant](minimumCapacity: 1024)
    /// The files in conflict, with the other assertion: rare, so kept apart from ``owners``,
    /// whose every lookup is an assertion's.
    var rivals: [String: Claimant] = [:]
    var undos: [String: Undo] = [:]
    /// The recordings being written, outside the lock, by file: the last to finish undoes them
    /// if a rival came meanwhile.
    var writing: [String: Int] = [:]
  }

  private let claims = Locked(Claims())
  /// How a recording is written: ``AtomicFile/write(_:to:)``.
  private let write: @Sendable (Data, URL) throws(AtomicFile.WriteError) -> Void

  init(
    write: @escaping @Sendable (Data, URL) throws(AtomicFile.WriteError) -> Void = AtomicFile.write
  ) {
    self.write = write
  }

  /// The other assertion that uses `path`, if one does (then the file is in conflict); else
  /// `claimant` owns it now.
  func claim(_ path: String, for claimant: Claimant) -> String? {
    let (rival, undo) = claims.withLock { claims -> (String?, Undo?) in
      // One lookup for a path not claimed yet, the usual case.
      guard let owner = claims.owners.updateValue(claimant, forKey: path) else { return (nil, nil) }
      claims.owners[path] = owner
      if !claims.rivals.isEmpty, let rival = claims.rivals[path] {
        return ((claimant.isSame(as: owner) ? rival : owner).description, nil)
      }
      if owner.isSame(as: claimant) { return (nil, nil) }
      claims.rivals[path] = claimant
      // A recording under way undoes itself when it is written.
      let undo = claims.writing[path] == nil ? claims.undos.removeValue(forKey: path) : nil
      return (owner.description, undo)
    }
    // No recording of the file starts once it is in conflict: the undo is the last write.
    if let undo { Self.revert(undo) }
    return rival
  }

  /// Writes a recording of the reference claimed as `path` to `url`, whose bytes are
  /// `previous` (`nil`: there is no file), unless the file is in conflict (then `false`, and
  /// nothing is left written).
  ///
  /// The claim is checked under the lock every assertion takes, and the file written after it,
  /// so that assertions go on while it is written. It keeps what it replaced, to undo it if a
  /// rival comes: a rival that comes while it is written leaves the undo to it.
  func record(_ data: Data, claimed path: String, at url: URL, replacing previous: Data?)
    throws(AtomicFile.WriteError) -> Bool
  {
    let starts = claims.withLock { claims in
      guard claims.owners[path] != nil, claims.rivals[path] == nil else { return false }
      if claims.undos[path] == nil { claims.undos[path] = (url, previous) }
      claims.writing[path, default: 0] += 1
      return true
    }
    guard starts else { return false }
    var failure: AtomicFile.WriteError?
    do {
      try write(data, url)
    } catch {
      failure = error
    }
    let undo = claims.withLock { claims -> Undo? in
      let left = (claims.writing.removeValue(forKey: path) ?? 1) - 1
      if left > 0 { claims.writing[path] = left }
      guard left == 0, claims.rivals[path] != nil else { return nil }
      return claims.undos.removeValue(forKey: path)
    }
    if let undo {
      Self.revert(undo)
      return false
    }
    if let failure { throw failure }
    return true
  }

  /// Puts back what a recording replaced.
  private static func revert(_ undo: Undo) {
    if let previous = undo.previous {
      try? AtomicFile.write(previous, to: undo.url)
    } else {
      try? FileManager.default.removeItem(at: undo.url)
    }
  }

  /// The failure message when two assertions resolve to one reference.
  static func conflict(path: String, first: String, second: String) -> String {
    """
    Two different assertions resolve to one reference, \(path):
      \(first)
      \(second)
    Nothing was compared or written, for either. Give one of them its own name with named:, \
    rename a test, or name references after their suites: .snapshots(naming: .suiteQualified).
    """
  }
}
