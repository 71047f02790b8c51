import Foundation
import SnapshotsPOSIX

/// A small HTTP/1.1 server on the loopback address, for the browser review: one connection at a
/// time, each request answered and the connection closed, so that decisions are applied in the
/// order they come and never two at once.
///
/// It binds `127.0.0.1` on a port the system picks (free by construction) and reads only what a
/// review sends: a request line, headers and a body of at most ``bodyLimit`` bytes.
final class LoopbackServer {
  struct Request {
    var method: String
    /// The path and query, as sent.
    var target: String
    /// Header names in lower case; a repeated header keeps its last value.
    var headers: [String: String]
    var body: Data
  }

  struct Response {
    var status: Int
    var contentType: String
    var body: Data
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The largest header block and body read: a review's decisions are short.
  static let headerLimit = 64 * 1024
  static let bodyLimit = 1024 * 1024

  private let listener: Int32
  /// The port the system gave.
  let port: UInt16

  init() throws(Failure) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure(description: "no socket: \(Self.errorText())") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      let reason = Self.errorText()
      close(listener)
      throw Failure(description: "cannot listen on 127.0.0.1: \(reason)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(listener) }

  /// Answers requests with `handle` until it says to stop.
  func serve(_ handle: (Request) -> (Response, stop: Bool)) {
    while true {
      let connection = Int32(Descriptors.retrying { Int(accept(listener, nil, nil)) })
      guard connection >= 0 else { return }
      // A client that sends nothing does not hold the review for long.
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var stop = false
      if let request = Self.read(connection) {
        let answer = handle(request)
        stop = answer.stop
        Self.write(answer.0, to: connection)
      } else {
        Self.write(Response(status: 400, contentType: "text/plain", body: Data()), to: connection)
      }
      close(connection)
      if stop { return }
    }
  }

  private static func read(_ connection: Int32) -> Request? {
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    let separator = Data("\r\n\r\n".utf8)
    var headEnd: Range<Data.Index>?
    while headEnd == nil {
      guard buffer.count <= headerLimit else { return nil }
      let count = Descriptors.retrying { recv(connection, &chunk, chunk.count, 0) }
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[..<count])
      headEnd = buffer.range(of: separator)
    }
    guard let headEnd, let head = String(data: buffer[..<headEnd.lowerBound], encoding: .utf8)
    else { return nil }
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let length = Int(headers["content-length"] ?? "0") ?? -1
    guard (0...bodyLimit).contains(length), headers["transfer-encoding"] == nil else { return nil }
    var body = buffer[headEnd.upperBound...]
    while body.count < length {
      let count = Descriptors.retrying { recv(connection, &chunk, chunk.count, 0) }
      guard count > 0 else { return nil }
      body.append(contentsOf: chunk[..<count])
    }
    return Request(
      method: String(parts[0]), target: String(parts[1]), headers: headers,
      body: Data(body.prefix(length)))
  }

  /// The response, with the headers every answer of the review carries: nothing cached, no
  /// address (and so no token) sent on as a referrer, no framing, nothing loaded from elsewhere.
  private static func write(_ response: Response, to connection: Int32) {
    let head = [
      "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Refused")",
      "Content-Type: \(response.contentType)",
      "Content-Length: \(response.body.count)",
      "Cache-Control: no-store",
      "Referrer-Policy: no-referrer",
      "X-Content-Type-Options: nosniff",
      "X-Frame-Options: DENY",
      "Content-Security-Policy: default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; form-action 'none'",
      "Connection: close",
    ].joined(separator: "\r\n")
    var data = Data((head + "\r\n\r\n").utf8)
    data.append(response.body)
    data.withUnsafeBytes { bytes in
      guard let start = bytes.baseAddress else { return }
      var sent = 0
      while sent < bytes.count {
        let count = Descriptors.retrying {
          send(connection, start + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        }
        guard count > 0 else { return }
        sent += count
      }
    }
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }
}
