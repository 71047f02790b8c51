import Foundation
import FuzzSupport

@testable import SnapshotsSwiftReader

/// The declarations lexer agrees with swift-syntax, its oracle.
///
/// Any text is a Swift file: the lexer never crashes on it, and on every text that swift-syntax
/// parses without an error, the functions it finds (name and labels, in every `#if` branch)
/// are swift-syntax's.
func fuzzSwiftDeclarations(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let source = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  let found = SwiftDeclarations.functions(in: source)
  guard let expected = SwiftSyntaxOracle.functions(in: source) else { return 0 }
  if found != expected {
    fatalError("the lexer found \(found), swift-syntax \(expected), in:\n\(source)")
  }
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzSwiftDeclarations(data, count) }
  }
}
