/// A matrix of named axes: every combination of their values is one ``Variant``.
///
/// ```swift
/// Variants(["theme": ["light", "dark"], "width": [320, 768]])
/// Variants(VariantAxis<Theme>("theme"), VariantAxis("width", [320, 768]))
/// ```
///
/// The first axis varies slowest, as in the literal: light-320, light-768, dark-320, dark-768.
public struct Variants: Sendable {
  struct Axis: Sendable {
    var name: String
    var labels: [String]
    var values: [any Sendable]
  }

  let axes: [Axis]

  /// Axes from a literal, in its order; each value is labelled by its description.
  public init(_ axes: KeyValuePairs<String, [any Sendable]>) {
    self.axes = axes.map { name, values in
      Axis(name: name, labels: values.map { "\($0)" }, values: values)
    }
  }

  /// Typed axes, in order: a test reads a value back with `variant[axis]`.
  public init<each Value: Sendable>(_ axis: repeat VariantAxis<each Value>) {
    var axes: [Axis] = []
    for axis in repeat each axis {
      axes.append(
        Axis(name: axis.name, labels: axis.values.map(axis.label), values: axis.values))
    }
    self.axes = axes
  }

  /// Every combination, the first axis varying slowest.
  public var all: [Variant] {
    guard !axes.isEmpty else { return [] }
    var variants = [Variant(axes: [], labels: [], values: [])]
    for axis in axes {
      variants = variants.flatMap { partial in
        zip(axis.labels, axis.values).map { label, value in
          Variant(
            axes: partial.axes + [axis.name], labels: partial.labels + [label],
            values: partial.values + [value])
        }
      }
    }
    return variants
  }
}

/// One combination of a ``Variants`` matrix: a value for each axis.
public struct Variant: Sendable, Hashable, CustomStringConvertible {
  /// The axes' names, in the matrix's order.
  public let axes: [String]
  /// Each axis's value as its label, in the same order.
  public let labels: [String]
  let values: [any Sendable]

  /// The label of the value for the axis named `axis`.
  public subscript(_ axis: String) -> String? {
    axes.firstIndex(of: axis).map { labels[$0] }
  }

  /// The value for a typed axis of the matrix.
  public subscript<Value>(_ axis: VariantAxis<Value>) -> Value {
    guard let index = axes.firstIndex(of: axis.name), let value = values[index] as? Value else {
      preconditionFailure("The variant \(self) has no axis \"\(axis.name)\" of \(Value.self)")
    }
    return value
  }

  /// `theme: dark, width: 768`.
  public var description: String {
    zip(axes, labels).map { "\($0): \($1)" }.joined(separator: ", ")
  }

  /// Its part of a reference's file name, `theme=dark_width=768` (``ReferenceName``).
  var fileComponent: String { ReferenceName.variant(axes: axes, labels: labels) }

  public static func == (lhs: Variant, rhs: Variant) -> Bool {
    lhs.axes == rhs.axes && lhs.labels == rhs.labels
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(axes)
    hasher.combine(labels)
  }
}
