/// Tells texts apart that differ only in their line endings or their final newline, which a line
/// diff would show as lines removed and added again, identical on screen.
enum LineEndings {
  /// What differs, when the texts are the same but for `\r\n` (or a lone `\r`) against `\n`
  /// and for how many newlines end them; else `nil`.
  static func difference(reference: String, actual: String) -> String? {
    let referenceCR = reference.utf8.contains(0x0D)
    let actualCR = actual.utf8.contains(0x0D)
    // Every failing text comparison asks: a text without a carriage return is taken as it is.
    let reference = referenceCR ? normalized(reference) : reference
    let actual = actualCR ? normalized(actual) : actual
    let (referenceBody, actualBody) = (
      reference.trimmingFinalNewlines(), actual.trimmingFinalNewlines()
    )
    guard referenceBody.utf8.count == actualBody.utf8.count,
      referenceBody.utf8.elementsEqual(actualBody.utf8)
    else { return nil }
    let endings = referenceCR != actualCR
    let finalNewlines = reference.finalNewlineCount != actual.finalNewlineCount
    guard endings || finalNewlines else { return nil }
    var sentences = [
      "The texts differ only in their "
        + [endings ? "line endings" : nil, finalNewlines ? "final newline" : nil]
        .compactMap { $0 }.joined(separator: " and ") + ":"
    ]
    if endings {
      sentences.append(
        "the reference has " + (referenceCR ? "CRLF (\\r\\n)" : "LF (\\n)") + ", the actual value "
          + (actualCR ? "CRLF (\\r\\n)" : "LF (\\n)") + ".")
    }
    if finalNewlines {
      sentences.append(
        "The reference ends with \(newlines(reference.finalNewlineCount)), the actual value with "
          + "\(newlines(actual.finalNewlineCount)).")
    }
    if endings {
      sentences.append(
        "Something converted the reference (git's autocrlf or an editor): add "
          + "`**/__Snapshots__/** -text` to .gitattributes, or re-record it.")
    } else {
      sentences.append("An editor may have added or removed it: re-record the reference.")
    }
    return sentences.joined(separator: " ")
  }

  private static func newlines(_ count: Int) -> String {
    count == 0 ? "no newline" : count == 1 ? "one newline" : "\(count) newlines"
  }

  /// `\r\n` and a lone `\r` as `\n`.
  private static func normalized(_ text: String) -> String {
    text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }
}

extension String {
  fileprivate var finalNewlineCount: Int {
    utf8.reversed().prefix { $0 == 0x0A }.count
  }

  fileprivate func trimmingFinalNewlines() -> Substring {
    self[...].dropLast(finalNewlineCount)
  }
}
