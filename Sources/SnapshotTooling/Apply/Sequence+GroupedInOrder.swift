extension Sequence {
  /// The elements grouped by key, groups in the order their first element appears: output
  /// stays in the order the tests made their records.
  func groupedInOrder<Key: Hashable>(by key: (Element) -> Key) -> [[Element]] {
    var groups: [[Element]] = []
    var positions: [Key: Int] = [:]
    for element in self {
      let groupKey = key(element)
      if let position = positions[groupKey] {
        groups[position].append(element)
      } else {
        positions[groupKey] = groups.count
        groups.append([element])
      }
    }
    return groups
  }
}
