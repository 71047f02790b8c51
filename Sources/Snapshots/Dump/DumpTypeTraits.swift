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

  /// Each protocol check searches every conformance in the process the first time it is made
  /// for a type, so a standard type makes only the one its line can depend on: whether a user
  /// made it describe itself (a `String`'s line never changes).
  init(_ type: Any.Type) {
    let standard: Direct? =
      type == String.self
      ? .string
      : type == Int.self ? .int : type == Bool.self ? .bool : type == Double.self ? .double : nil
    customDescription = standard != .string && type is any AnySnapshotStringConvertible.Type
    if let standard, !customDescription {
      direct = standard
      describable = true
      reflectable = false
      return
    }
    direct = nil
    reflectable = type is any CustomReflectable.Type
    describable = type is any CustomStringConvertible.Type
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
  /// with no `"` or `\`, which it would leave as it is (checked through a pointer: iterating
  /// the string's view runs generic code per byte in a debug build).
  static func quoted(_ text: String) -> String {
    var copy = text
    let plain = copy.withUTF8 { utf8 -> Bool in
      guard let bytes = utf8.baseAddress else { return true }
      var index = 0
      while index < utf8.count {
        let byte = bytes[index]
        if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
        index += 1
      }
      return true
    }
    return plain ? "\"" + text + "\"" : text.debugDescription
  }
}
