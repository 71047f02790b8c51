import Foundation

/// A type that chooses its own line in a `.dump` snapshot.
///
/// ```swift
/// extension UserID: AnySnapshotStringConvertible {
///   var snapshotDescription: String { "UserID(\(rawValue))" }
/// }
/// ```
///
/// Records `- id: UserID(42)` instead of the type's fields. Set ``renderChildren`` to `true` to
/// keep the fields below the custom line.
public protocol AnySnapshotStringConvertible {
  /// Whether the fields are dumped below the custom line; `false` unless overridden.
  static var renderChildren: Bool { get }

  /// The text shown for the value in a `.dump` snapshot.
  var snapshotDescription: String { get }
}

extension AnySnapshotStringConvertible {
  public static var renderChildren: Bool { false }
}

extension String: AnySnapshotStringConvertible {
  public var snapshotDescription: String { debugDescription }
}

extension Substring: AnySnapshotStringConvertible {
  public var snapshotDescription: String { debugDescription }
}

extension Character: AnySnapshotStringConvertible {
  public var snapshotDescription: String { debugDescription }
}

extension Data: AnySnapshotStringConvertible {
  public var snapshotDescription: String { debugDescription }
}

extension URL: AnySnapshotStringConvertible {
  public var snapshotDescription: String { debugDescription }
}

extension Date: AnySnapshotStringConvertible {
  /// The date in UTC, to the second: `2023-11-14T22:13:20Z`.
  public var snapshotDescription: String { DumpDateFormat.string(from: self) }
}

/// The one date format `.dump` writes, shared by every thread.
enum DumpDateFormat {
  private static let formatter: Locked<UncheckedBox<DateFormatter>> = {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZZZZZ"
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(abbreviation: "UTC")
    return Locked(UncheckedBox(formatter))
  }()

  static func string(from date: Date) -> String {
    formatter.withLock { $0.value.string(from: date) }
  }
}

extension NSObject: AnySnapshotStringConvertible {
  #if canImport(ObjectiveC)
    /// `debugDescription` without pointer addresses; subclasses override it.
    @objc open var snapshotDescription: String {
      PointerAddresses.removed(from: debugDescription)
    }
  #else
    /// `debugDescription` without pointer addresses. (On Linux Swift cannot override a member
    /// declared in an extension, so subclasses keep this one, as with swift-snapshot-testing.)
    public var snapshotDescription: String {
      PointerAddresses.removed(from: debugDescription)
    }
  #endif
}
