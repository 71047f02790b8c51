import Foundation
import TestSupport
import Testing

/// `snapshot-record --stability` through the plugin, on a snapshot of each kind that varies.
///
/// One snapshot per kind of value that varies between runs (a UUID, two dates at second
/// precision made in one go, a dictionary's order, a bound port, a temporary path, a process
/// id, a measured duration, a float sum in varying order) and healthy ones. Each unstable one
/// is listed with its kind and a fix; pasted in, each fix makes the check pass; no healthy one
/// is listed; nothing is written into the package; `pending --json` and `--show` call a
/// pending change of one that varied unstable.
struct Stability {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/StabilityTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/StabilityTests"

  /// Each unstable assertion as written, and as its fix has it.
  static let fixes: [(String, String)] = [
    (
      #"assertSnapshot(of: "order \(UUID())", as: .lines)"#,
      #"assertSnapshot(of: "order \(UUID())", as: .lines.filtered([.uuids]))"#
    ),
    (
      #"from: Date()))", as: .lines)"#,
      #"from: Date()))", as: .lines.filtered([.iso8601Dates]))"#
    ),
    ("as: .lines.filtered([.iso8601Dates]))", "as: .lines.filtered([.iso8601Dates.flat]))"),
    (
      #"assertSnapshot(of: String(describing: fruit), as: .lines)"#,
      #"assertSnapshot(of: fruit, as: .dump)"#
    ),
    (
      #"assertSnapshot(of: "listening on 127.0.0.1:\(boundPort())", as: .lines)"#,
      ##"assertSnapshot(of: "listening on 127.0.0.1:\(boundPort())", as: .lines.filtered([.regex(#":\d{2,5}\b"#, replacement: ":<port>")]))"##
    ),
    (#"path, as: .lines)"#, #"path, as: .lines.filtered([.temporaryDirectory]))"#),
    (
      #"assertSnapshot(of: "worker pid \(getpid())", as: .lines)"#,
      ##"assertSnapshot(of: "worker pid \(getpid())", as: .lines.filtered([.regex(#"pid \d+"#, replacement: "pid <pid>")]))"##
    ),
    (
      #"ms", as: .lines)"#,
      ##"ms", as: .lines.filtered([.regex(#"took \d+(\.\d+)?"#, replacement: "took <duration>")]))"##
    ),
    (
      #"assertSnapshot(of: "total \(prices.values.reduce(0, +))", as: .lines)"#,
      #"assertSnapshot(of: "total \(String(format: "%.6f", prices.values.reduce(0, +)))", as: .lines)"#
    ),
  ]

  static let source = #"""
    import Foundation
    import Snapshots
    import SnapshotsJSON
    import Testing

    struct Account: Encodable { var id = 7; var name = "Ann" }
    let fruit = ["apple": 1, "pear": 2, "plum": 3, "fig": 4, "kiwi": 5, "lime": 6]
    // A sum of 3,000 values in a dictionary's order, which each process draws anew: the same
    // sum in four runs once in hundreds.
    let prices = Dictionary(
      uniqueKeysWithValues: (1...3_000).map {
        ("item \($0)", (Double($0) * 0.618033988749895).truncatingRemainder(dividingBy: 1) * 100)
      })

    func boundPort() -> Int {
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      defer { close(socket) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          _ = bind(socket, $0, length)
          _ = getsockname(socket, $0, &length)
        }
      }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    @Suite struct StabilityTests {
      @Test func healthyText() { assertSnapshot(of: "total 3\nitems 2", as: .lines) }
      @Test func healthyJSON() { assertSnapshot(of: Account(), as: .json) }
      @Test func healthyDump() { assertSnapshot(of: fruit, as: .dump) }
      @Test func healthyDate() {
        assertSnapshot(of: ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 0)), as: .lines)
      }

      @Test func uuid() { assertSnapshot(of: "order \(UUID())", as: .lines) }
      @Test func timestamp() {
        assertSnapshot(of: "at \(ISO8601DateFormatter().string(from: Date()))", as: .lines)
      }
      @Test func twoDates() {
        let (created, updated) = (Date(), Date())
        let format = ISO8601DateFormatter()
        assertSnapshot(
          of: "created \(format.string(from: created))\nupdated \(format.string(from: updated))",
          as: .lines.filtered([.iso8601Dates]))
      }
      @Test func dictionary() { assertSnapshot(of: String(describing: fruit), as: .lines) }
      @Test func port() { assertSnapshot(of: "listening on 127.0.0.1:\(boundPort())", as: .lines) }
      @Test func temporaryPath() {
        assertSnapshot(
          of: "wrote " + FileManager.default.temporaryDirectory.appendingPathComponent("export.csv")
            .path, as: .lines)
      }
      @Test func processID() { assertSnapshot(of: "worker pid \(getpid())", as: .lines) }
      @Test func duration() {
        let elapsed = ContinuousClock().measure { _ = (0..<1000).map { $0 * 2 } }
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15
        assertSnapshot(of: "took \(String(format: "%.4f", milliseconds)) ms", as: .lines)
      }
      @Test func floatSum() { assertSnapshot(of: "total \(prices.values.reduce(0, +))", as: .lines) }
    }

    """#

  /// The kind each unstable test's reference is listed with, and its fix's code.
  static let expected: [(String, String, String)] = [
    ("uuid", "a UUID", "as: <strategy>.filtered([.uuids])"),
    ("timestamp", "a timestamp", "as: <strategy>.filtered([.iso8601Dates])"),
    (
      "twoDates", "numbered placeholders that split or merged: <date-1> stands for readings",
      ".iso8601Dates.flat in place of the numbering filter"
    ),
    ("dictionary", "the order of a dictionary's or a set's members", "as: .dump"),
    ("port", "a port", ##".filtered([.regex(#":\d{2,5}\b"#, replacement: ":<port>")])"##),
    (
      "temporaryPath", "a temporary path, line 1, only under another environment",
      "as: <strategy>.filtered([.temporaryDirectory])"
    ),
    ("processID", "a process id", ##".filtered([.regex(#"pid \d+"#, replacement: "pid <pid>")])"##),
    (
      "duration", "a duration",
      ##".filtered([.regex(#"took \d+(\.\d+)?"#, replacement: "took <duration>")])"##
    ),
    ("floatSum", "a float's last digits", #"String(format: "%.6f", value)"#),
  ]

  func run() throws {
    try package.recording(Self.test, Self.source, folder: Self.folder, suite: "StabilityTests") {
      let before = try packageFiles()
      let started = Date()
      let checked = try package.snapshotRecord("--stability", "--filter", "StabilityTests")
      let checkSeconds = Date().timeIntervalSince(started)
      #expect(checked.status == 1, "\(checked.output)")
      // SwiftPM writes its own line to standard error as the plugin's output still comes: it
      // can land in the middle of one of the report's lines.
      let output = checked.output.replacingOccurrences(
        of: "error: Plugin ended with exit code 1\n", with: "")
      for (test, kind, fix) in Self.expected {
        guard let at = output.range(of: "\(Self.folder)/\(test).1.txt (\(Self.test):") else {
          Issue.record("\(test) is not listed:\n\(output)")
          continue
        }
        // The finding's lines: up to the next reference.
        let rest = output[at.upperBound...]
        let finding = rest.prefix(
          upTo: rest.range(of: "\n\(Self.folder)")?.lowerBound ?? rest.endIndex)
        #expect(finding.contains("  \(kind)"), "\(test): \(finding)")
        #expect(finding.contains("    fix: ") && finding.contains(fix), "\(test): \(finding)")
      }
      #expect(!output.contains("StabilityTests/healthy"), "\(output)")
      #expect(output.contains("Compared 13 snapshots in 4 runs"), "\(output)")
      #expect(output.contains("9 snapshots vary."), "\(output)")
      #expect(try packageFiles() == before, "nothing is written into the package")

      // A plain run leaves the varying ones pending: the listing and the review's header call
      // them unstable before anyone accepts them.
      #expect(try package.swift(["test", "--filter", "StabilityTests"]).status != 0)
      let listing = try package.snapshotRecord("--pending", "--json")
      #expect(listing.output.contains(#""unstable" : "unstable: a UUID""#), "\(listing.output)")
      let ids = try pendingIDs(in: listing.output)
      let shown = try package.snapshotRecord("--show", try #require(ids["uuid.1.txt"]))
      #expect(
        shown.output.contains("unstable: a UUID (snapshot-record --stability saw it vary"),
        "\(shown.output)")
      // The others vary too, but a plain run may repeat the recorded value (two dates in one
      // second, a sum in the recorded order, a temporary path that varies only elsewhere).
      #expect(ids.keys.contains("port.1.txt") && ids.keys.contains("processID.1.txt"), "\(ids)")
      let rejected = try package.swift(
        ["package", "--allow-writing-to-package-directory", "snapshot-record"]
          + ids.values.flatMap { ["--reject", $0] })
      #expect(rejected.status == 0, "\(rejected.output)")

      // Each fix pasted in: recorded again, nothing varies, and the healthy ones stay quiet.
      var fixed = Self.source
      for (unstable, fix) in Self.fixes {
        #expect(fixed.contains(unstable), "\(unstable)")
        fixed = fixed.replacingOccurrences(of: unstable, with: fix)
      }
      try package.write(Self.test, fixed)
      let rerecorded = try package.snapshotRecord("--filter", "StabilityTests")
      #expect(rerecorded.status == 0, "\(rerecorded.output)")
      let plain = Date()
      #expect(try package.swift(["test", "--filter", "StabilityTests"]).status == 0)
      let testSeconds = Date().timeIntervalSince(plain)
      let stable = try package.snapshotRecord("--stability", "--json", "--filter", "StabilityTests")
      #expect(stable.status == 0, "\(stable.output)")
      #expect(stable.output.contains(#""findings" : ["#), "\(stable.output)")
      #expect(stable.output.contains(#""compared" : 13"#), "\(stable.output)")
      #expect(!stable.output.contains(#""kind""#), "\(stable.output)")
      print(
        String(
          format:
            "Stability: %.1f s for 4 runs and the check, %.1f s for one swift test of the same tests",
          checkSeconds, testSeconds))
    }
  }

  /// The ids `pending --json` gives the changes, by their reference files' names.
  private func pendingIDs(in json: String) throws -> [String: String] {
    let start = try #require(json.firstIndex(of: "{"), "\(json)")
    let listing =
      try JSONSerialization.jsonObject(with: Data(json[start...].utf8)) as? [String: Any]
    let changes = listing?["changes"] as? [[String: Any]] ?? []
    return Dictionary(
      changes.compactMap { change in
        guard let reference = change["reference"] as? String, let id = change["id"] as? String
        else { return nil }
        return (URL(fileURLWithPath: reference).lastPathComponent, id)
      }
    ) { first, _ in first }
  }

  /// Every file of the package outside `.build`, with its bytes.
  private func packageFiles() throws -> [String: Data] {
    let root = package.folder.url
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let path = walker?.nextObject() as? String {
      if path == ".build" || path.hasPrefix(".build/") {
        walker?.skipDescendants()
        continue
      }
      let url = root.appendingPathComponent(path)
      if let data = try? Data(contentsOf: url) { files[path] = data }
    }
    return files
  }
}
