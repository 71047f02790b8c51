import Foundation
import SwiftParser
import SwiftSyntax

@testable @_spi(Tooling) import SnapshotTooling
@testable import SnapshotsSwiftReader

/// swift-syntax's answer to what `SwiftDeclarations` reads: every function declaration, as
/// `name(label:…)` with backticks off (as `#function` spells it), counted.
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
      let backticks = CharacterSet(charactersIn: "`")
      let name = node.name.text.trimmingCharacters(in: backticks)
      let labels = node.signature.parameterClause.parameters.map {
        $0.firstName.text.trimmingCharacters(in: backticks) + ":"
      }
      names[name + "(" + labels.joined() + ")", default: 0] += 1
      return .visitChildren
    }
  }
}

extension SwiftSyntaxOracle {
  /// swift-syntax's answer to what `SwiftCalls` reads: every function call, in the same shape;
  /// `nil` when swift-syntax does not parse `source` cleanly.
  static func calls(in source: String) -> [SwiftCalls.Call]? {
    let tree = Parser.parse(source: source)
    guard !tree.hasError else { return nil }
    let calls = Calls(viewMode: .sourceAccurate)
    calls.walk(tree)
    return calls.found.sorted { $0.calleeEnd < $1.calleeEnd }
  }

  private final class Calls: SyntaxVisitor {
    var found: [SwiftCalls.Call] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let name = Self.name(of: node.calledExpression)
      let closures =
        ([node.trailingClosure].compactMap { $0 }.map { Self.closure($0) })
        + node.additionalTrailingClosures.map {
          var closure = Self.closure($0.closure)
          closure.label = $0.label.text
          closure.labelStart = $0.label.positionAfterSkippingLeadingTrivia.utf8Offset
          return closure
        }
      found.append(
        SwiftCalls.Call(
          name: name?.text, nameStart: name?.positionAfterSkippingLeadingTrivia.utf8Offset,
          start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
          calleeEnd: node.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset,
          leftParen: node.leftParen?.positionAfterSkippingLeadingTrivia.utf8Offset,
          rightParenEnd: node.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset,
          arguments: node.arguments.map(Self.argument),
          trailingClosure: closures.first,
          additionalTrailingClosures: Array(closures.dropFirst()),
          end: node.endPositionBeforeTrailingTrivia.utf8Offset))
      return .visitChildren
    }

    static func name(of callee: ExprSyntax) -> TokenSyntax? {
      if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName }
      if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
      if let generic = callee.as(GenericSpecializationExprSyntax.self) {
        return name(of: generic.expression)
      }
      return nil
    }

    static func argument(_ node: LabeledExprSyntax) -> SwiftCalls.Argument {
      let expression = node.expression
      return SwiftCalls.Argument(
        label: node.label?.text, start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
        expressionStart: expression.positionAfterSkippingLeadingTrivia.utf8Offset,
        expressionEnd: expression.endPositionBeforeTrailingTrivia.utf8Offset,
        end: node.endPositionBeforeTrailingTrivia.utf8Offset,
        closure: expression.as(ClosureExprSyntax.self).map(closure),
        literal: expression.as(StringLiteralExprSyntax.self).map(literal),
        elements: expression.as(ArrayExprSyntax.self).map { array in
          array.elements.map { element in
            SwiftCalls.Element(
              start: element.positionAfterSkippingLeadingTrivia.utf8Offset,
              expressionEnd: element.expression.endPositionBeforeTrailingTrivia.utf8Offset,
              end: element.endPositionBeforeTrailingTrivia.utf8Offset,
              literal: element.expression.as(StringLiteralExprSyntax.self).map(literal))
          }
        })
    }

    static func closure(_ node: ClosureExprSyntax) -> SwiftCalls.Closure {
      var only: StringLiteralExprSyntax?
      if node.signature == nil, node.statements.count == 1, let statement = node.statements.first,
        statement.semicolon == nil
      {
        only = statement.item.as(StringLiteralExprSyntax.self)
      }
      return SwiftCalls.Closure(
        label: nil, labelStart: nil, start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
        end: node.endPositionBeforeTrailingTrivia.utf8Offset, literal: only.map(literal))
    }

    static func literal(_ node: StringLiteralExprSyntax) -> SwiftCalls.Literal {
      SwiftCalls.Literal(
        start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
        end: node.endPositionBeforeTrailingTrivia.utf8Offset, value: node.representedLiteralValue)
    }
  }
}

extension SwiftSyntaxOracle {
  /// swift-syntax's operators, by UTF-8 offset: each one's text, and whether it is prefix,
  /// postfix or binary.
  ///
  /// `nil` when swift-syntax does not parse `source` cleanly. Angle brackets, `=` and `->` are
  /// tokens of their own there, and left out.
  static func operators(in source: String) -> [Int: (
    text: String, fixity: SwiftTokens.Token.Fixity
  )]? {
    let tree = Parser.parse(source: source)
    guard !tree.hasError else { return nil }
    var found: [Int: (text: String, fixity: SwiftTokens.Token.Fixity)] = [:]
    for token in tree.tokens(viewMode: .sourceAccurate) {
      let fixity: SwiftTokens.Token.Fixity
      switch token.tokenKind {
      case .binaryOperator, .infixQuestionMark: fixity = .binary
      case .prefixOperator, .prefixAmpersand: fixity = .prefix
      case .postfixOperator, .postfixQuestionMark, .exclamationMark: fixity = .postfix
      default: continue
      }
      found[token.positionAfterSkippingLeadingTrivia.utf8Offset] = (token.text, fixity)
    }
    return found
  }
}

extension SwiftSyntaxOracle {
  /// Each Swift file under `folder` (none inside a `.build`), with its text: what the
  /// comparisons walk, this repository's sources or a corpus.
  static func forEachSource(under folder: URL, _ body: (URL, String) -> Void) {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "swift", !url.path.contains("/.build"),
        let data = FileManager.default.contents(atPath: url.path)
      else { continue }
      body(url, String(decoding: data, as: UTF8.self))
    }
  }

  /// The folder of real Swift files `SNAPSHOTS_SWIFT_CORPUS` names; without one, `suite` says
  /// its corpus comparison is skipped.
  static func corpus(for suite: String) -> URL? {
    guard let folder = ProcessInfo.processInfo.environment["SNAPSHOTS_SWIFT_CORPUS"] else {
      print("\(suite): no SNAPSHOTS_SWIFT_CORPUS; the corpus comparison is skipped")
      return nil
    }
    return URL(fileURLWithPath: folder)
  }

  /// This repository, from a test file two folders below it (`Tests/<Target>/<File>.swift`).
  static func repository(_ testFile: String = #filePath) -> URL {
    URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}
