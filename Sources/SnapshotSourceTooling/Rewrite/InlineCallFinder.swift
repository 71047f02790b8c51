import SwiftSyntax

/// Finds the calls of the named functions in a source file.
///
/// Each comes with the line and column the compiler gives `#line` and `#column` at it (where
/// the call starts). The empty name stands for every call: records of helpers that give no
/// name are matched by position alone.
final class InlineCallFinder: SyntaxVisitor {
  struct Found {
    var line: Int
    var column: Int
    /// Other columns that name this call: the function name's (in `helper.assert(…)`) and the
    /// argument list's, which is what `#column` gives a default argument.
    /// (The column right after the callee is where swift-snapshot-testing's helpers point.)
    var otherColumns: [Int]
    var call: FunctionCallExprSyntax
  }

  private let names: Set<String>
  private let converter: SourceLocationConverter
  private(set) var found: [Found] = []
  /// Indices into `found` by starting line.
  private var byLine: [Int: [Int]] = [:]

  init(names: Set<String>, converter: SourceLocationConverter) {
    self.names = names
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let name = InlineCallFinder.name(of: node.calledExpression)
    if names.contains("") || name.map({ names.contains($0.text) }) == true {
      let start = converter.location(for: node.positionAfterSkippingLeadingTrivia)
      let others = [
        name?.positionAfterSkippingLeadingTrivia, node.leftParen?.position,
        node.calledExpression.endPosition,
      ].compactMap { $0 }.map { converter.location(for: $0).column }
      byLine[start.line, default: []].append(found.count)
      found.append(Found(line: start.line, column: start.column, otherColumns: others, call: node))
    }
    return .visitChildren
  }

  /// The called function's name token: `f` in `f(…)`, `x.f(…)` and `f<T>(…)`.
  static func name(of callee: ExprSyntax) -> TokenSyntax? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
    if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
    if let generic = callee.as(GenericSpecializationExprSyntax.self) {
      return name(of: generic.expression)
    }
    return nil
  }

  /// The index in `found` of the call a record points at: the one starting at its line and
  /// column, or else the only call of that name on its line (a nameless record needs the
  /// position).
  func call(line: Int, column: Int, name: String) -> Int? {
    let onLine = (byLine[line] ?? []).filter {
      name.isEmpty || InlineCallFinder.name(of: found[$0].call.calledExpression)?.text == name
    }
    if let exact = onLine.first(where: {
      found[$0].column == column || found[$0].otherColumns.contains(column)
    }) {
      return exact
    }
    return onLine.count == 1 && !name.isEmpty ? onLine[0] : nil
  }
}
