import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Invoice {
  /// The request that sends the invoice to the billing service.
  public func sendRequest(baseURL: URL, token: String) -> URLRequest {
    var request = URLRequest(url: baseURL.appendingPathComponent("invoices/\(number)/send"))
    request.httpMethod = "POST"
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let body =
      #"{"customer":"\#(customer)","total_cents":\#(totalCents),"currency":"\#(currency)"}"#
    request.httpBody = Data(body.utf8)
    return request
  }
}
