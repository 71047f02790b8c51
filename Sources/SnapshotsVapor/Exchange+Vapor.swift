#if Vapor
  import HTTPTypes
  import Foundation
  @_exported import SnapshotsHTTP
  import Vapor
  import VaporTesting
  import XCTVapor

  extension HTTPExchange {
    /// A request VaporTesting (or XCTVapor) sent and the response it got.
    ///
    /// ```swift
    /// var sent: TestingHTTPRequest?
    /// try await app.testing().test(.GET, "orders/42", beforeRequest: { sent = $0 }) { response in
    ///   assertSnapshot(of: HTTPExchange(try #require(sent), response))
    /// }
    /// ```
    public init(_ request: TestingHTTPRequest, _ response: TestingHTTPResponse) {
      self.init(
        request: HTTPRequest(
          method: HTTPRequest.Method(request.method.rawValue) ?? .get, scheme: nil,
          authority: nil, path: request.url.string, headerFields: HTTPFields(request.headers)),
        requestBody: request.body.readableBytesView,
        response: HTTPResponse(
          status: HTTPResponse.Status(
            code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase),
          headerFields: HTTPFields(response.headers)),
        responseBody: response.body.readableBytesView)
    }
  }

  extension HTTPFields {
    /// Vapor's header fields in their order; a name HTTP does not allow is left out.
    init(_ headers: HTTPHeaders) {
      self.init()
      for (name, value) in headers {
        if let name = HTTPField.Name(name) { append(HTTPField(name: name, value: value)) }
      }
    }
  }

  extension TestingApplicationTester {
    /// Sends a request to the application (`app.testing()`, in memory or running) and returns
    /// it with the response, as one exchange to snapshot (`SnapshotsHTTP`'s `.http`).
    ///
    /// ```swift
    /// let exchange = try await app.testing().exchange(.GET, "orders/42")
    /// assertSnapshot(of: exchange)
    /// ```
    public func exchange(
      _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String = ""
    ) async throws -> HTTPExchange {
      try await HTTPExchange.sending(method, path, headers, body, through: performTest)
    }
  }

  extension XCTApplicationTester {
    /// ``TestingApplicationTester/exchange(_:_:headers:body:)`` for XCTVapor's tester.
    public func exchange(
      _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String = ""
    ) async throws -> HTTPExchange {
      try await HTTPExchange.sending(method, path, headers, body, through: performTest)
    }
  }

  extension HTTPExchange {
    /// A request sent as both testers send it, a body's length in `Content-Length`, and the
    /// response it got. (The in-memory tester adds `content-length: 0` to a request without a
    /// body; the exchange leaves it out, as the request was written.)
    static func sending(
      _ method: HTTPMethod, _ path: String, _ headers: HTTPHeaders, _ body: String,
      through perform: (TestingHTTPRequest) async throws -> TestingHTTPResponse
    ) async throws -> HTTPExchange {
      var headers = headers
      if !body.isEmpty { headers.replaceOrAdd(name: .contentLength, value: "\(body.utf8.count)") }
      let request = TestingHTTPRequest(
        method: method, url: URI(path: path), headers: headers, body: ByteBuffer(string: body))
      return HTTPExchange(request, try await perform(request))
    }
  }
#endif
