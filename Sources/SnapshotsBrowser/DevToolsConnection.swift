import Foundation
@_spi(Tooling) import Snapshots

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON object read from or written to Chromium, as `JSONSerialization` gives it.
struct DevToolsObject: @unchecked Sendable {
  var fields: [String: Any]
}

/// The DevTools protocol on a pipe (`--remote-debugging-pipe`), with no WebSocket and no port.
///
/// Chromium reads commands on its descriptor 3 and writes replies and events on 4, each message
/// a JSON object ended by a NUL byte.
///
/// Commands carry an `id` the reply repeats, and the `sessionId` of the page they are for; a
/// thread of its own reads replies and hands each to the task that waits for it. Of the events
/// it keeps only the network's and the load's: which requests each page still waits for, and
/// whether it was busy once loaded.
final class DevToolsConnection: Sendable {
  private let commands: Int32
  private let replies: Int32
  private let state = Locked(State())
  /// Held while a command is written; whether the command pipe is closed.
  private let writing = Locked(false)

  /// Why Chromium stopped answering: its last words on standard error.
  private let ending: @Sendable () -> String

  /// A command sent and not answered yet: the page it is for, the deadline its wait counts
  /// against (until its reply is read), and the task waiting for it.
  private struct Waiter {
    let session: String?
    let deadline: BrowserDeadline
    let reply: CheckedContinuation<DevToolsObject, any Error>

    func finish(with result: Result<DevToolsObject, any Error>) {
      deadline.endWait()
      reply.resume(with: result)
    }
  }

  private struct State {
    var nextID = 1
    /// The commands sent and not answered yet.
    var waiting: [Int: Waiter] = [:]
    /// The pages whose renderer crashed: their commands are never answered.
    var crashed: Set<String> = []
    /// Per page (session), its requests under way by id: their URLs, and the order in which
    /// they started (the number of requests seen before).
    var requests: [String: [String: (order: Int, url: String)]] = [:]
    var requestsSeen = 0
    /// The pages whose load event has fired since they began to load.
    var loaded: Set<String> = []
    /// The pages that were busy once loaded: a request ended after their load event, or one
    /// of their scripts started one (what it brings may change the page after it was stilled).
    var busy: Set<String> = []
    /// Why the connection ended, once it has.
    var ended: BrowserError?
  }

  /// `commands` is the write end of Chromium's descriptor 3, `replies` the read end of its 4;
  /// `ending` says why Chromium stopped answering (its last words on standard error).
  init(commands: Int32, replies: Int32, ending: @escaping @Sendable () -> String) {
    self.commands = commands
    self.replies = replies
    self.ending = ending
    // A command Chromium does not read (it hangs, and the pipe is full) must not hold the
    // writer past its deadline.
    _ = fcntl(commands, F_SETFL, fcntl(commands, F_GETFL) | O_NONBLOCK)
    Thread.detachNewThread { [self] in
      read()
      end(because: .ended(ending()))
    }
  }

  deinit {
    closeCommands()
    close(replies)
  }

  /// Whether Chromium still answers.
  var isOpen: Bool { state.withLock { $0.ended == nil } }

  /// Closes the command pipe: Chromium ends when it reads its end.
  func closeCommands() {
    writing.withLock { closed in
      if !closed { close(commands) }
      closed = true
    }
  }

  /// Sends a command and waits for its reply's `result` until `deadline`.
  ///
  /// A command not answered by then ends the connection: Chromium is not used again.
  @discardableResult
  func call(
    _ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
    until deadline: BrowserDeadline
  ) async throws -> [String: Any] {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    var data = try JSONSerialization.data(withJSONObject: message)
    data.append(0)
    let reply = try await withCheckedThrowingContinuation { continuation in
      let waiter = Waiter(session: session, deadline: deadline, reply: continuation)
      deadline.beginWait()
      let refused = state.withLock { state -> BrowserError? in
        if let ended = state.ended { return ended }
        if let session, state.crashed.contains(session) { return .pageCrashed }
        state.waiting[id] = waiter
        return nil
      }
      if let refused { return waiter.finish(with: .failure(refused)) }
      if let failure = write(data, method, until: deadline) { return end(because: failure) }
      let remaining = deadline.remaining.components
      let seconds = Double(remaining.seconds) + Double(remaining.attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        guard state.withLock({ $0.waiting[id] != nil }) else { return }
        end(because: .unanswered("answer", method, deadline))
      }
    }
    if let error = reply.fields["error"] as? [String: Any] {
      let text = error["message"] as? String ?? "\(error)"
      throw BrowserError(description: "Chromium refused \(method): \(text)")
    }
    return reply.fields["result"] as? [String: Any] ?? [:]
  }

  /// Waits until the page has no request under way, until `deadline`; whether it was busy
  /// since it began to load: it had a request under way, one ended after its load event, or
  /// one of its scripts started one.
  @discardableResult
  func networkIdle(session: String, until deadline: BrowserDeadline) async throws -> Bool {
    deadline.beginWait()
    defer { deadline.endWait() }
    let busy = state.withLock {
      $0.busy.contains(session) || $0.requests[session]?.isEmpty == false
    }
    while let pending = state.withLock({ $0.requests[session]?.values.min { $0.order < $1.order } })
    {
      guard !deadline.hasPassed else {
        throw BrowserError(
          description: "The page still waits for \(pending.url) after \(deadline.budget) "
            + "(the timeout:).")
      }
      try await Task.sleep(for: .milliseconds(2))
    }
    return busy
  }

  /// Forgets a page's requests: it is closed, or loads another page.
  func forget(session: String) {
    state.withLock { state in
      state.requests[session] = nil
      state.loaded.remove(session)
      state.busy.remove(session)
    }
  }

  // MARK: - The pipe

  /// Writes a command whole, waiting for room in the pipe until `deadline`; why it could not,
  /// if it could not.
  private func write(_ data: Data, _ method: String, until deadline: BrowserDeadline)
    -> BrowserError?
  {
    writing.withLock { closed in
      guard !closed else { return .ended(ending()) }
      return data.withUnsafeBytes { bytes -> BrowserError? in
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
          let count = Foundation.write(commands, start + offset, bytes.count - offset)
          if count > 0 {
            offset += count
          } else if count < 0 && errno == EAGAIN {
            let left = min(deadline.remaining / .milliseconds(1), 60_000)
            let milliseconds = Int32(left.rounded(.up))
            var room = pollfd(fd: commands, events: Int16(POLLOUT), revents: 0)
            guard milliseconds > 0, poll(&room, 1, milliseconds) >= 0 || errno == EINTR else {
              return .unanswered("read", method, deadline)
            }
          } else if count < 0 && errno == EINTR {
            continue
          } else {
            return .ended(ending())
          }
        }
        return nil
      }
    }
  }

  /// Reads messages until Chromium closes its end.
  private func read() {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(replies, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      var start = buffer.count
      buffer += chunk[..<count]
      var consumed = 0
      while let end = buffer[start...].firstIndex(of: 0) {
        receive(Data(buffer[consumed..<end]))
        consumed = end + 1
        start = consumed
      }
      buffer.removeFirst(consumed)
    }
  }

  private func receive(_ data: Data) {
    guard let fields = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      return
    }
    if let id = fields["id"] as? Int {
      return answer(id, with: .success(DevToolsObject(fields: fields)))
    }
    guard let session = fields["sessionId"] as? String, let method = fields["method"] as? String,
      let parameters = fields["params"] as? [String: Any]
    else { return }
    let request = parameters["requestId"] as? String ?? ""
    switch method {
    case "Network.requestWillBeSent":
      let url = (parameters["request"] as? [String: Any])?["url"] as? String ?? request
      let scripted = (parameters["initiator"] as? [String: Any])?["type"] as? String == "script"
      state.withLock { state in
        state.requests[session, default: [:]][request] = (state.requestsSeen, url)
        state.requestsSeen += 1
        if scripted { state.busy.insert(session) }
      }
    case "Network.loadingFinished", "Network.loadingFailed":
      state.withLock { state in
        guard state.requests[session]?.removeValue(forKey: request) != nil else { return }
        if state.loaded.contains(session) { state.busy.insert(session) }
      }
    case "Page.loadEventFired":
      state.withLock { _ = $0.loaded.insert(session) }
    case "Inspector.targetCrashed":
      let waiting = state.withLock { state in
        state.crashed.insert(session)
        let ids = state.waiting.filter { $0.value.session == session }.keys
        return ids.compactMap { state.waiting.removeValue(forKey: $0) }
      }
      for waiter in waiting { waiter.finish(with: .failure(BrowserError.pageCrashed)) }
    default:
      break
    }
  }

  private func answer(_ id: Int, with result: Result<DevToolsObject, any Error>) {
    state.withLock { $0.waiting.removeValue(forKey: id) }?.finish(with: result)
  }

  /// Ends the connection for good, once (the first reason is kept): every command waiting
  /// fails with it, later ones at once, and the command pipe is closed, which Chromium ends on.
  func end(because reason: BrowserError) {
    let (error, waiting) = state.withLock { state in
      if state.ended == nil { state.ended = reason }
      defer { state.waiting = [:] }
      return (state.ended ?? reason, Array(state.waiting.values))
    }
    closeCommands()
    for waiter in waiting { waiter.finish(with: .failure(error)) }
  }
}
