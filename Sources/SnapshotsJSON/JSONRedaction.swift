import Foundation
import Snapshots

/// A part of a JSON document to leave out of the comparison, such as an id or a timestamp.
///
/// Selectors: `$` (the root), `.key`, `["key"]`, `[n]`, `[*]` (every element or member) and
/// `..key` (that key at any depth):
///
/// ```swift
/// assertSnapshot(of: order, as: .json(redacting: ["$.id", "$..createdAt", "$.items[*].sku"]))
/// assertSnapshot(of: order, as: .json(redacting: [.check("$.createdAt", .iso8601Date)]))
/// ```
///
/// A redacted value is replaced by `"[redacted]"` in the recorded reference and in both sides
/// of the comparison. A check instead replaces a value that passes it by
/// `"[redacted: <check>]"`, so its kind is still asserted. A selector that matches nothing, or a
/// value that fails its check, fails the assertion: a typo never silently redacts nothing.
///
/// ``secrets`` redacts the values of members named as credentials (`password`, `access_token`,
/// `apiKey`, …) at any depth, by the list `.http` uses, and fails nothing when there are none:
///
/// ```swift
/// assertSnapshot(of: tokenResponse, as: .json(redacting: [.secrets, "$.expires_at"]))
/// ```
public struct JSONRedaction: Sendable, ExpressibleByStringLiteral, Equatable {
  /// The selector; for ``secrets``, the word `secrets`.
  public let selector: String
  public let check: JSONCheck?
  /// The names whose members ``secrets`` redacts.
  let secretNames: SecretNames?

  public init(stringLiteral selector: String) {
    self.selector = selector
    check = nil
    secretNames = nil
  }

  public init(_ selector: String) {
    self.init(stringLiteral: selector)
  }

  private init(selector: String, check: JSONCheck?, secretNames: SecretNames? = nil) {
    self.selector = selector
    self.check = check
    self.secretNames = secretNames
  }

  /// The value of every member that `SecretNames.default` names, at any depth.
  public static var secrets: JSONRedaction { secrets(.default) }

  /// The value of every member that `names` names, at any depth: `.secrets(.default.adding("pin"))`.
  public static func secrets(_ names: SecretNames) -> JSONRedaction {
    JSONRedaction(selector: "secrets", check: nil, secretNames: names)
  }

  /// Replaces the selected values after checking each with `check`.
  public static func check(_ selector: String, _ check: JSONCheck) -> JSONRedaction {
    JSONRedaction(selector: selector, check: check)
  }

  var placeholder: JSONValue {
    .string(check.map { "[redacted: \($0.name)]" } ?? "[redacted]")
  }
}

/// A test a redacted value must pass.
public struct JSONCheck: Sendable, Equatable {
  /// What the check asks for, shown in the placeholder and in failures.
  public let name: String
  private let test: @Sendable (JSONValue) -> Bool

  public init(name: String, test: @escaping @Sendable (JSONValue) -> Bool) {
    self.name = name
    self.test = test
  }

  func accepts(_ value: JSONValue) -> Bool { test(value) }

  public static func == (lhs: JSONCheck, rhs: JSONCheck) -> Bool { lhs.name == rhs.name }

  /// A string holding an ISO-8601 date and time, with or without fractional seconds.
  public static let iso8601Date = JSONCheck(name: "ISO-8601 date") { value in
    guard case .string(let text) = value else { return false }
    let plain = ISO8601DateFormatter()
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions.insert(.withFractionalSeconds)
    return plain.date(from: text) != nil || fractional.date(from: text) != nil
  }

  /// A string holding a UUID.
  public static let uuid = JSONCheck(name: "UUID") { value in
    guard case .string(let text) = value else { return false }
    return UUID(uuidString: text) != nil
  }

  /// Any number.
  public static let number = JSONCheck(name: "number") { value in
    if case .number = value { return true }
    return false
  }

  /// Any string.
  public static let string = JSONCheck(name: "string") { value in
    if case .string = value { return true }
    return false
  }
}
