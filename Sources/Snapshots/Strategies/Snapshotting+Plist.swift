import Foundation

extension Snapshotting where Value: Encodable, Format == String {
  /// Any `Encodable` value as an XML property list, compared line by line.
  ///
  /// ```swift
  /// assertSnapshot(of: settings, as: .plist)
  /// ```
  ///
  /// Written by Foundation's `PropertyListEncoder`, so references recorded by
  /// swift-snapshot-testing's `.plist` keep passing.
  public static var plist: Snapshotting {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return .plist(encoder)
  }

  /// A property list written by `encoder`; an error it throws fails the assertion.
  public static func plist(_ encoder: PropertyListEncoder) -> Snapshotting {
    Snapshotting(pathExtension: "plist", diffing: .lines) { value in
      Async(catching: { String(decoding: try encoder.encode(value), as: UTF8.self) })
    }
  }
}
