import CZlib

/// zlib's inflate over a whole body, for `Content-Encoding: gzip` and `deflate`.
enum Inflate {
  /// How the compressed stream is wrapped.
  enum Wrapping {
    /// A gzip or zlib header, told apart by zlib itself.
    case gzipOrZlib
    /// No header: the raw deflate some servers send for `deflate`.
    case raw
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Larger decoded bodies are refused: a snapshot is read by a person, and a small
  /// compressed body can decode to gigabytes.
  static let limit = 64 << 20

  static func decoded(_ input: [UInt8], _ wrapping: Wrapping) throws(Failure) -> [UInt8] {
    var stream = z_stream()
    guard czlib_inflate_init(&stream, wrapping == .raw ? -15 : 15 + 32) == Z_OK else {
      throw Failure(description: "zlib could not start")
    }
    defer { inflateEnd(&stream) }
    var input = input
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let failure: String? = input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress
          stream.avail_out = UInt32(target.count)
          return inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunk.count - Int(stream.avail_out)
        output += chunk[..<produced]
        if output.count > limit { return "it decodes to more than \(limit >> 20) MiB" }
        switch status {
        case Z_STREAM_END:
          return stream.avail_in == 0 ? nil : "\(stream.avail_in) bytes follow its end"
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.avail_in == 0:
          return "it ends early"
        default:
          return stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        }
      }
    }
    if let failure { throw Failure(description: failure) }
    return output
  }
}
