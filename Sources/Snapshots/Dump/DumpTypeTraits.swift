import Foundation

/// What `.dump` needs to know about a type, found once per type instead of by a protocol cast
/// per value.
struct DumpTypeTraits {
  /// A standard type whose line is known without reflection or protocol casts.
  enum Direct {
    case string, int, bool, double
  }

  var direct: Direct?
  var customDescription: Bool
  var describable: Bool
  /// Whether the type supplies its own mirror, whose children may vary per value.
  var reflectable: Bool

  init(_ type: Any.Type) {
    reflectable = type is any CustomReflectable.Type
    customDescription = type is any AnySnapshotStringConvertible.Type
    describable = type is any CustomStringConvertible.Type
    switch type {
    case is String.Type: direct = .string
    case is Int.Type where !customDescription: direct = .int
    case is Bool.Type where !customDescription: direct = .bool
    case is Double.Type where !customDescription: direct = .double
    default: direct = nil
    }
  }

  /// The line's text for a value of a `direct` type, exactly as the general path writes it
  /// (each is a leaf: a value with no children).
  static func text(of value: Any, _ direct: Direct) -> String {
    switch direct {
    case .string: return quoted(value as? String ?? "")
    case .int: return (value as? Int ?? 0).description
    case .bool: return (value as? Bool ?? false).description
    case .double: return (value as? Double ?? 0).description
    }
  }

  /// `text.debugDescription`, without its per-character walk when the text is printable ASCII
  /// with no `"` or `\`, which it would leave as it is.
  static func quoted(_ text: String) -> String {
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    return plain ? "\"" + text + "\"" : text.debugDescription
  }
}
