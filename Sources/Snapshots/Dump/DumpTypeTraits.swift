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

  /// Appends the line's text for a value of a `direct` type stored at `pointer`, exactly as
  /// the general path writes it (each is a leaf: a value with no children).
  static func append(at pointer: UnsafeRawPointer, _ direct: Direct, to output: inout String) {
    switch direct {
    case .string: appendQuoted(pointer.load(as: String.self), to: &output)
    case .int: output.append(pointer.load(as: Int.self).description)
    case .bool: output.append(pointer.load(as: Bool.self) ? "true" : "false")
    case .double: output.append(pointer.load(as: Double.self).description)
    }
  }

  /// The same for a boxed value of a `direct` type.
  static func append(_ value: Any, _ direct: Direct, to output: inout String) {
    withBytes(ofBoxed: value) { append(at: $0, direct, to: &output) }
  }

  /// Appends `text.debugDescription`, without its per-character walk when the text is printable
  /// ASCII with no `"` or `\`, which it would leave as it is (checked through a pointer:
  /// iterating the string's view runs generic code per byte in a debug build).
  static func appendQuoted(_ text: String, to output: inout String) {
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
    guard plain else { return output.append(text.debugDescription) }
    output.append("\"")
    output.append(text)
    output.append("\"")
  }
}
