/// The parts of `.dump`'s ordering and naming that need no reflection.
enum DumpOrdering {
  /// The order of fields by label, when that is provably the order swift-snapshot-testing sorts
  /// them in; `nil` when their full dumps must be compared.
  ///
  /// Its sort keys embed each label quoted (`"label"`) before the value. When every label is
  /// distinct plain ASCII above `"`, two keys first differ inside the labels, or at the quote
  /// that ends the shorter one, so the labels' byte order is the keys' order.
  static func byPlainLabels(_ labels: [String?]) -> [Int]? {
    var plain: [String.UTF8View] = []
    plain.reserveCapacity(labels.count)
    for label in labels {
      guard let label, label.utf8.allSatisfy({ $0 > 0x22 && $0 < 0x7F && $0 != 0x5C }) else {
        return nil
      }
      plain.append(label.utf8)
    }
    let order = plain.indices.sorted { plain[$0].lexicographicallyPrecedes(plain[$1]) }
    let distinct = zip(order, order.dropFirst()).allSatisfy { !plain[$0].elementsEqual(plain[$1]) }
    return distinct ? order : nil
  }

  /// Removes every ` #<digits>` from a type name.
  static func removingLocalDiscriminators(_ name: String) -> String {
    // A byte search: `contains(" #")` on a `String` goes through Foundation.
    guard name.utf8.contains(UInt8(ascii: "#")) else { return name }
    var result = ""
    var scalars = Array(name.unicodeScalars)[...]
    while let scalar = scalars.first {
      if scalar == " ", scalars.dropFirst().first == "#",
        let digit = scalars.dropFirst(2).first, ("0"..."9").contains(digit)
      {
        scalars = scalars.dropFirst(2).drop { ("0"..."9").contains($0) }
      } else {
        result.unicodeScalars.append(scalar)
        scalars = scalars.dropFirst()
      }
    }
    return result
  }
}
