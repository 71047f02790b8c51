/// Tells texts apart that differ only in their line endings, which a line diff would show as
/// every line removed and added again, identical on screen.
enum LineEndings {
  /// What differs, when the texts are the same but for `\r\n` against `\n`; else `nil`.
  static func difference(reference: String, actual: String) -> String? {
    let referenceCRLF = reference.utf8.contains(0x0D)
    let actualCRLF = actual.utf8.contains(0x0D)
    guard referenceCRLF != actualCRLF,
      normalized(reference) == normalized(actual)
    else { return nil }
    return "The texts differ only in their line endings: the reference has "
      + (referenceCRLF ? "CRLF (\\r\\n)" : "LF (\\n)") + ", the actual value "
      + (actualCRLF ? "CRLF (\\r\\n)" : "LF (\\n)")
      + ". Something converted the reference (git's autocrlf or an editor): add "
      + "`**/__Snapshots__/** -text` to .gitattributes, or re-record it."
  }

  private static func normalized(_ text: String) -> String {
    text.replacing("\r\n", with: "\n")
  }
}
