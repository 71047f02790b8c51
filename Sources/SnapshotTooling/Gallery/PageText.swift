import Foundation
@_spi(Tooling) import Snapshots

/// Text as the gallery page writes it: as HTML, and as JSON in its data script.
///
/// Both escape by runs: `strcspn` finds the bytes to replace, and the runs between them are
/// copied whole, into a string measured first. A page of 100,000 snapshots escapes tens of
/// megabytes, which a loop over each byte, or an append of each run to an array, takes seconds
/// over in the debug build the plugin runs (`Benchmarks/README.md`).
enum PageText {
  /// Text as HTML: its markup characters as references, its control characters as the toolkit
  /// shows them everywhere (`ControlCharacters`), since HTML shows none of them.
  static func html(_ text: String) -> String {
    Self.replacing(in: ControlCharacters.escaped(text), Self.markup) { byte, _ in
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\""): "&quot;"
      default: "&#39;"
      }
    }
  }

  /// Fields, already JSON, as a JSON object.
  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// Text as a JSON string in the page's data script.
  ///
  /// Its control characters are escaped already (``ControlCharacters``). `</` and `<!` are
  /// spelt `<\/` and `\u003c!`, so that no `</script>` or `<!--` in a snapshot ends the script
  /// or changes how the browser reads it.
  static func json(_ text: String) -> String {
    "\""
      + Self.replacing(in: text, Self.jsonSpecial) { byte, next in
        switch (byte, next) {
        case (UInt8(ascii: "<"), UInt8(ascii: "/")): "<\\"
        case (UInt8(ascii: "<"), UInt8(ascii: "!")): "\\u003c"
        case (UInt8(ascii: "<"), _): "<"
        case (UInt8(ascii: "\""), _): "\\\""
        case (UInt8(ascii: "\\"), _): "\\\\"
        case (UInt8(ascii: "\t"), _): "\\t"
        default: "\\n"
        }
      } + "\""
  }

  /// The bytes HTML escapes, as a C string for `strcspn`.
  private static let markup = Array("&<>\"'\0".utf8).map { CChar(bitPattern: $0) }

  /// The bytes JSON escapes in text whose control characters are escaped, and `<` (looked at
  /// with the byte after it), as a C string for `strcspn`.
  private static let jsonSpecial = Array("\"\\<\t\n\0".utf8).map { CChar(bitPattern: $0) }

  /// `text` (which holds no NUL) with each byte of `special` replaced by what `replacement`
  /// spells of it, given the byte after it.
  private static func replacing(
    in text: String, _ special: [CChar], with replacement: (UInt8, UInt8) -> StaticString
  ) -> String {
    text.withCString { source in
      // Calls `write` with each piece of the result, in order.
      func pieces(_ write: (UnsafeRawPointer, Int) -> Void) {
        var cursor = source
        while true {
          let run = strcspn(cursor, special)
          write(cursor, run)
          cursor += run
          guard cursor.pointee != 0 else { return }
          let spelling = replacement(UInt8(bitPattern: cursor[0]), UInt8(bitPattern: cursor[1]))
          write(spelling.utf8Start, spelling.utf8CodeUnitCount)
          cursor += 1
        }
      }
      var count = 0
      pieces { _, length in count += length }
      return String(unsafeUninitializedCapacity: count) { output in
        var written = 0
        guard let start = output.baseAddress else { return 0 }
        pieces { piece, length in
          memcpy(start + written, piece, length)
          written += length
        }
        return written
      }
    }
  }
}
