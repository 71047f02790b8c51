import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let state = Locked(State())
  /// Held while a command is written; whether the command pipe is closed.
  private let writing = Locked(false)

  /// Why Chromium stopped answering: its last words on standard error.
  private let ending: @Sendable () -> String

  /// A task waiting on Chromium: the page it waits for, the deadline its wait counts against
  /// (until it is answered), and what answers it: a command's reply (the message whole, which
  /// the task decodes as its command's result), or nothing once a page's requests have ended.
  private struct Waiter<Answer: Sendable> {
    let session: String?
    let deadline: BrowserDeadline
    let task: CheckedContinuation<Answer, any Error>

    func finish(with result: Result<Answer, any Error>) {
      deadline.endWait()
      task.resume(with: result)
    }
  }

  private struct State {
    var nextID = 1
    /// The commands sent and not answered yet.
    var waiting: [Int: Waiter<Data>] = [:]
    /// The waits for a page's requests to end, by a number of their own.
    var idleWaiting: [Int: Waiter<Void>] = [:]
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
    self.ending = ending
    // A command Chromium does not read (it hangs, and the pipe is full) must not hold the
    // writer past its deadline.
    _ = fcntl(commands, F_SETFL, fcntl(commands, F_GETFL) | O_NONBLOCK)
    let messages = Locked(Messages())
    Descriptors.drain(
      replies, { [self] chunk in messages.withLock { $0.append(chunk) }.forEach(receive) },
      ended: { [self] in end(because: .ended(ending())) })
  }

  deinit {
    closeCommands()
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
  func send<Command: DevToolsCommand>(
    _ command: Command, session: String? = nil, until deadline: BrowserDeadline
  ) async throws -> Command.Result {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    let method = command.method
    var data = try JSONEncoder().encode(
      DevTools.Envelope(id: id, method: method, params: command, sessionId: session))
    data.append(0)
    let reply = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Data, any Error>) in
      let waiter = Waiter(session: session, deadline: deadline, task: continuation)
      deadline.beginWait()
      let refused = state.withLock { state -> BrowserError? in
        if let ended = state.ended { return ended }
        if let session, state.crashed.contains(session) { return .pageCrashed }
        state.waiting[id] = waiter
        return nil
      }
      if let refused { return waiter.finish(with: .failure(refused)) }
      if let failure = write(data, method, until: deadline) { return end(because: failure) }
      after(deadline) { [self] in
        guard state.withLock({ $0.waiting[id] != nil }) else { return }
        end(because: .unanswered("answer", method, deadline))
      }
    }
    let decoded: DevTools.Reply<Command.Result>
    do {
      decoded = try JSONDecoder().decode(DevTools.Reply<Command.Result>.self, from: reply)
    } catch {
      throw BrowserError(description: "Chromium's reply to \(method) was unreadable: \(error)")
    }
    if let error = decoded.error {
      throw BrowserError(description: "Chromium refused \(method): \(error.message)")
    }
    guard let result = decoded.result else {
      throw BrowserError(description: "Chromium's reply to \(method) had no result.")
    }
    return result
  }

  /// Waits until the page has no request under way, until `deadline`; whether it was busy
  /// since it began to load: it had a request under way, one ended after its load event, or
  /// one of its scripts started one.
  @discardableResult
  func networkIdle(session: String, until deadline: BrowserDeadline) async throws -> Bool {
    let (busy, wait) = state.withLock { state in
      defer { state.nextID += 1 }
      let underWay = state.requests[session]?.isEmpty == false
      return (state.busy.contains(session) || underWay, underWay ? state.nextID : nil)
    }
    guard let wait else { return busy }
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      let waiter = Waiter(session: session, deadline: deadline, task: continuation)
      deadline.beginWait()
      let settled = state.withLock { state -> Result<Void, any Error>? in
        if let ended = state.ended { return .failure(ended) }
        if state.crashed.contains(session) { return .failure(BrowserError.pageCrashed) }
        if state.requests[session]?.isEmpty != false { return .success(()) }
        state.idleWaiting[wait] = waiter
        return nil
      }
      if let settled { return waiter.finish(with: settled) }
      after(deadline) { [self] in
        let late = state.withLock { state in
          state.idleWaiting.removeValue(forKey: wait).map {
            ($0, state.requests[session]?.values.min { $0.order < $1.order }?.url)
          }
        }
        guard let (waiter, url) = late else { return }
        waiter.finish(
          with: .failure(
            BrowserError(
              description: "The page still waits for \(url ?? "a request") after "
                + "\(deadline.budget) (the timeout:).")))
      }
    }
    return busy
  }

  /// Runs `body` once what is left of `deadline` has passed.
  private func after(_ deadline: BrowserDeadline, _ body: @escaping @Sendable () -> Void) {
    let remaining = deadline.remaining.components
    let seconds = Double(remaining.seconds) + Double(remaining.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: body)
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
          let count = Descriptors.write(
            commands, UnsafeRawBufferPointer(start: start + offset, count: bytes.count - offset))
          if count > 0 {
            offset += count
          } else if count < 0 && errno == EAGAIN {
            let left = min(deadline.remaining / .milliseconds(1), 60_000)
            let milliseconds = Int32(left.rounded(.up))
            var room = pollfd(fd: commands, events: Int16(POLLOUT), revents: 0)
            guard milliseconds > 0, poll(&room, 1, milliseconds) >= 0 || errno == EINTR else {
              return .unanswered("read", method, deadline)
            }
          } else {
            return .ended(ending())
          }
        }
        return nil
      }
    }
  }

  private func receive(_ data: Data) {
    if let id = DevTools.replyID(data) { return answer(id, with: .success(data)) }
    guard let message = try? JSONDecoder().decode(DevTools.Message.self, from: data) else {
      return
    }
    if let id = message.id { return answer(id, with: .success(data)) }
    switch message.event {
    case .requestStarted(let session, let request, let url, let scripted):
      state.withLock { state in
        state.requests[session, default: [:]][request] = (state.requestsSeen, url)
        state.requestsSeen += 1
        if scripted { state.busy.insert(session) }
      }
    case .requestEnded(let session, let request):
      let idle = state.withLock { state -> [Waiter<Void>] in
        guard state.requests[session]?.removeValue(forKey: request) != nil else { return [] }
        if state.loaded.contains(session) { state.busy.insert(session) }
        guard state.requests[session]?.isEmpty == true else { return [] }
        return state.idleWaiting.take { $0.session == session }
      }
      for waiter in idle { waiter.finish(with: .success(())) }
    case .loaded(let session):
      state.withLock { _ = $0.loaded.insert(session) }
    case .crashed(let session):
      let (waiting, idle) = state.withLock { state in
        state.crashed.insert(session)
        return (
          state.waiting.take { $0.session == session },
          state.idleWaiting.take { $0.session == session }
        )
      }
      for waiter in waiting { waiter.finish(with: .failure(BrowserError.pageCrashed)) }
      for waiter in idle { waiter.finish(with: .failure(BrowserError.pageCrashed)) }
    case nil:
      break
    }
  }

  private func answer(_ id: Int, with result: Result<Data, any Error>) {
    state.withLock { $0.waiting.removeValue(forKey: id) }?.finish(with: result)
  }

  /// Ends the connection for good, once (the first reason is kept): every command waiting
  /// fails with it, later ones at once, and the command pipe is closed, which Chromium ends on.
  func end(because reason: BrowserError) {
    let (error, waiting, idle) = state.withLock { state in
      if state.ended == nil { state.ended = reason }
      return (
        state.ended ?? reason, state.waiting.take { _ in true },
        state.idleWaiting.take { _ in true }
      )
    }
    closeCommands()
    for waiter in waiting { waiter.finish(with: .failure(error)) }
    for waiter in idle { waiter.finish(with: .failure(error)) }
  }
}

/// The messages Chromium writes, each ended by a NUL byte, as they come in chunks of the pipe.
private struct Messages {
  private var buffer: [UInt8] = []

  /// Takes in a chunk; the messages it ends.
  mutating func append(_ chunk: ArraySlice<UInt8>) -> [Data] {
    var start = buffer.count
    buffer += chunk
    var consumed = 0
    var ended: [Data] = []
    while let end = buffer[start...].firstIndex(of: 0) {
      ended.append(Data(buffer[consumed..<end]))
      consumed = end + 1
      start = consumed
    }
    buffer.removeFirst(consumed)
    return ended
  }
}

extension Dictionary {
  /// Takes out the values `matching` picks: the waits a crash or the end answers.
  fileprivate mutating func take(_ matching: (Value) -> Bool) -> [Value] {
    let keys = filter { matching($0.value) }.keys
    return keys.compactMap { removeValue(forKey: $0) }
  }
}
