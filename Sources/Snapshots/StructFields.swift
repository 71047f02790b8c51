@_spi(Reflection) import Swift

/// A struct's stored fields as key paths, found once per type, so that reading a value's fields
/// does not go through `Mirror` (which looks each field's type up again on every access).
///
/// The standard library declines types whose fields it cannot read this way (weak or unowned
/// references, function types, …); those keep using `Mirror`. Labels and order are the same as
/// `Mirror` gives, since both read the type's field records.
struct StructFields {
  let labels: [String]
  let keyPaths: [AnyKeyPath]

  init?<Root>(_ type: Root.Type) {
    var labels: [String] = []
    var keyPaths: [AnyKeyPath] = []
    let complete = _forEachFieldWithKeyPath(of: type) { name, keyPath in
      labels.append(String(cString: name))
      keyPaths.append(keyPath)
      return true
    }
    guard complete else { return nil }
    self.labels = labels
    self.keyPaths = keyPaths
  }

  /// The fields of `value` (an instance of the type), in declaration order.
  func children(of value: Any) -> [Mirror.Child] {
    func read<Root>(_ root: Root) -> [Mirror.Child] {
      zip(labels, keyPaths).map { label, keyPath in
        (label: label, value: root[keyPath: keyPath] ?? ())
      }
    }
    return read(value)
  }
}
