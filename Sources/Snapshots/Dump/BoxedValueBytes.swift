/// Calls `body` with the address of the value that `value` holds, for reading its bytes.
///
/// A generic value that is itself `Any` arrives boxed twice: the inner box is opened too
/// (`root as Any` would box it again; `Root` is `Any` there, so the bits are an `Any`).
/// ``StructFields/children(of:)`` opens values the same way, but keeps the typed value its
/// key paths need.
func withBytes(ofBoxed value: Any, _ body: (UnsafeRawPointer) -> Void) {
  func read<Root>(_ root: Root) {
    if Root.self == Any.self {
      return _openExistential(unsafeBitCast(root, to: Any.self), do: read)
    }
    withUnsafeBytes(of: root) { bytes in
      if let base = bytes.baseAddress { body(base) }
    }
  }
  _openExistential(value, do: read)
}
