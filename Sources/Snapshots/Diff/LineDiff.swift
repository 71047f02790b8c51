/// Which lines of two texts differ: Myers' O((N+M)·D) algorithm in linear space.
///
/// Lines are interned to integers first; lines that occur in only one text are marked changed
/// before the search (they can never match, as in git's xdiff), which keeps wholly different texts
/// cheap. A search that passes its cost limit splits at its best point so far: the result is then a
/// correct but possibly not minimal diff, and the time stays near-linear.
package struct LineDiff {
  /// `true` for each old line that is deleted.
  public private(set) var deleted: [Bool]
  /// `true` for each new line that is inserted.
  public private(set) var inserted: [Bool]

  /// The diff of two sequences of hashable lines.
  public init<Line: Hashable>(old: [Line], new: [Line]) {
    var ids: [Line: Int] = [:]
    ids.reserveCapacity(old.count + new.count)
    func id(_ line: Line) -> Int {
      if let known = ids[line] { return known }
      ids[line] = ids.count
      return ids.count - 1
    }
    let oldIDs = old.map(id)
    let newIDs = new.map(id)
    self.init(oldIDs: oldIDs, newIDs: newIDs, distinct: ids.count)
  }

  /// The diff of two texts' lines, compared by their bytes.
  init(old: TextLines, new: TextLines) {
    var interner = LineInterner([old, new])
    let oldIDs = interner.ids(ofText: 0)
    let newIDs = interner.ids(ofText: 1)
    self.init(oldIDs: oldIDs, newIDs: newIDs, distinct: interner.count)
  }

  /// The diff of two sequences of line ids in `0..<distinct`.
  init(oldIDs: [Int], newIDs: [Int], distinct: Int) {
    deleted = Array(repeating: false, count: oldIDs.count)
    inserted = Array(repeating: false, count: newIDs.count)
    var inNew = Array(repeating: false, count: distinct)
    var inOld = Array(repeating: false, count: distinct)
    for id in newIDs { inNew[id] = true }
    for id in oldIDs { inOld[id] = true }
    var search = MyersSearch(
      old: Self.keep(oldIDs, where: { inNew[$0] }, marking: &deleted),
      new: Self.keep(newIDs, where: { inOld[$0] }, marking: &inserted))
    search.run()
    for (index, changed) in search.oldChanged.enumerated() where changed {
      deleted[search.oldIndex[index]] = true
    }
    for (index, changed) in search.newChanged.enumerated() where changed {
      inserted[search.newIndex[index]] = true
    }
  }

  /// The lines that can match, with their original positions; the others are marked changed.
  private static func keep(
    _ ids: [Int], where canMatch: (Int) -> Bool, marking changed: inout [Bool]
  ) -> (ids: [Int], positions: [Int]) {
    var kept: [Int] = []
    var positions: [Int] = []
    for (position, id) in ids.enumerated() {
      if canMatch(id) {
        kept.append(id)
        positions.append(position)
      } else {
        changed[position] = true
      }
    }
    return (kept, positions)
  }

  /// Whether the two texts are the same line for line.
  var isEmpty: Bool { !deleted.contains(true) && !inserted.contains(true) }

  /// Each run of changed lines, in order: the old lines it removes and the new lines it adds.
  ///
  /// Either may be empty. The lines between two runs are the same in both texts, one for one.
  public var changes: [(old: Range<Int>, new: Range<Int>)] {
    var changes: [(old: Range<Int>, new: Range<Int>)] = []
    var (i, j) = (0, 0)
    while i < deleted.count || j < inserted.count {
      if i < deleted.count, j < inserted.count, !deleted[i], !inserted[j] {
        (i, j) = (i + 1, j + 1)
        continue
      }
      let (oldStart, newStart) = (i, j)
      while i < deleted.count, deleted[i] { i += 1 }
      while j < inserted.count, inserted[j] { j += 1 }
      changes.append((oldStart..<i, newStart..<j))
    }
    return changes
  }
}
