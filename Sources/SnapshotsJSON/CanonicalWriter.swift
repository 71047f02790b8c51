/// Writes JSON in the canonical layout, fed by whatever walks a tree (a `JSONValue` or json-c's
/// objects): the layout's rules live here once.
///
/// Two spaces of indentation, `"key": value`, one element per line, `{}` and `[]` for empty
/// containers, non-ASCII kept as UTF-8, `/` not escaped, control characters escaped. Compact
/// mode writes the same tokens with no whitespace.
struct CanonicalWriter {
  private(set) var output: [UInt8] = []
  let pretty: Bool
  private var indent = 0
  private var first = true

  init(pretty: Bool, capacity: Int = 0) {
    self.pretty = pretty
    output.reserveCapacity(capacity)
  }

  /// Ends the document with its final newline.
  mutating func finish() { output.append(0x0A) }

  mutating func null() { value("null".utf8) }
  mutating func bool(_ flag: Bool) { value((flag ? "true" : "false").utf8) }
  mutating func number(_ text: some Sequence<UInt8>) { value(text) }

  mutating func string(_ bytes: some Sequence<UInt8>) {
    separate()
    quote(bytes)
  }

  /// A string from a contiguous buffer: runs that need no escape are copied whole.
  mutating func string(_ bytes: UnsafeRawBufferPointer) {
    separate()
    quote(bytes)
  }

  /// `bytes` in quotes, escaped, copying the runs that need no escape whole.
  private mutating func quote(_ raw: UnsafeRawBufferPointer) {
    output.append(UInt8(ascii: "\""))
    // Typed, so that each run is appended as one copy.
    let bytes = raw.assumingMemoryBound(to: UInt8.self)
    var start = 0
    var index = StringRun.end(in: bytes, from: 0)
    while index < bytes.count {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      escape(bytes[index])
      start = index + 1
      index = StringRun.end(in: bytes, from: start)
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    output.append(UInt8(ascii: "\""))
  }

  /// Writes an array, each element through `write`.
  mutating func array<Elements: Collection>(
    _ elements: Elements, _ write: (inout CanonicalWriter, Elements.Element) -> Void
  ) {
    open(UInt8(ascii: "["), isEmpty: elements.isEmpty)
    guard !elements.isEmpty else { return }
    for element in elements { write(&self, element) }
    close(UInt8(ascii: "]"))
  }

  /// Writes an object whose members are already in canonical order, each value through `write`.
  mutating func object<Members: Collection, Key: Sequence<UInt8>>(
    _ members: Members, key: (Members.Element) -> Key,
    _ write: (inout CanonicalWriter, Members.Element) -> Void
  ) {
    open(UInt8(ascii: "{"), isEmpty: members.isEmpty)
    guard !members.isEmpty else { return }
    for member in members {
      self.key(key(member))
      write(&self, member)
    }
    close(UInt8(ascii: "}"))
  }

  /// Starts an array or object (`bracket` is `[` or `{`); `isEmpty` writes `[]` or `{}` at
  /// once, and then no `close` follows.
  private mutating func open(_ bracket: UInt8, isEmpty: Bool) {
    separate()
    output.append(bracket)
    if isEmpty {
      output.append(bracket + 2)  // `[` + 2 is `]`, `{` + 2 is `}`
    } else {
      indent += 2
      first = true
    }
  }

  private mutating func close(_ bracket: UInt8) {
    indent -= 2
    newline()
    output.append(bracket)
    first = false
  }

  /// An object member's key; its value follows.
  private mutating func key(_ bytes: some Sequence<UInt8>) {
    separate()
    quote(bytes)
    output.append(UInt8(ascii: ":"))
    if pretty { output.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  private var afterKey = false

  private mutating func value(_ bytes: some Sequence<UInt8>) {
    separate()
    output.append(contentsOf: bytes)
  }

  /// The comma and line break before a token, unless it directly follows a key.
  private mutating func separate() {
    if afterKey {
      afterKey = false
      first = false
      return
    }
    if !first { output.append(UInt8(ascii: ",")) }
    if indent > 0 { newline() }
    first = false
  }

  private mutating func newline() {
    guard pretty else { return }
    output.append(0x0A)
    if indent <= Self.spaces.count {
      output.append(contentsOf: Self.spaces[..<indent])
    } else {
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }
  }

  /// Indentation to copy from: a line's spaces are one copy, not one append per space.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)

  private mutating func quote(_ bytes: some Sequence<UInt8>) {
    // Keys read from json-c are contiguous: copied in runs like strings.
    let contiguous: Void? = bytes.withContiguousStorageIfAvailable {
      quote(UnsafeRawBufferPointer($0))
    }
    if contiguous != nil { return }
    output.append(UInt8(ascii: "\""))
    for byte in bytes {
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        output.append(byte)
      } else {
        escape(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The escape for `"`, `\` or a control character.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
    case 0x0A: output.append(contentsOf: #"\n"#.utf8)
    case 0x0D: output.append(contentsOf: #"\r"#.utf8)
    case 0x09: output.append(contentsOf: #"\t"#.utf8)
    case 0x08: output.append(contentsOf: #"\b"#.utf8)
    case 0x0C: output.append(contentsOf: #"\f"#.utf8)
    default:
      let hex = Array("0123456789abcdef".utf8)
      output.append(contentsOf: #"\u00"#.utf8)
      output.append(hex[Int(byte >> 4)])
      output.append(hex[Int(byte & 15)])
    }
  }
}
