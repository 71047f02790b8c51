import Foundation
import FuzzSupport
import SnapshotTooling
import SwiftParser
import SwiftSyntax

/// The declarations lexer agrees with swift-syntax, its oracle.
///
/// Any text is a Swift file: the lexer never crashes on it, and on every text that swift-syntax
/// parses without an error, the functions it finds (name and labels, in every `#if` branch)
/// are swift-syntax's.
func fuzzSwiftDeclarations(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let source = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  let found = SwiftDeclarations.functions(in: source)
  let tree = Parser.parse(source: source)
  guard !tree.hasError else { return 0 }
  let names = FunctionNames(viewMode: .sourceAccurate)
  names.walk(tree)
  if found != names.names {
    fatalError("the lexer found \(found), swift-syntax \(names.names), in:\n\(source)")
  }
  return 0
}

/// swift-syntax's answer, as `OrphanScan` asked it before the lexer.
final class FunctionNames: SyntaxVisitor {
  var names: [String: Int] = [:]
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
    names[name + "(" + labels.joined() + ")", default: 0] += 1
    return .visitChildren
  }
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzSwiftDeclarations(data, count) }
  }
}
