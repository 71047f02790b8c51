import CJSONC

extension JSONValue {
  /// The deepest nesting accepted (json-c's own default is 32, too shallow for real documents).
  public static let maximumDepth = 512

  /// Parses JSON text strictly, as RFC 8259 defines it, through json-c.
  ///
  /// Comments, trailing commas, `NaN`, single quotes, invalid UTF-8 and text after the value are
  /// refused with the line, column, byte offset and reason. Numbers keep the text they were
  /// written as. Objects with a repeated key keep the last value, as json-c does.
  public init(parsing data: some Collection<UInt8>) throws(JSONParseError) {
    var bytes = Array(data)
    let count = bytes.count
    // json-c finishes a top-level scalar (`123`, `true`) only at a terminating NUL.
    bytes.append(0)
    guard let tokener = json_tokener_new_ex(Int32(Self.maximumDepth)) else {
      throw JSONParseError(reason: "out of memory", byteOffset: 0, in: [])
    }
    defer { json_tokener_free(tokener) }
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        json_tokener_parse_ex(tokener, text.baseAddress, Int32(clamping: count + 1))
      }
    }
    let text = Array(bytes.dropLast())
    let end = json_tokener_get_parse_end(tokener)
    // A JSON `null` parses to no object at all: json-c represents null as NULL.
    let error = json_tokener_get_error(tokener)
    guard error == json_tokener_success else {
      let reason =
        end >= count || error == json_tokener_continue
        ? "unexpected end of input" : String(cString: json_tokener_error_desc(error))
      throw JSONParseError(reason: reason, byteOffset: min(end, count), in: text)
    }
    defer { json_object_put(parsed) }
    if let extra = text[min(end, count)...].firstIndex(where: { !Self.isWhitespace($0) }) {
      throw JSONParseError(
        reason: "unexpected text after the JSON value", byteOffset: extra, in: text)
    }
    var converter = Converter(numbers: try JSONScan.numbers(in: text))
    if let value = converter.convert(parsed), converter.usedEveryNumber {
      self = value
      return
    }
    // Repeated keys dropped numbers, so the scanned texts no longer line up: take json-c's.
    var fallback = Converter(numbers: nil)
    guard let value = fallback.convert(parsed) else {
      throw JSONParseError(
        reason: "an integer beyond 64 bits in an object with repeated keys cannot be kept exactly",
        byteOffset: 0, in: text)
    }
    self = value
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Turns json-c's objects into a `JSONValue`, taking each number's text from the scan.
  private struct Converter {
    /// The scanned texts, or `nil` to use json-c's own printing.
    let numbers: [String]?
    var next = 0

    var usedEveryNumber: Bool { next == numbers?.count ?? 0 }

    /// The value of a json-c object (`null` is a NULL object).
    ///
    /// `nil` when a number does not match its scanned text, or cannot be printed exactly.
    mutating func convert(_ object: OpaquePointer?) -> JSONValue? {
      guard let object else { return .null }
      switch json_object_get_type(object) {
      case json_type_null:
        return .null
      case json_type_boolean:
        return .bool(json_object_get_boolean(object) != 0)
      case json_type_string:
        let length = Int(json_object_get_string_len(object))
        guard let characters = json_object_get_string(object) else { return .string("") }
        let buffer = UnsafeRawBufferPointer(start: characters, count: length)
        return .string(String(decoding: buffer, as: UTF8.self))
      case json_type_array:
        var elements: [JSONValue] = []
        let length = json_object_array_length(object)
        elements.reserveCapacity(length)
        for index in 0..<length {
          guard let element = convert(json_object_array_get_idx(object, index)) else { return nil }
          elements.append(element)
        }
        return .array(elements)
      case json_type_object:
        var members: [(key: String, value: JSONValue)] = []
        var iterator = json_object_iter_begin(object)
        var end = json_object_iter_end(object)
        while json_object_iter_equal(&iterator, &end) == 0 {
          let key = String(cString: json_object_iter_peek_name(&iterator))
          guard let value = convert(json_object_iter_peek_value(&iterator)) else { return nil }
          members.append((key, value))
          json_object_iter_next(&iterator)
        }
        return .object(members)
      default:
        return number(object)
      }
    }

    private mutating func number(_ object: OpaquePointer) -> JSONValue? {
      let printed = String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN))
      guard let numbers else {
        return Self.isClamped(object) ? nil : .number(printed)
      }
      guard next < numbers.count, Self.agrees(numbers[next], with: object) else { return nil }
      next += 1
      return .number(numbers[next - 1])
    }

    /// Whether json-c's value is the one `text` denotes (or, beyond 64 bits, its clamp).
    private static func agrees(_ text: String, with object: OpaquePointer) -> Bool {
      if json_object_get_type(object) == json_type_double {
        return Double(text) == json_object_get_double(object)
      }
      if let value = Int64(text) { return json_object_get_int64(object) == value }
      if let value = UInt64(text) { return json_object_get_uint64(object) == value }
      return text.hasPrefix("-")
        ? json_object_get_int64(object) == .min : json_object_get_uint64(object) == .max
    }

    private static func isClamped(_ object: OpaquePointer) -> Bool {
      json_object_get_type(object) == json_type_int
        && (json_object_get_int64(object) == .min || json_object_get_uint64(object) == .max)
    }
  }
}
