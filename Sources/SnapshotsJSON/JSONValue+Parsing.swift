import CJSONC
import Foundation
@_spi(Tooling) import Snapshots

extension JSONValue {
  /// The deepest nesting accepted (json-c's own default is 32, too shallow for real documents).
  public static let maximumDepth = 512

  /// Parses JSON text strictly, as RFC 8259 defines it, through json-c.
  ///
  /// Comments, trailing commas, `NaN`, single quotes, malformed numbers, unescaped control
  /// characters, invalid UTF-8 and text after the value are refused with the line, column,
  /// byte offset and reason. Numbers keep the text they were written as. Objects with a
  /// repeated key keep the last value, as json-c does.
  public init(parsing data: some Collection<UInt8>) throws(JSONParseError) {
    let tree = try JSONCTree(parsing: data)
    self = tree.value(tree.root)
  }

  /// The canonical text of JSON text, written straight from json-c's tree: the same as
  /// `JSONValue(parsing: data).canonicalText`, without building the `JSONValue`.
  public static func canonicalText(parsing data: some Collection<UInt8>) throws(JSONParseError)
    -> String
  {
    let tree = try JSONCTree(parsing: data)
    var writer = CanonicalWriter(pretty: true, capacity: tree.byteCount * 2)
    tree.write(tree.root, to: &writer)
    writer.finish()
    return String(decoding: writer.output, as: UTF8.self)
  }
}

/// A document parsed by json-c, freed with it, with every number's text as written.
private final class JSONCTree {
  /// The top value; `nil` is JSON `null` (json-c represents null as NULL).
  let root: OpaquePointer?
  let byteCount: Int
  /// The source text, where numbers are read from.
  private let bytes: [UInt8]
  /// Whether json-c's own values give every number's text back.
  ///
  /// An integer's value is printed, a double's text is the one json-c keeps; `numbers` stays
  /// empty.
  private var textsFromJSONC = false
  /// Each number's text: a range of `bytes`, or json-c's printing when texts do not line up.
  private var numbers: [OpaquePointer: NumberText] = [:]
  /// Reused member lists, one per nesting depth, so walking objects allocates nothing.
  private var scratch: [[(key: UnsafePointer<CChar>, value: OpaquePointer?)]] = []

  private enum NumberText {
    case source(Range<Int>)
    case printed(String)
  }

  init(parsing data: some Collection<UInt8>) throws(JSONParseError) {
    // An array passed in is shared, not copied.
    let bytes = Array(data)
    let count = bytes.count
    byteCount = count
    // Validated in place, much faster than json-c's flag; json-c is asked again, with its flag,
    // only to say where invalid text is.
    let validUTF8 = bytes.withUnsafeBufferPointer(UTF8Text.isValid)
    let (parsed, end, failure) = Self.parse(bytes, validatingUTF8: !validUTF8)
    if let failure { throw JSONParseError(reason: failure, byteOffset: end, in: bytes) }
    root = parsed
    self.bytes = bytes
    if !validUTF8 {
      // json-c's own check let it through: refuse it anyway, at the first bad byte.
      throw JSONParseError(
        reason: "invalid UTF-8", byteOffset: Self.firstInvalidUTF8(in: bytes), in: bytes)
    }
    if let extra = bytes[end...].firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      throw JSONParseError(
        reason: "unexpected text after the JSON value", byteOffset: extra, in: bytes)
    }
    let written = try JSONScan.numbers(in: bytes)
    if !written.contains(where: { JSONScan.isInexactInJSONC(bytes[$0]) }) {
      textsFromJSONC = true
      return
    }
    numbers.reserveCapacity(written.count)
    var next = 0
    if !assign(written, from: root, next: &next, depth: 0) || next != written.count {
      // Repeated keys dropped numbers, so the texts no longer line up: take json-c's own.
      numbers = [:]
      guard assignPrinted(from: root) else {
        throw JSONParseError(
          reason:
            "an integer beyond 64 bits in an object with repeated keys cannot be kept exactly",
          byteOffset: 0, in: bytes)
      }
    }
  }

  deinit { json_object_put(root) }

  private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
    return offset
  }

  /// Runs json-c's strict tokener over `bytes`: the document, where parsing ended, and why it
  /// failed, if it did.
  ///
  /// First where the bytes are: a document that is an object or an array ends at its bracket.
  /// json-c finishes a top-level scalar (`123`, `true`) only at a terminating NUL, so that, or
  /// an unfinished text, is parsed again from a copy that ends in one.
  private static func parse(_ bytes: [UInt8], validatingUTF8: Bool)
    -> (OpaquePointer?, end: Int, failure: String?)
  {
    guard let first = run(bytes, length: bytes.count, validatingUTF8: validatingUTF8) else {
      return (nil, 0, "out of memory")
    }
    if first.error != json_tokener_continue {
      return outcome(first, count: bytes.count)
    }
    let terminated = bytes + [0]
    guard let second = run(terminated, length: terminated.count, validatingUTF8: validatingUTF8)
    else { return (nil, 0, "out of memory") }
    return outcome(second, count: bytes.count)
  }

  /// One parse; `nil` when json-c has no memory for a tokener.
  private static func run(_ bytes: [UInt8], length: Int, validatingUTF8: Bool) -> (
    parsed: OpaquePointer?, end: Int, error: json_tokener_error
  )? {
    guard let tokener = json_tokener_new_ex(Int32(JSONValue.maximumDepth)) else { return nil }
    defer { json_tokener_free(tokener) }
    json_tokener_set_flags(
      tokener, JSON_TOKENER_STRICT | (validatingUTF8 ? JSON_TOKENER_VALIDATE_UTF8 : 0))
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        json_tokener_parse_ex(tokener, text.baseAddress, Int32(clamping: length))
      }
    }
    return (parsed, json_tokener_get_parse_end(tokener), json_tokener_get_error(tokener))
  }

  private static func outcome(
    _ result: (parsed: OpaquePointer?, end: Int, error: json_tokener_error), count: Int
  ) -> (OpaquePointer?, end: Int, failure: String?) {
    let end = min(result.end, count)
    guard result.error != json_tokener_success else { return (result.parsed, end, nil) }
    json_object_put(result.parsed)
    let reason =
      end >= count || result.error == json_tokener_continue
      ? "unexpected end of input" : String(cString: json_tokener_error_desc(result.error))
    return (nil, end, reason)
  }

  /// Gives each number, in document order, its written text; `false` when one disagrees.
  private func assign(
    _ texts: [Range<Int>], from object: OpaquePointer?, next: inout Int, depth: Int
  ) -> Bool {
    guard let object else { return true }
    switch json_object_get_type(object) {
    case json_type_int, json_type_double:
      guard next < texts.count, agrees(texts[next], with: object) else { return false }
      numbers[object] = .source(texts[next])
      next += 1
      return true
    case json_type_array:
      for index in 0..<json_object_array_length(object) {
        guard
          assign(
            texts, from: json_object_array_get_idx(object, index), next: &next, depth: depth + 1)
        else { return false }
      }
      return true
    case json_type_object:
      return withMembers(of: object, depth: depth) { members in
        members.allSatisfy { assign(texts, from: $0.value, next: &next, depth: depth + 1) }
      }
    default:
      return true
    }
  }

  /// Gives each number json-c's printing of it; `false` for an integer it had to clamp.
  private func assignPrinted(from object: OpaquePointer?) -> Bool {
    guard let object else { return true }
    switch json_object_get_type(object) {
    case json_type_int, json_type_double:
      if json_object_get_type(object) == json_type_int,
        json_object_get_int64(object) == .min || json_object_get_uint64(object) == .max
      {
        return false
      }
      numbers[object] = .printed(
        String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN)))
      return true
    case json_type_array:
      return (0..<json_object_array_length(object)).allSatisfy {
        assignPrinted(from: json_object_array_get_idx(object, $0))
      }
    case json_type_object:
      return allMembers(of: object).allSatisfy { assignPrinted(from: $0.value) }
    default:
      return true
    }
  }

  /// Whether json-c's value is the one the text at `range` denotes (or, beyond 64 bits, its
  /// clamp).
  ///
  /// The text is read in place, where a byte follows it: C's `strtod` and `strtoll` stop where
  /// the number ends.
  private func agrees(_ range: Range<Int>, with object: OpaquePointer) -> Bool {
    // strtod and strtoll read on to the first byte that cannot continue a number: a number that
    // ends the document (a top-level scalar) has no such byte in `bytes`, and the memory after
    // it may hold digits, so it is read from a copy that ends in a NUL.
    if range.upperBound == bytes.count {
      return (Array(bytes[range]) + [0]).withUnsafeBufferPointer {
        Self.agrees($0, 0..<range.count, with: object)
      }
    }
    return bytes.withUnsafeBufferPointer { Self.agrees($0, range, with: object) }
  }

  private static func agrees(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with object: OpaquePointer
  ) -> Bool {
    guard let base = buffer.baseAddress else { return false }
    let start = UnsafeRawPointer(base + range.lowerBound).assumingMemoryBound(to: CChar.self)
    if json_object_get_type(object) == json_type_double {
      return strtod(start, nil) == json_object_get_double(object)
    }
    errno = 0
    let negative = buffer[range.lowerBound] == UInt8(ascii: "-")
    if negative {
      let value = strtoll(start, nil, 10)
      return json_object_get_int64(object) == (errno == ERANGE ? .min : value)
    }
    let value = strtoull(start, nil, 10)
    let fitsInt64 = errno != ERANGE && value <= UInt64(Int64.max)
    return fitsInt64
      ? json_object_get_int64(object) == Int64(value)
      : json_object_get_uint64(object) == (errno == ERANGE ? .max : value)
  }

  /// Calls `body` with an object's members in document order (keys as NUL-terminated bytes),
  /// in a list reused for every object at the same depth.
  private func withMembers<R>(
    of object: OpaquePointer, depth: Int,
    _ body: (inout [(key: UnsafePointer<CChar>, value: OpaquePointer?)]) -> R
  ) -> R {
    while scratch.count <= depth { scratch.append([]) }
    var members = scratch[depth]
    scratch[depth] = []
    members.removeAll(keepingCapacity: true)
    var iterator = json_object_iter_begin(object)
    var end = json_object_iter_end(object)
    while json_object_iter_equal(&iterator, &end) == 0 {
      members.append(
        (json_object_iter_peek_name(&iterator), json_object_iter_peek_value(&iterator)))
      json_object_iter_next(&iterator)
    }
    defer { scratch[depth] = members }
    return body(&members)
  }

  private func allMembers(of object: OpaquePointer) -> [(
    key: UnsafePointer<CChar>, value: OpaquePointer?
  )] {
    withMembers(of: object, depth: 0) { $0 }
  }

  /// Calls `body` with a number's text as written.
  private func withNumberText<R>(_ object: OpaquePointer, _ body: (UnsafeRawBufferPointer) -> R)
    -> R
  {
    if textsFromJSONC {
      // json-c keeps a parsed double's text as its userdata (`json_object_new_double_s`).
      if json_object_get_type(object) == json_type_double,
        let text = json_object_get_userdata(object)
      {
        return body(UnsafeRawBufferPointer(start: text, count: strlen(text)))
      }
      var digits = String(json_object_get_int64(object))
      return digits.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    switch numbers[object] {
    case .source(let range):
      return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    case .printed(var text): return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    case nil:
      var zero = "0"
      return zero.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
  }

  private func stringBytes(_ object: OpaquePointer) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(
      start: json_object_get_string(object), count: Int(json_object_get_string_len(object)))
  }

  private func keyBytes(_ key: UnsafePointer<CChar>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: key, count: strlen(key))
  }

  /// The object as a `JSONValue`.
  func value(_ object: OpaquePointer?) -> JSONValue {
    guard let object else { return .null }
    switch json_object_get_type(object) {
    case json_type_boolean: return .bool(json_object_get_boolean(object) != 0)
    case json_type_int, json_type_double:
      return .number(withNumberText(object) { String(decoding: $0, as: UTF8.self) })
    case json_type_string: return .string(String(decoding: stringBytes(object), as: UTF8.self))
    case json_type_array:
      return .array(
        (0..<json_object_array_length(object)).map { value(json_object_array_get_idx(object, $0)) })
    case json_type_object:
      return .object(allMembers(of: object).map { (String(cString: $0.key), value($0.value)) })
    default: return .null
    }
  }

  /// Writes the object canonically, keys sorted by their bytes.
  func write(_ object: OpaquePointer?, to writer: inout CanonicalWriter, depth: Int = 0) {
    guard let object else { return writer.null() }
    switch json_object_get_type(object) {
    case json_type_boolean: writer.bool(json_object_get_boolean(object) != 0)
    case json_type_int, json_type_double: withNumberText(object) { writer.number($0) }
    case json_type_string: writer.string(stringBytes(object))
    case json_type_array:
      let count = json_object_array_length(object)
      writer.array(0..<count) {
        write(json_object_array_get_idx(object, $1), to: &$0, depth: depth + 1)
      }
    case json_type_object:
      withMembers(of: object, depth: depth) { members in
        if !zip(members, members.dropFirst()).allSatisfy({ strcmp($0.key, $1.key) < 0 }) {
          members.sort { strcmp($0.key, $1.key) < 0 }
        }
        writer.object(members, key: { keyBytes($0.key) }) {
          write($1.value, to: &$0, depth: depth + 1)
        }
      }
    default: writer.null()
    }
  }
}
