#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  @_exported import SnapshotsHTTP

  extension TestClientProtocol {
    /// Sends a request through HummingbirdTesting's client (`.router` or `.live`) and returns
    /// it with the response, as one exchange to snapshot (`SnapshotsHTTP`'s `.http`).
    ///
    /// ```swift
    /// try await app.test(.router) { client in
    ///   let exchange = try await client.exchange(.post, "/orders", body: #"{"sku": "MUG-3"}"#)
    ///   assertSnapshot(of: exchange)
    /// }
    /// ```
    public func exchange(
      _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:],
      body: some Sequence<UInt8> = [UInt8]()
    ) async throws -> HTTPExchange {
      let body = Array(body)
      let response = try await executeRequest(
        uri: path, method: method, headers: headers,
        body: body.isEmpty ? nil : ByteBuffer(bytes: body))
      return HTTPExchange(
        request: HTTPRequest(
          method: method, scheme: nil, authority: nil, path: path, headerFields: headers),
        requestBody: body, response: response.head,
        responseBody: response.body.readableBytesView)
    }

    /// ``exchange(_:_:headers:body:)-(_,_,_,some Sequence<UInt8>)`` with a text body.
    public func exchange(
      _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String
    ) async throws -> HTTPExchange {
      try await exchange(method, path, headers: headers, body: Array(body.utf8))
    }
  }
#endif
