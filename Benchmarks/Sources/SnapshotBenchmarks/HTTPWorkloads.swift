import Foundation
import SnapshotsHTTP

/// `.http` of responses with JSON bodies, against the floor a test writes by hand: Foundation's
/// `JSONSerialization` pretty-printing each body with sorted keys, and the status and header
/// lines joined.
enum HTTPWorkloads {
  static func rows() throws -> [Row] {
    guard let requestID = HTTPField.Name("X-Request-ID") else { return [] }
    let responses = (0..<10_000).map { index -> HTTPMessage in
      HTTPMessage(
        HTTPResponse(
          status: .ok,
          headerFields: [
            .contentType: "application/json", .cacheControl: "no-store",
            requestID: "req-\(index)",
          ]), body: body(index))
    }
    precondition(responses.allSatisfy { (900..<1100).contains($0.body.count) })
    let strategy = Snapshotting<HTTPMessage, String>.http
    let ours = bestTime(runs: 5) {
      for response in responses {
        var text = ""
        strategy.snapshot(response).run { text = $0 }
        precondition(!text.isEmpty)
      }
    }
    let foundation = bestTime(runs: 5) {
      for response in responses {
        guard case .response(let head) = response.head,
          let object = try? JSONSerialization.jsonObject(with: Data(response.body)),
          let pretty = try? JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { preconditionFailure("not JSON") }
        var lines = ["HTTP/1.1 \(head.status.code) \(head.status.reasonPhrase)"]
        for field in head.headerFields { lines.append("\(field.name.rawName): \(field.value)") }
        let text = lines.joined(separator: "\n") + "\n\n" + String(decoding: pretty, as: UTF8.self)
        precondition(!text.isEmpty)
      }
    }
    return [
      Row(
        name: ".http of 10,000 responses with a 1 KB JSON body", ours: ours, baseline: foundation,
        baselineName: "JSONSerialization pretty, sorted, and the header lines joined",
        target: "≤ 1.0× of it")
    ]
  }

  /// About a kilobyte of JSON: an order with its lines.
  static func body(_ index: Int) -> [UInt8] {
    let lines = (0..<9).map { line in
      #"{"sku":"SKU-\#(index)-\#(line)","name":"Product \#(line) of order \#(index)","quantity":\#(line + 1),"price":\#(line * 3 + 1).5,"tags":["a","b"]}"#
    }
    let text =
      #"{"id":\#(index),"customer":{"name":"Customer \#(index)","email":"c\#(index)@example.com"},"paid":true,"lines":[\#(lines.joined(separator: ","))],"note":null}"#
    return Array(text.utf8)
  }
}
