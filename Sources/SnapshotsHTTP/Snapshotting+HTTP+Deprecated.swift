import HTTPTypes
import Snapshots

// Spellings of earlier versions, kept so that their tests compile; each says what replaces it.

extension Snapshotting where Value == HTTPExchange, Format == String {
  @available(*, deprecated, message: "use http(secrets: .default.keeping(\"authorization\"))")
  public static func http(
    revealing: Set<HTTPField.Name>, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    http(secrets: .keeping(revealing), filters: filters)
  }
}

extension Snapshotting where Value == HTTPMessage, Format == String {
  @available(*, deprecated, message: "use http(secrets: .default.keeping(\"authorization\"))")
  public static func http(
    revealing: Set<HTTPField.Name>, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    http(secrets: .keeping(revealing), filters: filters)
  }
}

extension Snapshotting where Value == HTTPRequest, Format == String {
  @available(*, deprecated, message: "use http(secrets: .default.keeping(\"authorization\"))")
  public static func http(
    revealing: Set<HTTPField.Name>, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    http(secrets: .keeping(revealing), filters: filters)
  }
}

extension Snapshotting where Value == HTTPResponse, Format == String {
  @available(*, deprecated, message: "use http(secrets: .default.keeping(\"authorization\"))")
  public static func http(
    revealing: Set<HTTPField.Name>, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    http(secrets: .keeping(revealing), filters: filters)
  }
}

extension SecretNames {
  /// The default list, but for these fields: what `revealing:` meant.
  fileprivate static func keeping(_ fields: Set<HTTPField.Name>) -> SecretNames {
    fields.reduce(.default) { $0.keeping($1.rawName) }
  }
}
