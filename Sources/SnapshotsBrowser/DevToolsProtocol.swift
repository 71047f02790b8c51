import Foundation

/// A command of the DevTools protocol: its parameters are its encoded fields, its reply's
/// `result` decodes as ``Result``.
protocol DevToolsCommand: Encodable, Sendable {
  associatedtype Result: Decodable
  var method: String { get }
}

/// The commands, replies and events the toolkit exchanges with Chromium, as the protocol names
/// their fields (https://chromedevtools.github.io/devtools-protocol/); fields a reply carries
/// and nothing reads are left out.
enum DevTools {
  /// A reply whose fields are not read.
  struct Empty: Codable, Sendable {}

  struct GetVersion: DevToolsCommand {
    typealias Result = Empty
    var method: String { "Browser.getVersion" }
  }

  /// Turns on a domain's events (`Network`, `Page`, `Inspector`).
  struct Enable: DevToolsCommand {
    typealias Result = Empty
    let domain: String
    var method: String { "\(domain).enable" }
    func encode(to encoder: any Encoder) throws { try Empty().encode(to: encoder) }
  }

  struct CreateTarget: DevToolsCommand {
    struct Result: Decodable { var targetId: String }
    var url: String
    var method: String { "Target.createTarget" }
  }

  struct AttachToTarget: DevToolsCommand {
    struct Result: Decodable { var sessionId: String }
    var targetId: String
    var flatten = true
    var method: String { "Target.attachToTarget" }
  }

  struct CloseTarget: DevToolsCommand {
    typealias Result = Empty
    var targetId: String
    var method: String { "Target.closeTarget" }
  }

  struct SetFocusEmulationEnabled: DevToolsCommand {
    typealias Result = Empty
    var enabled: Bool
    var method: String { "Emulation.setFocusEmulationEnabled" }
  }

  struct AddScriptToEvaluateOnNewDocument: DevToolsCommand {
    typealias Result = Empty
    var source: String
    var method: String { "Page.addScriptToEvaluateOnNewDocument" }
  }

  struct SetDeviceMetricsOverride: DevToolsCommand {
    typealias Result = Empty
    var width: Int
    var height: Int
    var deviceScaleFactor: Double
    var mobile = false
    var method: String { "Emulation.setDeviceMetricsOverride" }
  }

  struct SetEmulatedMedia: DevToolsCommand {
    typealias Result = Empty
    struct Feature: Encodable, Sendable {
      var name: String
      var value: String
    }
    var features: [Feature]
    var method: String { "Emulation.setEmulatedMedia" }
  }

  struct Navigate: DevToolsCommand {
    struct Result: Decodable { var errorText: String? }
    var url: String
    var method: String { "Page.navigate" }
  }

  struct SetDocumentContent: DevToolsCommand {
    typealias Result = Empty
    var frameId: String
    var html: String
    var method: String { "Page.setDocumentContent" }
  }

  struct CaptureScreenshot: DevToolsCommand {
    /// The PNG's bytes (base64 in the reply, which `JSONDecoder` reads as `Data`).
    struct Result: Decodable { var data: Data }
    struct Clip: Encodable, Sendable {
      var x, y, width, height: Double
      var scale = 1.0
    }
    var format = "png"
    var optimizeForSpeed = true
    var clip: Clip
    var captureBeyondViewport: Bool
    var method: String { "Page.captureScreenshot" }
  }

  /// Runs a script, waits for the promise it returns, and replies with its value as JSON.
  struct Evaluate<Value: Decodable>: DevToolsCommand {
    struct Result: Decodable {
      struct Remote: Decodable { var value: Value? }
      struct Exception: Decodable {
        struct Thrown: Decodable { var description: String? }
        var text: String?
        var exception: Thrown?
      }
      var result: Remote?
      var exceptionDetails: Exception?
    }
    var expression: String
    var awaitPromise = true
    var returnByValue = true
    var method: String { "Runtime.evaluate" }
  }

  struct CaptureSnapshot: DevToolsCommand {
    typealias Result = DOMSnapshot
    var computedStyles: [String]
    var method: String { "DOMSnapshot.captureSnapshot" }
  }

  struct GetFullAXTree: DevToolsCommand {
    struct Result: Decodable { var nodes: [AccessibilityNode] }
    var method: String { "Accessibility.getFullAXTree" }
  }

  /// The page's documents as `DOMSnapshot.captureSnapshot` gives them: tables of indexes into
  /// ``strings``, one entry per node.
  struct DOMSnapshot: Decodable {
    struct Document: Decodable {
      struct Nodes: Decodable {
        var nodeName: [Int]?
        var backendNodeId: [Int]?
        /// Each node's attributes, names and values in turn.
        var attributes: [[Int]]?
      }
      struct Layout: Decodable {
        var nodeIndex: [Int]
        /// Each laid-out node's computed styles, in the order asked for.
        var styles: [[Int]]
      }
      var nodes: Nodes
      var layout: Layout
    }
    var documents: [Document]
    var strings: [String]
  }

  /// A value of the accessibility tree (`Accessibility.AXValue`): text, a number or a truth,
  /// read as the text an outline prints.
  struct Value: Decodable {
    struct Related: Decodable { var backendDOMNodeId: Int? }
    var text: String?
    var relatedNodes: [Related]?

    private enum CodingKeys: String, CodingKey { case value, relatedNodes }

    init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: CodingKeys.self)
      relatedNodes = try fields.decodeIfPresent([Related].self, forKey: .relatedNodes)
      text = Self.text(in: fields)
    }

    private static func text(in fields: KeyedDecodingContainer<CodingKeys>) -> String? {
      if let text = try? fields.decode(String.self, forKey: .value) { return text }
      if let truth = try? fields.decode(Bool.self, forKey: .value) { return String(truth) }
      if let number = try? fields.decode(Int.self, forKey: .value) { return String(number) }
      if let number = try? fields.decode(Double.self, forKey: .value) { return "\(number)" }
      return nil
    }
  }

  /// A reply's id, read from its first bytes, where Chromium writes it (`{"id":12,`).
  ///
  /// A reply (a screenshot's holds megabytes of base64) is then decoded once, in its
  /// command's type. `nil` for anything else (an event, or a reply written otherwise), which is
  /// decoded whole as a ``Message``.
  static func replyID(_ data: Data) -> Int? {
    let prefix = Array(#"{"id":"#.utf8)
    guard data.count > prefix.count, data.starts(with: prefix) else { return nil }
    var id = 0
    for byte in data.dropFirst(prefix.count) {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard id < Int.max / 10 - 9 else { return nil }
        id = id * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: ","), UInt8(ascii: "}"): return id
      default: return nil
      }
    }
    return nil
  }

  /// What Chromium writes: a reply to a command (its `id`, and its `result` or `error`) or an
  /// event (its `method` and `params`, for a page's `sessionId`), as far as the connection
  /// reads it before a reply goes to the command's own type.
  struct Message: Decodable {
    struct Failure: Decodable { var message: String }
    /// The fields of the events the connection follows (``Event``).
    struct Parameters: Decodable {
      struct Request: Decodable { var url: String }
      struct Initiator: Decodable { var type: String }
      var requestId: String?
      var request: Request?
      var initiator: Initiator?
    }
    var id: Int?
    var error: Failure?
    var sessionId: String?
    var method: String?
    var params: Parameters?

    /// The event, if it is one the connection follows.
    var event: Event? {
      guard let sessionId, let method, let params else { return nil }
      let request = params.requestId ?? ""
      switch method {
      case "Network.requestWillBeSent":
        return .requestStarted(
          session: sessionId, request: request, url: params.request?.url ?? request,
          scripted: params.initiator?.type == "script")
      case "Network.loadingFinished", "Network.loadingFailed":
        return .requestEnded(session: sessionId, request: request)
      case "Page.loadEventFired": return .loaded(session: sessionId)
      case "Inspector.targetCrashed": return .crashed(session: sessionId)
      default: return nil
      }
    }
  }

  /// The events the connection follows: a page's requests, its load, its renderer's crash.
  enum Event {
    case requestStarted(session: String, request: String, url: String, scripted: Bool)
    case requestEnded(session: String, request: String)
    case loaded(session: String)
    case crashed(session: String)
  }

  /// A command as written on the pipe.
  struct Envelope<Command: DevToolsCommand>: Encodable {
    var id: Int
    var method: String
    var params: Command
    var sessionId: String?
  }

  /// A reply: its result, decoded in the type its command expects, or why Chromium refused
  /// the command.
  struct Reply<Result: Decodable>: Decodable {
    var result: Result?
    var error: Message.Failure?
  }
}
