import Foundation
import SwiftParser
import SwiftSyntax

/// swift-syntax's answer to what `SwiftDeclarations` reads: every function declaration, as
/// `name(label:…)` with the name's backticks off, counted.
///
/// Shared, through links, by the tests and the fuzzer that hold the lexer to it.
enum SwiftSyntaxOracle {
  /// The functions `source` declares; `nil` when swift-syntax does not parse it cleanly.
  static func functions(in source: String) -> [String: Int]? {
    let tree = Parser.parse(source: source)
    guard !tree.hasError else { return nil }
    let names = FunctionNames(viewMode: .sourceAccurate)
    names.walk(tree)
    return names.names
  }

  private final class FunctionNames: SyntaxVisitor {
    var names: [String: Int] = [:]
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      let name = node.name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
      names[name + "(" + labels.joined() + ")", default: 0] += 1
      return .visitChildren
    }
  }
}
