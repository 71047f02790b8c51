import Foundation
@_spi(Tooling) import Snapshots

extension Diffing where Value == String {
  /// JSON text compared as JSON: key order, whitespace and number spelling do not matter.
  ///
  /// References written by other tools (swift-snapshot-testing's `.json`, for one) pass as long
  /// as they mean the same. A failure lists the changes by path, then a unified diff of the
  /// canonical texts. A reference that is not JSON fails with its line, column and reason.
  /// A reference identical to the actual text passes without being parsed. A reference
  /// re-recorded over one in Foundation's layout (swift-snapshot-testing's) keeps that layout.
  public static func json(redacting redactions: [JSONRedaction] = []) -> Diffing {
    // Stored as `.lines` stores text, so a reference identical to the actual text passes
    // without being parsed.
    var diffing = Diffing.lines
    diffing.fromData = { data in
      guard let text = String(validating: data, as: UTF8.self) else {
        // Parsing says where the bad byte is.
        _ = try JSONValue(parsing: data)
        return String(decoding: data, as: UTF8.self)
      }
      return text
    }
    diffing.diff = { reference, actual in
      guard reference != actual || !UTF8Text.sameBytes(reference, actual) else { return nil }
      return JSONComparison(redactions: redactions).compare(reference, actual)
    }
    diffing.toDataReplacing = { text, reference in
      Data(
        (FoundationLayout.isUsed(by: reference)
          ? FoundationLayout.text(fromCanonical: text) : text).utf8)
    }
    return diffing
  }
}

/// The failure, if any, of comparing two JSON texts.
struct JSONComparison {
  var redactions: [JSONRedaction]

  func compare(_ referenceText: String, _ actualText: String) -> SnapshotDifference? {
    let parsedReference: JSONValue
    do {
      parsedReference = try JSONValue(parsing: Array(referenceText.utf8))
    } catch {
      return SnapshotDifference("The reference is not valid JSON: \(error)")
    }
    do {
      let reference = try JSONRedactor(redactions).redact(parsedReference, strictly: false)
      let actual = try JSONValue(parsing: Array(actualText.utf8))
      if reference.isSemanticallyEqual(to: actual) { return nil }
      let changes = JSONChanges(reference: reference, actual: actual)
      let diff = Diffing<String>.lines.diff(reference.canonicalText, actual.canonicalText)
      return SnapshotDifference(changes.text + (diff.map { "\n\n" + $0.message } ?? ""))
    } catch {
      return SnapshotDifference("Could not compare the JSON: \(error)")
    }
  }
}
