import Foundation
import HTTPTypes
import InlineSnapshots
import SnapshotsHTTP
import TestSupport
import Testing

/// Bodies as a reader needs them: decoded from their `Content-Encoding` (compressed by Python's
/// zlib and gzip, not by us), text in its `charset`; header bytes as they are; no credential
/// from a URL, a query or a form.
@Suite struct HTTPBodyTests {
  func text(_ message: HTTPMessage) -> String {
    var text = ""
    Snapshotting<HTTPMessage, String>.http.snapshot(message).run { text = $0 }
    return text
  }

  /// `body` compressed by Python: `gzip`, `zlib` (HTTP's `deflate`) or `raw` deflate.
  func compressed(_ body: String, _ wrapping: String) throws -> [UInt8] {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = """
      import gzip, sys, zlib
      data = sys.argv[2].encode()
      if sys.argv[1] == "gzip": out = gzip.compress(data)
      elif sys.argv[1] == "zlib": out = zlib.compress(data)
      else:
          c = zlib.compressobj(wbits=-15); out = c.compress(data) + c.flush()
      open("out", "wb").write(out)
      """
    let run = try Command("python3", ["-c", script, wrapping, body], in: folder.url)
    try #require(run.status == 0, "\(run.output)")
    return Array(try Data(contentsOf: folder.file("out")))
  }

  static let json = #"{"name":"Ann","tags":["a","b"]}"#

  /// A JSON response's text, its body in `coding`.
  func json(_ body: [UInt8], coding: String) -> String {
    text(
      HTTPMessage(
        HTTPResponse(
          status: .ok,
          headerFields: [.contentType: "application/json", .contentEncoding: coding]),
        body: body))
  }

  @Test(arguments: [("gzip", "gzip"), ("x-gzip", "gzip"), ("deflate", "zlib"), ("deflate", "raw")])
  func aCompressedJSONBodyIsShownDecoded(coding: String, wrapping: String) throws {
    let text = json(try compressed(Self.json, wrapping), coding: coding)
    #expect(
      text == """
        HTTP/1.1 200 OK
        Content-Type: application/json
        Content-Encoding: \(coding)

        <decoded from \(coding)>
        {
          "name": "Ann",
          "tags": [
            "a",
            "b"
          ]
        }

        """)
  }

  /// A body that does not decode, or in a coding not decoded here, is its size and hash,
  /// never its bytes.
  @Test func aBodyThatDoesNotDecodeIsItsSizeAndHash() throws {
    var broken = try compressed(Self.json, "gzip")
    broken.removeLast(12)
    for (coding, body, said) in [
      ("gzip", broken, "<the body is gzip-encoded and does not decode: it ends early>"),
      ("br", Array("\u{1}\u{2}abc".utf8), "<the body is br-encoded and br is not decoded here>"),
    ] {
      let text = json(body, coding: coding)
      #expect(text.contains("\n\n\(said)\n<\(body.count) bytes, SHA-256 "), "\(text)")
      #expect(!text.contains("\u{1}") && !text.contains("\0"), "\(text)")
    }
  }

  /// A gzip body inside another coding: undone from the last one listed.
  @Test func codingsAreUndoneInReverse() throws {
    let once = try compressed(Self.json, "gzip")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(once).write(to: folder.file("once"))
    let twice = try Command(
      "python3",
      ["-c", "import zlib;open('twice','wb').write(zlib.compress(open('once','rb').read()))"],
      in: folder.url)
    try #require(twice.status == 0)
    let text = json(
      Array(try Data(contentsOf: folder.file("twice"))), coding: "gzip, deflate")
    #expect(text.contains("<decoded from gzip, deflate>\n{\n  \"name\": \"Ann\""), "\(text)")
  }

  /// A `text/*` body in its charset; one that is not decoded here says so.
  @Test func textBodiesAreReadInTheirCharset() {
    func body(_ bytes: [UInt8], _ type: String) -> String {
      let text = text(
        HTTPMessage(HTTPResponse(status: .ok, headerFields: [.contentType: type]), body: bytes))
      return String(text.split(separator: "\n\n", maxSplits: 1)[1])
    }
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
    #expect(body(latin1, "text/plain; charset=ISO-8859-1") == "café\n")
    #expect(body(latin1, "text/plain; charset=\"windows-1252\"") == "café\n")
    #expect(body([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00], "text/plain; charset=utf-16") == "hi\n")
    #expect(body(Array("ok".utf8), "text/plain; charset=utf-8") == "ok\n")
    #expect(body(latin1, "text/plain").hasPrefix("<4 bytes, SHA-256 "), "not UTF-8: binary")
    #expect(
      body(latin1, "text/plain; charset=koi8-u").hasPrefix(
        "<the body's charset koi8-u is not decoded here>\n<4 bytes, SHA-256 "))
  }

  /// Bytes that are not UTF-8 are written as bytes, so different bytes read differently.
  @Test func headerBytesThatAreNotUTF8StayApart() throws {
    let name = try #require(HTTPField.Name("X-Name"))
    func written(_ bytes: [UInt8]) -> String {
      text(
        HTTPMessage(
          HTTPResponse(
            status: .ok, headerFields: HTTPFields([HTTPField(name: name, lenientValue: bytes)]))))
    }
    #expect(written([0x41, 0xE9, 0x42]).contains("X-Name: A\\xE9B\n"))
    #expect(written([0x41, 0xFF, 0x42]).contains("X-Name: A\\xFFB\n"))
    #expect(written(Array("Zoë".utf8)).contains("X-Name: Zoë\n"))
  }

  /// `[]` and `Data` alike, for each initialiser.
  @Test func bodiesAreBytesOfAnyKind() {
    let response = HTTPResponse(status: .noContent)
    let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/")
    #expect(text(HTTPMessage(response, body: [])) == text(HTTPMessage(response, body: Data())))
    #expect(
      text(HTTPMessage(request, body: [0x61])) == text(HTTPMessage(request, body: Data("a".utf8))))
    let exchanges = [
      HTTPExchange(request: request, requestBody: [], response: response, responseBody: []),
      HTTPExchange(request: request, requestBody: Data(), response: response),
      HTTPExchange(request: request, response: response),
    ]
    #expect(Set(exchanges.map { $0.requestBody + $0.responseBody }) == [[]])
  }

  /// `.httpField` filters the field in each head, never a body line that reads like it.
  @Test func aVolatileFieldIsFilteredInHeadsOnly() throws {
    let name = try #require(HTTPField.Name("X-Request-ID"))
    let exchange = HTTPExchange(
      request: HTTPRequest(
        method: .post, scheme: nil, authority: nil, path: "/echo", headerFields: [name: "r-1"]),
      requestBody: Array("X-Request-ID: kept\n".utf8),
      response: HTTPResponse(status: .ok, headerFields: [.server: "s", name: "r-2"]),
      responseBody: Array("x-request-id: kept too\n".utf8))
    assertInlineSnapshot(of: exchange, as: .http(filters: [.httpField(name)])) {
      """
      POST /echo HTTP/1.1
      X-Request-ID: <volatile>

      X-Request-ID: kept

      HTTP/1.1 200 OK
      Server: s
      X-Request-ID: <volatile>

      x-request-id: kept too

      """
    }
  }

  /// User information and credential parameters, in the target, `Host`, every field and a form.
  @Test func credentialsInURLsNeverReachTheText() throws {
    let request = HTTPRequest(
      method: .post, scheme: "https", authority: "ann:pw-s3cr3t@api.example.com",
      path: "/v1/items?page=2&access_token=t0k3n&api_key=k3y&X-Amz-Signature=s1gn4tur3#top",
      headerFields: [
        .referer: "https://bob:hunter2@example.com/a?token=r3f3r3r&q=shoes",
        .contentType: "application/x-www-form-urlencoded",
      ])
    let text = text(
      HTTPMessage(request, body: Array("password=p4ss&user=ann&client_secret=cl13nt".utf8)))
    for secret in [
      "pw-s3cr3t", "t0k3n", "k3y", "s1gn4tur3", "hunter2", "r3f3r3r", "p4ss", "cl13nt",
    ] {
      #expect(!text.contains(secret), "\(secret) in\n\(text)")
    }
    #expect(
      text == """
        POST /v1/items?page=2&access_token=<redacted>&api_key=<redacted>&X-Amz-Signature=<redacted>#top HTTP/1.1
        Host: <redacted>@api.example.com
        Referer: https://<redacted>@example.com/a?token=<redacted>&q=shoes
        Content-Type: application/x-www-form-urlencoded

        password=<redacted>&user=ann&client_secret=<redacted>

        """)
  }
}
