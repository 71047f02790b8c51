import Foundation
import Snapshots
import TestSupport
import Testing

@testable import SnapshotsJSON

/// Redactions replace values in the recording and in the comparison, and never silently miss.
@Suite struct JSONRedactionTests {
  let order = #"""
    {"id": "b7c1", "createdAt": "2026-11-22T10:00:00Z",
     "items": [{"sku": "A-1", "qty": 2, "createdAt": "2026-11-21T09:00:00.123Z"},
               {"sku": "B-2", "qty": 1}],
     "customer": {"name": "Ann", "created at": 5}}
    """#

  func redacted(_ redactions: [JSONRedaction]) throws -> String {
    try JSONCanonicalizer(redactions).canonicalText(of: Array(order.utf8))
  }

  @Test func selectorsOfEveryKind() throws {
    let text = try redacted([
      "$.id", "$..createdAt", "$.items[*].sku", "$.items[1].qty", #"$.customer["created at"]"#,
    ])
    #expect(
      text == """
        {
          "createdAt": "[redacted]",
          "customer": {
            "created at": "[redacted]",
            "name": "Ann"
          },
          "id": "[redacted]",
          "items": [
            {
              "createdAt": "[redacted]",
              "qty": 2,
              "sku": "[redacted]"
            },
            {
              "qty": "[redacted]",
              "sku": "[redacted]"
            }
          ]
        }

        """)
  }

  @Test func checksAssertTheKindOfWhatIsRedacted() throws {
    let text = try redacted([
      .check("$..createdAt", .iso8601Date), .check("$.items[0].qty", .number),
    ])
    #expect(text.contains(#""createdAt": "[redacted: ISO-8601 date]""#))
    #expect(text.contains(#""qty": "[redacted: number]""#))
    #expect(throws: JSONRedactor.Failure.self) { try redacted([.check("$.id", .uuid)]) }
    do {
      _ = try redacted([.check("$.id", .uuid)])
    } catch {
      #expect("\(error)" == #"$.id: "b7c1" fails the check: UUID"#)
    }
  }

  @Test func aSelectorThatMatchesNothingFails() {
    #expect {
      try redacted(["$.idd"])
    } throws: { error in
      "\(error)" == "the redaction $.idd matched nothing: check the selector for a typo"
    }
  }

  @Test func malformedSelectorsAreRefused() {
    #expect { try redacted(["id"]) } throws: {
      "\($0)".hasPrefix("invalid JSON selector id at character 1")
    }
    #expect { try redacted(["$.items["]) } throws: { $0 is JSONSelector.ParseError }
  }

  @Test func referencesWithRealValuesStillPass() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(order.replacingOccurrences(of: "b7c1", with: "zzzz").utf8)
      .write(to: folder.file("order.1.json"))
    let strategy = Snapshotting<String, String>.json(redacting: ["$.id"])
    #expect(
      verifySnapshot(
        of: order, as: strategy, record: .never, snapshotDirectory: folder.path, testName: "order")
        == nil)
  }

  /// `.secrets` redacts by the names `.http` uses, at any depth and in arrays, matches nothing
  /// without failing, and lets a reference that holds the secret in clear pass.
  @Test func secretsByTheirNames() throws {
    let token = #"""
      {"access_token": "at-1", "token_type": "Bearer", "id_token": null,
       "accounts": [{"name": "a", "apiKey": {"v": "k-1"}, "pin": 1234}]}
      """#
    let text = try JSONCanonicalizer([.secrets(.default.adding("pin"))])
      .canonicalText(of: Array(token.utf8))
    #expect(
      text == """
        {
          "access_token": "[redacted]",
          "accounts": [
            {
              "apiKey": "[redacted]",
              "name": "a",
              "pin": "[redacted]"
            }
          ],
          "id_token": null,
          "token_type": "Bearer"
        }

        """)
    #expect(try redacted([.secrets]).contains(#""id": "b7c1""#))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(token.utf8).write(to: folder.file("token.1.json"))
    #expect(
      verifySnapshot(
        of: token, as: .json(redacting: [.secrets]), record: .never,
        snapshotDirectory: folder.path, testName: "token") == nil)
  }
}
