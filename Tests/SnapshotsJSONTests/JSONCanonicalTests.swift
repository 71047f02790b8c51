import Foundation
import Snapshots
import SnapshotsJSON
import Testing

/// The canonical form, checked against this package's own references.
@Suite struct JSONCanonicalTests {
  struct User: Encodable {
    var name = "Ann Example"
    var id = 42
    var tags = ["b", "a"]
    var address: [String: String] = ["zip": "1000", "city": "Zürich"]
    var empty: [Int] = []
    var nothing: [String: Int] = [:]
    var url = "https://example.com/a/b"
    var note = "tab\there \"quoted\" \\ and \u{1}"
    var score = 1.5
  }

  @Test func encodableValue() {
    assertSnapshot(of: User(), as: .json)
  }

  @Test func rawBodies() {
    let body = #"{"z": [3, 2.50, 1e3], "a": {"nested": [{}, []]}, "b": null, "c": true}"#
    assertSnapshot(of: Data(body.utf8), as: .json)
    assertSnapshot(of: body, as: .json)
  }

  @Test func canonicalTextIsExact() throws {
    let value = try JSONValue(parsing: Array(#"{"b":[],"a":{"é":"x/y","\u0007":1}}"#.utf8))
    #expect(
      value.canonicalText == """
        {
          "a": {
            "\\u0007": 1,
            "é": "x/y"
          },
          "b": []
        }

        """)
  }
}
