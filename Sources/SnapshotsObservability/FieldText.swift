#if Observability
  import Logging
  import Snapshots
  import Tracing

  /// How log metadata and span attributes are written: `{name=value, …}` sorted by name, so
  /// that a dictionary's order never shows; the value of a name that ``SecretNames`` names is
  /// `<redacted>`, at any depth, and so is a secret a text value carries (a query's parameter).
  ///
  /// A value is quoted when it is empty or holds a space, a quote, `=`, a comma, a brace, a
  /// bracket or a control character, so that a line reads back one way.
  ///
  /// One is made for each snapshot: it keeps what it learned of each name, and is never shared
  /// between threads.
  struct FieldText {
    let secrets: SecretNames
    /// Whether each name met so far is a secret (a capture repeats a few names thousands of
    /// times), and each text that may carry one as it is written.
    private let known = Known()

    private final class Known {
      var secret: [String: Bool] = [:]
      var written: [String: String] = [:]
    }

    init(secrets: SecretNames) { self.secrets = secrets }

    func isSecret(_ name: String) -> Bool {
      if let secret = known.secret[name] { return secret }
      let secret = secrets.contains(name)
      known.secret[name] = secret
      return secret
    }

    /// A field's value, whatever carried it.
    indirect enum Value {
      case text(String)
      case list([Value])
      case fields([(name: String, value: Value)])
    }

    /// Text with the secrets it carries itself replaced: a URL's user information, a query's or
    /// a form's parameters, JSON members (`url.query=token=…`, a message that quotes a request).
    func withoutSecrets(_ text: String) -> String {
      // Only a `=` (a parameter) or a `:` (a JSON member, a URL) can carry one; most values
      // have neither, and are read no further.
      guard text.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") })
      else { return text }
      // A trace's text is written twice (its siblings' order, then the text).
      if let written = known.written[text] { return written }
      let written = secrets.withoutSecrets(inBody: text)
      known.written[text] = written
      return written
    }

    /// ` {a=1, b=2}`, or nothing when there are no fields.
    func suffix(_ fields: [(name: String, value: Value)]) -> String {
      fields.isEmpty ? "" : " " + text(of: .fields(fields))
    }

    /// `name=value` for each field, sorted by name.
    func lines(_ fields: [(name: String, value: Value)]) -> [String] {
      fields.sorted { $0.name < $1.name }.map { field in
        let value = isSecret(field.name) ? SecretNames.placeholder : text(of: field.value)
        return Self.quoted(field.name) + "=" + value
      }
    }

    func text(of value: Value) -> String {
      switch value {
      case .text(let text): return Self.quoted(withoutSecrets(text))
      case .list(let values): return "[" + values.map(text(of:)).joined(separator: ", ") + "]"
      case .fields(let fields): return "{" + lines(fields).joined(separator: ", ") + "}"
      }
    }

    /// `text` as it is, or in quotes with `\`, `"` and control characters escaped.
    static func quoted(_ text: String) -> String {
      // Byte by byte: every metadata value of every entry is read. A byte that may start a C1
      // control or a noncharacter (`C2`, `EF`) is looked at again as a scalar.
      var plain = !text.isEmpty
      var mayHoldControl = false
      for byte in text.utf8 {
        switch byte {
        case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: ","),
          UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
          UInt8(ascii: "\\"):
          plain = false
        case 0xC2, 0xEF:
          mayHoldControl = true
          continue
        default: continue
        }
        break
      }
      if plain, mayHoldControl {
        plain = !text.unicodeScalars.contains(where: ControlCharacters.needsEscape)
      }
      return plain ? text : "\"" + escaped(text, quotes: true) + "\""
    }

    /// `text` on one line: line feeds and tabs escaped, and every control character the toolkit
    /// never writes as itself (``ControlCharacters``: a NUL, an escape, a C1 control).
    static func escaped(_ text: String, quotes: Bool = false) -> String {
      guard
        text.utf8.contains(where: { byte in
          byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF
            || quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
        })
      else { return text }
      var written = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": written += "\\n"
        case "\t": written += "\\t"
        case "\\" where quotes: written += "\\\\"
        case "\"" where quotes: written += "\\\""
        case _ where ControlCharacters.needsEscape(scalar):
          written += ControlCharacters.escaped(String(scalar))
        default: written.unicodeScalars.append(scalar)
        }
      }
      return written
    }
  }

  extension FieldText.Value {
    init(_ value: Logger.MetadataValue) {
      switch value {
      case .string(let text): self = .text(text)
      case .stringConvertible(let value): self = .text(value.description)
      case .array(let values): self = .list(values.map(Self.init))
      case .dictionary(let metadata): self = .fields(Self.fields(metadata))
      }
    }

    static func fields(_ metadata: Logger.Metadata) -> [(name: String, value: Self)] {
      metadata.map { ($0.key, Self($0.value)) }
    }

    init(_ attribute: SpanAttribute) {
      switch attribute {
      case .int32(let value): self = .text(String(value))
      case .int64(let value): self = .text(String(value))
      case .double(let value): self = .text(String(value))
      case .bool(let value): self = .text(String(value))
      case .string(let value): self = .text(value)
      case .stringConvertible(let value): self = .text(value.description)
      case .int32Array(let values): self = .list(values.map { .text(String($0)) })
      case .int64Array(let values): self = .list(values.map { .text(String($0)) })
      case .doubleArray(let values): self = .list(values.map { .text(String($0)) })
      case .boolArray(let values): self = .list(values.map { .text(String($0)) })
      case .stringArray(let values): self = .list(values.map { .text($0) })
      case .stringConvertibleArray(let values): self = .list(values.map { .text($0.description) })
      default: self = .text("\(attribute)")
      }
    }

    static func fields(_ attributes: SpanAttributes) -> [(name: String, value: Self)] {
      var fields: [(name: String, value: Self)] = []
      attributes.forEach { fields.append(($0, Self($1))) }
      return fields
    }
  }
#endif
