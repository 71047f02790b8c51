/// Tells a test (and a parameterized test's case) apart from every other, without making text:
/// a Swift Testing test by its name and place, an XCTest test by its name.
///
/// Described only when a message names it, `dump() at App/CardTests.swift:12:4 (EUR)`: every
/// assertion has one, and building that text for each is a cost (Benchmarks/README.md).
struct TestIdentity: Equatable, Sendable, CustomStringConvertible {
  var name: String
  /// Where a Swift Testing test is declared; `nil` for others.
  var fileID: String?
  var line = 0
  var column = 0
  /// A parameterized test case's arguments, described.
  var arguments: [String] = []

  var description: String {
    var text = name
    if let fileID { text += " at \(fileID):\(line):\(column)" }
    if !arguments.isEmpty { text += " (" + arguments.joined(separator: ", ") + ")" }
    return text
  }
}
