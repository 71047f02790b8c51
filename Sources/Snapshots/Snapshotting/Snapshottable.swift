/// A type that names how it is snapshotted, so that an assertion of it needs no `as:`.
///
/// A type conforms in one line, by naming a strategy it already has; an explicit `as:` always
/// wins over it:
///
/// ```swift
/// extension Invoice: Snapshottable {
///   public static var snapshotting: Snapshotting<Invoice, String> { .dump }
/// }
///
/// assertSnapshot(of: invoice)                 // .dump
/// assertSnapshot(of: invoice, as: .description)
/// ```
///
/// A type that does not conform has no such assertion: `assertSnapshot(of: value)` does not
/// compile, and says which conformance is missing.
public protocol Snapshottable {
  /// What its snapshots are made of: `String` for text (which inline snapshots need).
  associatedtype SnapshotFormat
  /// The strategy an assertion uses when it names none.
  static var snapshotting: Snapshotting<Self, SnapshotFormat> { get }
}
