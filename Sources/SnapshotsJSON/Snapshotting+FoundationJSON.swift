import Foundation
import Snapshots

extension Snapshotting where Value: Encodable, Format == String {
  /// An `Encodable` value encoded by `encoder` (its date, data and key strategies), recorded in
  /// the canonical form and compared as JSON, like ``json``.
  ///
  /// ```swift
  /// let encoder = JSONEncoder()
  /// encoder.dateEncodingStrategy = .iso8601
  /// assertSnapshot(of: event, as: .json(encoder))
  /// ```
  public static func json(_ encoder: JSONEncoder) -> Snapshotting {
    Snapshotting<Data, String>.json.asyncPullback { value in
      Async(catching: { try encoder.encode(value) })
    }
  }
}

extension Snapshotting where Format == String {
  /// A value `JSONSerialization` can write (`[String: Any]`, `[Any]`, strings, numbers,
  /// booleans, `NSNull`), recorded in the canonical form and compared as JSON.
  ///
  /// ```swift
  /// assertSnapshot(of: ["id": 1, "tags": ["a"]] as [String: Any], as: .json)
  /// ```
  ///
  /// A value it cannot write fails the assertion instead of crashing.
  public static var json: Snapshotting {
    Snapshotting<Data, String>.json.asyncPullback { value in
      Async(catching: {
        guard JSONSerialization.isValidJSONObject([value]) else {
          throw JSONSerializationError(type: "\(type(of: value))")
        }
        return try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
      })
    }
  }
}

/// A value `JSONSerialization` cannot write.
struct JSONSerializationError: Error, CustomStringConvertible {
  var type: String
  var description: String {
    "\(type) is not a JSON value (JSONSerialization takes dictionaries with string keys, arrays, strings, numbers, booleans and NSNull)"
  }
}
