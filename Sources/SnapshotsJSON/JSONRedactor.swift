/// Applies redactions to a document.
struct JSONRedactor {
  enum Failure: Error, CustomStringConvertible {
    case unmatched(String)
    case failedCheck(path: String, value: String, check: String)

    var description: String {
      switch self {
      case .unmatched(let selector):
        return "the redaction \(selector) matched nothing: check the selector for a typo"
      case .failedCheck(let path, let value, let check):
        return "\(path): \(value) fails the check: \(check)"
      }
    }
  }

  /// Each redaction with its parsed selector; `nil` for names (``JSONRedaction/secrets``).
  let redactions: [(redaction: JSONRedaction, selector: JSONSelector?)]

  init(_ redactions: [JSONRedaction]) throws(JSONSelector.ParseError) {
    var parsed: [(JSONRedaction, JSONSelector?)] = []
    for redaction in redactions {
      parsed.append(
        (redaction, redaction.secretNames == nil ? try JSONSelector(redaction.selector) : nil))
    }
    self.redactions = parsed
  }

  /// The document with every selected value replaced.
  ///
  /// Strictly, a selector that matches nothing
  /// or a value that fails its check is an error; leniently (for references) both are ignored.
  func redact(_ value: JSONValue, strictly: Bool) throws(Failure) -> JSONValue {
    var document = value
    var failure: Failure?
    for (redaction, selector) in redactions {
      guard let selector else {
        // Names match wherever they are, or nowhere: no typo to catch.
        let names = redaction.secretNames ?? .default
        document = document.redactingSecrets(names, placeholder: redaction.placeholder)
        continue
      }
      let matches = selector.apply(to: &document) { found, path in
        if let check = redaction.check, !check.accepts(found) {
          if failure == nil {
            failure = .failedCheck(path: path, value: found.compactText(), check: check.name)
          }
          return found
        }
        return redaction.placeholder
      }
      if strictly, let failure { throw failure }
      if strictly, matches == 0 { throw .unmatched(redaction.selector) }
      failure = nil
    }
    return document
  }
}
