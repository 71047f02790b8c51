/// The words and punctuation the Swift reader knows, each classified once.
///
/// The lexer gives each identifier its ``SwiftKeyword`` (a backticked name has none) and each
/// bracket or separator its ``SwiftPunctuation``, so the reader and the migration compare
/// cases, and ask the sets below which role a word can play. A word here is still a name in
/// most places (`get`, `some`, `package`): the reader decides by where it stands.
package enum SwiftKeyword: String, CaseIterable, Sendable {
  case `func`, `init`, `deinit`, `subscript`, `var`, `let`, `struct`, `class`, `enum`, `protocol`
  case `extension`, actor, `typealias`, `associatedtype`, `import`, `operator`, `precedencegroup`
  case macro, `case`, `static`
  case `private`, `fileprivate`, `internal`, `public`, open, package, final, override, mutating
  case nonmutating, lazy, weak, unowned, dynamic, required, convenience, optional, indirect
  case nonisolated, isolated, consuming, borrowing, distributed, prefix, postfix
  case infix
  case unsafe, borrow, copy, consume, discard, some, any
  case `as`, `is`, `in`, `try`, await, `return`, `throw`, `if`, `else`, `guard`, `while`, `for`
  case `switch`, `default`, `where`, `do`, `repeat`, `defer`, `catch`, `break`, `continue`
  case `fallthrough`, `inout`, `throws`, `rethrows`, async, reasync
  case `true`, `false`, `nil`, `self`, `Self`, `super`, `Any`
  case get, set, willSet, didSet, _read, _modify, unsafeAddress, unsafeMutableAddress
  case safe, nonsending
  /// The older spelling of `consuming`.
  case oldConsuming = "__consuming"

  /// The keyword an identifier's text spells, looked up once per token.
  package static let byText = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

  /// Words that start a declaration.
  package static let declarations: Set<Self> = [
    .func, .`init`, .deinit, .subscript, .var, .let, .struct, .class, .enum, .protocol,
    .extension, .actor, .typealias, .associatedtype, .import, .operator, .precedencegroup, .macro,
    .case, .static,
  ]
  /// Declaration modifiers.
  package static let modifiers: Set<Self> = [
    .private, .fileprivate, .internal, .public, .open, .package, .final, .override, .mutating,
    .nonmutating, .lazy, .weak, .unowned, .dynamic, .required, .convenience, .optional, .indirect,
    .nonisolated, .isolated, .consuming, .borrowing, .oldConsuming, .distributed, .prefix, .postfix,
    .infix, .class, .static,
  ]
  /// A modifier or a declaration's word: what a modifier may stand before.
  package static let startsDeclaration = modifiers.union(declarations)
  /// The statement words a closure's signature may hold: `(x: inout Int) throws -> Int in`.
  package static let inClosureSignatures: Set<Self> = [.throws, .rethrows, .inout]
  /// The modifiers that say who sees a declaration, which migration keeps before an `import`.
  package static let accessLevels: Set<Self> = [
    .public, .internal, .package, .fileprivate, .private,
  ]
  /// The kinds an `import` may name: `import struct X.Y`.
  package static let importKinds: Set<Self> = [
    .struct, .class, .enum, .protocol, .typealias, .func, .var, .let,
  ]
  /// What goes in the parentheses of a modifier: `private(set)`, `nonisolated(unsafe)`.
  package static let modifierArguments: Set<Self> = [.set, .unsafe, .safe, .nonsending]
  /// Words that take the expression after them: `unsafe x`, `some P`.
  package static let prefixes: Set<Self> = [
    .unsafe, .borrow, .copy, .consume, .isolated, .discard, .some, .any,
  ]
  /// Words that are never an expression of their own.
  package static let statements: Set<Self> = [
    .as, .is, .in, .try, .await, .return, .throw, .if, .else, .guard, .while, .for, .switch,
    .case, .default, .where, .do, .repeat, .defer, .catch, .break, .continue, .fallthrough,
    .inout, .throws, .rethrows,
  ]
  /// Literal words: values, with no member to call through.
  package static let literals: Set<Self> = [.true, .false, .nil]
  /// The words before a `{` that opens a block rather than a closure.
  package static let blockOpeners: Set<Self> = [.else, .do, .repeat, .defer]
  /// Words that, first on a line, carry a statement's condition on.
  package static let conditionContinuations: Set<Self> = [.else, .where, .in, .is, .as, .let, .var]
  /// Words that, first on a line, carry a signature or a type on.
  package static let signatureContinuations: Set<Self> = [
    .where, .throws, .rethrows, .async, .reasync,
  ]
  /// A function type's effects, and an accessor's.
  package static let effects: Set<Self> = [.async, .throws, .rethrows]
  /// Accessors of a property or subscript.
  package static let accessors: Set<Self> = [
    .get, .set, .willSet, .didSet, ._read, ._modify, .`init`, .unsafeAddress,
    .unsafeMutableAddress,
  ]
  /// Words that open an accessor block after a property's initial value: `= x { didSet … }`.
  package static let observers: Set<Self> = [.didSet, .willSet, .`init`]
  /// An accessor's modifiers.
  package static let accessorModifiers: Set<Self> = [
    .mutating, .nonmutating, .oldConsuming, .consuming, .borrowing,
  ]
  /// The words swift-syntax's lexer classifies as keywords that are values themselves, after
  /// which a `/` is division rather than a regular expression.
  package static let values: Set<Self> = [.true, .false, .Any, .nil, .self, .Self, .super]
  /// The keywords swift-syntax's lexer classifies as such (the rest are names to it), after
  /// which a regular expression may start unless the word is one of ``values``.
  package static let reserved: Set<Self> = [
    .Any, .as, .associatedtype, .break, .case, .catch, .class, .continue, .default, .defer,
    .deinit, .do, .else, .enum, .extension, .fallthrough, .false, .fileprivate, .for, .func,
    .guard, .if, .import, .in, .`init`, .inout, .internal, .is, .let, .nil, .operator,
    .precedencegroup, .private, .protocol, .public, .repeat, .rethrows, .return, .self, .Self,
    .static, .struct, .subscript, .super, .switch, .throw, .throws, .true, .try, .typealias, .var,
    .where, .while,
  ]
}

/// The punctuation tokens the reader tells apart.
package enum SwiftPunctuation: UInt8, Sendable {
  case leftParen = 0x28
  case rightParen = 0x29
  case leftBracket = 0x5B
  case rightBracket = 0x5D
  case leftBrace = 0x7B
  case rightBrace = 0x7D
  case comma = 0x2C
  case colon = 0x3A
  case semicolon = 0x3B
  case period = 0x2E
  case at = 0x40
  case pound = 0x23
  case backslash = 0x5C

  /// The closer of an opening bracket; `nil` for anything else.
  package var closer: Self? {
    switch self {
    case .leftParen: .rightParen
    case .leftBracket: .rightBracket
    case .leftBrace: .rightBrace
    default: nil
    }
  }

  package var isCloser: Bool { self == .rightParen || self == .rightBracket || self == .rightBrace }

  /// `(` or `[`: a list of expressions.
  package var opensList: Bool { self == .leftParen || self == .leftBracket }
}
