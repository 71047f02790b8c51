@_spi(Reflection) import Swift

/// A struct's stored fields, found once per type, so that reading a value's fields does not go
/// through `Mirror` (which looks each field's type up again on every access).
///
/// Fields of struct, enum and tuple types are loaded from their offset, copied by their own
/// type's value witnesses. All others are read through their key path, which knows how the
/// field is stored: such a field may be `weak` or `unowned`, or a function stored at another
/// abstraction. Types the standard library cannot describe completely keep
/// using `Mirror`. Labels and order are the ones `Mirror` gives: both read the field records.
struct StructFields {
  private enum Reader {
    case offset(Int, any FieldLoader.Type)
    case keyPath(AnyKeyPath)
  }

  let labels: [String]
  private let readers: [Reader]

  init?<Root>(_ type: Root.Type) {
    var keyPaths: [AnyKeyPath] = []
    guard
      _forEachFieldWithKeyPath(
        of: type,
        body: { _, keyPath in
          keyPaths.append(keyPath); return true
        })
    else { return nil }
    var labels: [String] = []
    var readers: [Reader] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, kind in
      guard labels.count < keyPaths.count else { return false }
      switch kind {
      case .struct, .enum, .tuple:
        readers.append(.offset(offset, Self.loader(for: fieldType)))
      default:
        readers.append(.keyPath(keyPaths[labels.count]))
      }
      labels.append(String(cString: name))
      return true
    }
    guard complete, labels.count == keyPaths.count else { return nil }
    self.labels = labels
    self.readers = readers
  }

  /// The fields of `value` (an instance of the type), in declaration order.
  func children(of value: Any) -> [Mirror.Child] {
    func read<Root>(_ root: Root) -> [Mirror.Child] {
      // A generic value that is itself `Any` arrives boxed twice: open the inner box too.
      // (`root as Any` would box it again; `Root` is `Any` here, so the bits are an `Any`.)
      if Root.self == Any.self {
        return _openExistential(unsafeBitCast(root, to: Any.self), do: read)
      }
      return withUnsafeBytes(of: root) { bytes in
        labels.indices.map { index in
          switch readers[index] {
          case .offset(let offset, let loader):
            guard let base = bytes.baseAddress else { return (labels[index], ()) }
            return (labels[index], loader.load(from: base + offset))
          case .keyPath(let keyPath):
            return (labels[index], root[keyPath: keyPath] ?? ())
          }
        }
      }
    }
    return _openExistential(value, do: read)
  }

  private static func loader(for type: Any.Type) -> any FieldLoader.Type {
    func make<Field>(_: Field.Type) -> any FieldLoader.Type { Loader<Field>.self }
    return _openExistential(type, do: make)
  }
}

/// Loads a field of a type known when the loader was made.
private protocol FieldLoader {
  static func load(from pointer: UnsafeRawPointer) -> Any
}

private enum Loader<Field>: FieldLoader {
  static func load(from pointer: UnsafeRawPointer) -> Any { pointer.load(as: Field.self) }
}
