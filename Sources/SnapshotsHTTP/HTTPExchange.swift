import Foundation
import HTTPTypes

/// A request and the response it got, snapshotted together, in that order.
///
/// ```swift
/// let exchange = HTTPExchange(
///   request: HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/"),
///   response: HTTPResponse(status: .unauthorized, headerFields: [.wwwAuthenticate: "Basic"]),
///   responseBody: Data("Please authenticate.".utf8))
/// assertSnapshot(of: exchange)   // .http
/// ```
public struct HTTPExchange: Sendable {
  public var request: HTTPRequest
  public var requestBody: [UInt8]
  public var response: HTTPResponse
  public var responseBody: [UInt8]

  /// An exchange of bodies given as bytes: `[]`, `Data`, a `ByteBuffer`'s
  /// `readableBytesView`.
  public init(
    request: HTTPRequest, requestBody: some Sequence<UInt8> = [UInt8](),
    response: HTTPResponse, responseBody: some Sequence<UInt8> = [UInt8]()
  ) {
    self.request = request
    self.requestBody = Array(requestBody)
    self.response = response
    self.responseBody = Array(responseBody)
  }

  /// An exchange whose bodies are byte arrays, so that `[]` needs no type.
  public init(
    request: HTTPRequest, requestBody: [UInt8], response: HTTPResponse,
    responseBody: [UInt8] = []
  ) {
    self.init(
      request: request, requestBody: requestBody[...], response: response,
      responseBody: responseBody[...])
  }
}

/// A request or a response with its body, snapshotted alone.
public struct HTTPMessage: Sendable {
  public enum Head: Sendable {
    case request(HTTPRequest)
    case response(HTTPResponse)
  }

  public var head: Head
  public var body: [UInt8]

  public init(_ request: HTTPRequest, body: some Sequence<UInt8> = [UInt8]()) {
    head = .request(request)
    self.body = Array(body)
  }

  public init(_ response: HTTPResponse, body: some Sequence<UInt8> = [UInt8]()) {
    head = .response(response)
    self.body = Array(body)
  }

  /// A request whose body is a byte array, so that `[]` needs no type.
  public init(_ request: HTTPRequest, body: [UInt8]) {
    self.init(request, body: body[...])
  }

  /// A response whose body is a byte array, so that `[]` needs no type.
  public init(_ response: HTTPResponse, body: [UInt8]) {
    self.init(response, body: body[...])
  }
}
