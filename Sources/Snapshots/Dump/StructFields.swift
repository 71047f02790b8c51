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
  /// Where each field is and which standard type it has, in declaration order, when every
  /// field is a `String`, `Int`, `Bool` or `Double` whose line is known
  /// (``DumpTypeTraits/direct``): such a struct is a ``DirectStruct``.
  let directFields: [DirectField]?

  struct DirectField {
    var offset: Int
    var kind: DumpTypeTraits.Direct
  }

  init?<Root>(_ type: Root.Type) {
    var labels: [String] = []
    // `nil` for a field read through its key path, found below.
    var readers: [Reader?] = []
    var directFields: [DirectField]? = []
    let complete = _forEachField(of: type) { name, offset, fieldType, kind in
      switch kind {
      case .struct, .enum, .tuple:
        readers.append(.offset(offset, Self.loader(for: fieldType)))
        if let direct = DumpTypeTraits(fieldType).direct {
          directFields?.append(DirectField(offset: offset, kind: direct))
        } else {
          directFields = nil
        }
      default:
        readers.append(nil)
        directFields = nil
      }
      labels.append(String(cString: name))
      return true
    }
    guard complete else { return nil }
    // Key paths only when a field needs one: making each instantiates a key path type, most of
    // the cost of inspecting a struct of plain fields.
    if readers.contains(where: { $0 == nil }) {
      var keyPaths: [AnyKeyPath] = []
      guard
        _forEachFieldWithKeyPath(
          of: type,
          body: { _, keyPath in
            keyPaths.append(keyPath); return true
          }),
        keyPaths.count == labels.count
      else { return nil }
      readers = readers.indices.map { readers[$0] ?? .keyPath(keyPaths[$0]) }
    }
    self.labels = labels
    self.readers = readers.compactMap { $0 }
    self.directFields = directFields
  }

  /// The fields of `value` (an instance of the type), in declaration order.
  func children(of value: Any) -> [Mirror.Child] {
    func read<Root>(_ root: Root) -> [Mirror.Child] {
      // Opened as ``withBytes(ofBoxed:_:)`` opens a value boxed twice, keeping the typed root
      // that key paths read.
      if Root.self == Any.self {
        return _openExistential(unsafeBitCast(root, to: Any.self), do: read)
      }
      return withUnsafeBytes(of: root) { bytes in
        var children: [Mirror.Child] = []
        children.reserveCapacity(labels.count)
        for index in labels.indices {
          switch readers[index] {
          case .offset(let offset, let loader):
            guard let base = bytes.baseAddress else {
              children.append((labels[index], ()))
              continue
            }
            children.append((labels[index], loader.load(from: base + offset)))
          case .keyPath(let keyPath):
            children.append((labels[index], root[keyPath: keyPath] ?? ()))
          }
        }
        return children
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
