extension Snapshotting where Value: CaseIterable, Format == String {
  /// A function over every case of its input, as CSV rows of `"input","output"`.
  ///
  /// ```swift
  /// enum Direction: CaseIterable {
  ///   case up, down
  ///   var opposite: Direction { self == .up ? .down : .up }
  /// }
  ///
  /// assertSnapshot(
  ///   of: { (d: Direction) in d.opposite },
  ///   as: Snapshotting<Direction, String>.func(into: .description))
  /// ```
  ///
  /// Records:
  ///
  /// ```
  /// "up","down"
  /// "down","up"
  /// ```
  public static func `func`<Output>(
    into witness: Snapshotting<Output, Format>
  ) -> Snapshotting<(Value) -> Output, Format> {
    var strategy = SimplySnapshotting<String>.lines.asyncPullback { (function: (Value) -> Output) in
      Async.sequence(
        Value.allCases.map { input in witness.snapshot(function(input)).map { (input, $0) } }
      )
      .map { rows in rows.map { "\"\($0)\",\"\($1)\"" }.joined(separator: "\n") }
    }
    strategy.pathExtension = "csv"
    return strategy
  }
}
