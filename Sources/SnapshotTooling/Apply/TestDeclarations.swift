import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// The functions each test source declares, by the hash of the source's text.
///
/// How many times each is declared (``SwiftDeclarations/functions(in:)``), kept across
/// applies: a review or an `--accept` that applies thousands of changes one at a time reads a
/// source's declarations once, and again only once its text changes. Copies share what they
/// know.
struct TestDeclarations: Sendable {
  private let byText = Locked<[String: [String: Int]]>([:])

  /// The declarations of a source whose bytes are `text` and whose hash is `hash`.
  func of(_ text: Data, hash: String) -> [String: Int] {
    if let known = byText.withLock({ $0[hash] }) { return known }
    let declared = SwiftDeclarations.functions(in: String(decoding: text, as: UTF8.self))
    byText.withLock { $0[hash] = declared }
    return declared
  }
}
