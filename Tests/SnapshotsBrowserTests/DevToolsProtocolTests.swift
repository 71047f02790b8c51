import Foundation
import Testing

@testable import SnapshotsBrowser

/// What the connection reads of Chromium's messages before it decodes them.
@Suite struct DevToolsProtocolTests {
  /// A reply's id is read from its first bytes, so the reply is decoded once, in its command's
  /// type; an event, or a reply written otherwise, is left to the whole decode.
  @Test(arguments: [
    (#"{"id":12,"result":{"data":"iVBORw0KGgo="},"sessionId":"A1"}"#, 12),
    (#"{"id":7}"#, 7),
    (#"{"id":3,"error":{"code":-32000,"message":"No node"}}"#, 3),
  ])
  func aReplysIDIsReadFromItsStart(message: String, id: Int) {
    #expect(DevTools.replyID(Data(message.utf8)) == id)
  }

  @Test(arguments: [
    #"{"method":"Page.loadEventFired","params":{"timestamp":1.5},"sessionId":"A1"}"#,
    #"{"result":{},"id":12}"#,
    #"{"id":"12","result":{}}"#,
    #"{"id":12"#,
    #"{"id":99999999999999999999999,"result":{}}"#,
    "",
  ])
  func anythingElseIsDecodedWhole(message: String) {
    #expect(DevTools.replyID(Data(message.utf8)) == nil)
  }
}
