import Foundation
import Snapshots

extension Snapshotting where Value: Encodable, Format == String {
  /// Any `Encodable` value as canonical JSON, compared as JSON.
  ///
  /// ```swift
  /// assertSnapshot(of: user, as: .json)
  /// ```
  ///
  /// The value is encoded as `JSONEncoder` would encode it (see its default strategies), straight
  /// into the canonical form. Records (keys sorted, two spaces, numbers as encoded):
  ///
  /// ```
  /// {
  ///   "id": 1,
  ///   "name": "Ann"
  /// }
  /// ```
  public static var json: Snapshotting { .json(redacting: []) }

  /// Canonical JSON with some values redacted; see ``JSONRedaction``.
  public static func json(redacting redactions: [JSONRedaction]) -> Snapshotting {
    SimplySnapshotting<String>.jsonText(redacting: redactions).asyncPullback { value in
      Async(catching: {
        guard !redactions.isEmpty else { return try JSONTreeEncoder.canonicalText(value) }
        return try JSONCanonicalizer(redactions).canonicalText(of: JSONTreeEncoder.encode(value))
      })
    }
  }
}

extension Snapshotting where Value == Data, Format == String {
  /// JSON bytes (an HTTP body, a file) as canonical JSON, compared as JSON.
  ///
  /// Bytes that are not JSON fail with the line, column and reason.
  public static var json: Snapshotting { .json(redacting: []) }

  /// JSON bytes with some values redacted; see ``JSONRedaction``.
  public static func json(redacting redactions: [JSONRedaction]) -> Snapshotting {
    SimplySnapshotting<String>.jsonText(redacting: redactions).asyncPullback { data in
      Async(catching: { try JSONCanonicalizer(redactions).canonicalText(of: data) })
    }
  }
}

extension Snapshotting where Value == String, Format == String {
  /// JSON text as canonical JSON, compared as JSON.
  public static var json: Snapshotting { .json(redacting: []) }

  /// JSON text with some values redacted; see ``JSONRedaction``.
  public static func json(redacting redactions: [JSONRedaction]) -> Snapshotting {
    SimplySnapshotting<String>.jsonText(redacting: redactions).asyncPullback { text in
      Async(catching: { try JSONCanonicalizer(redactions).canonicalText(of: Array(text.utf8)) })
    }
  }
}

extension Snapshotting where Value == String, Format == String {
  /// Canonical JSON text stored in a `.json` file and compared as JSON.
  static func jsonText(redacting redactions: [JSONRedaction]) -> Snapshotting {
    var strategy = Snapshotting(pathExtension: "json", diffing: .json(redacting: redactions))
    strategy.changes = { JSONSensitivity(redactions: redactions).changes(of: $0) }
    return strategy
  }
}

/// Parses, redacts and writes the canonical form.
struct JSONCanonicalizer {
  let redactions: [JSONRedaction]

  init(_ redactions: [JSONRedaction]) {
    self.redactions = redactions
  }

  func canonicalText(of bytes: some Collection<UInt8>) throws -> String {
    if redactions.isEmpty { return try JSONValue.canonicalText(parsing: bytes) }
    return try canonicalText(of: JSONValue(parsing: bytes))
  }

  func canonicalText(of document: JSONValue) throws -> String {
    if redactions.isEmpty { return document.canonicalText }
    return try JSONRedactor(redactions).redact(document, strictly: true).canonicalText
  }
}
