/// One axis of a variant matrix: a name and its values, in order, each with the label that
/// names it in reference files and messages.
///
/// ```swift
/// enum Theme: String, CaseIterable, Sendable { case light, dark }
///
/// let theme = VariantAxis<Theme>("theme")
/// let width = VariantAxis("width", [320, 768])
/// ```
public struct VariantAxis<Value: Sendable>: Sendable {
  public let name: String
  public let values: [Value]
  let label: @Sendable (Value) -> String

  /// - Parameters:
  ///   - name: The axis's name in file names and messages, such as `theme`.
  ///   - values: Its values, in the order variants are made.
  ///   - label: How a value is named in file names and messages; its description by default
  ///     (a case's name for an enum).
  public init(
    _ name: String, _ values: [Value],
    label: @escaping @Sendable (Value) -> String = { "\($0)" }
  ) {
    self.name = name
    self.values = values
    self.label = label
  }
}

extension VariantAxis where Value: CaseIterable {
  /// Every case of the type, in declaration order.
  ///
  /// - Parameters:
  ///   - name: The axis's name in file names and messages, such as `theme`.
  ///   - label: How a case is named; its name by default.
  public init(_ name: String, label: @escaping @Sendable (Value) -> String = { "\($0)" }) {
    self.init(name, Array(Value.allCases), label: label)
  }
}
