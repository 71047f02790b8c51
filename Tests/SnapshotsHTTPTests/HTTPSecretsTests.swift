import Foundation
import HTTPTypes
import InlineSnapshots
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsHTTP
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// No secret of ``SecretCorpus`` (a URL's user information, a header field, a cookie, a
/// `Set-Cookie`, a query, a form, JSON at any depth and in arrays, a compressed body, a
/// multipart form; `.http`, `.raw` and `.curl`) reaches anything the toolkit writes:
/// references, artifacts, pending records (file and inline), the failure log, the sensitivity
/// report, the catalog, the gallery page, or what the test prints.
@Suite struct HTTPSecretsTests {
  @Test(.enabled(if: Probe.isRunning("secretsProbe")))
  func secretsProbe() throws {
    let folder = try #require(ProcessInfo.processInfo.environment["SECRETS_PACKAGE"])
    let references = folder + "/Tests/AppTests/__Snapshots__/AccountTests"
    // Recorded, then changed (the actual values, their pending records and failures), then
    // passing (the sensitivity check's report).
    for (turn, attempt) in [1, 2, 1].enumerated() {
      let record: SnapshotTestingConfiguration.Record = turn == 0 ? .all : .never
      for (name, exchange) in try SecretCorpus.exchanges(attempt: attempt) {
        assertSnapshot(of: exchange, named: name, record: record, snapshotDirectory: references)
      }
      for (name, request) in try SecretCorpus.requests(attempt: attempt) {
        for (kind, strategy) in [
          ("raw", Snapshotting<URLRequest, String>.raw), ("pretty", .raw(pretty: true)),
          ("curl", .curl),
        ] {
          assertSnapshot(
            of: request, as: strategy, named: "\(kind)-\(name)", record: record,
            snapshotDirectory: references)
        }
      }
    }
    let (_, exchange) = try #require(try SecretCorpus.exchanges(attempt: 1).first)
    assertInlineSnapshot(of: exchange) {
      """
      old
      """
    }
  }

  @Test func noFileTheToolkitWritesHoldsASecret() async throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    let probe = try await Probe.run(
      "secretsProbe",
      environment: [
        "SECRETS_PACKAGE": root, PendingStore.directoryVariable: root + "/.build/snapshots/pending",
        "SNAPSHOT_ARTIFACTS": root + "/.build/snapshot-artifacts",
        FailureLog.variable: root + "/.build/snapshots/failures.jsonl",
        SensitivityCheck.variable: root + "/.build/snapshots/sensitivity.jsonl",
      ])
    #expect(probe.status != 0, "the probe fails on its changes: \(probe.output)")
    let secrets = SecretCorpus.secrets
    for (carrier, secret) in secrets {
      #expect(!probe.output.contains(secret), "\(carrier) printed")
    }
    let gallery = try SnapshotsCommand(
      parsing: ["gallery", "--package-directory", root], currentDirectory: package.url)
    #expect(gallery.run(print: { _ in }) == .success)
    var written: [String] = []
    let walker = FileManager.default.enumerator(atPath: root)
    while let path = walker?.nextObject() as? String {
      guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
      written.append(path)
      let text = String(decoding: data, as: UTF8.self)
      for (carrier, secret) in secrets {
        #expect(!text.contains(secret), "the \(carrier) secret in \(path)")
      }
    }
    // The gallery shows an exchange as text, its change as a diff.
    let page = try GalleryMarkup.snapshots(
      ofPage: String(contentsOfFile: root + "/.build/snapshots/gallery.html", encoding: .utf8))
    #expect(page.contains("Host: &lt;redacted&gt;@auth.example.com"), "\(page)")
    #expect(page.contains("password=&lt;redacted&gt;&amp;client_secret=&lt;redacted&gt;"))
    #expect(page.contains("<span class=\"add\">+X-Attempt: 2</span>"), "\(page)")
    // What was searched: references and artifacts of each strategy, the pending records, the
    // failure log, the catalog and page.
    for kind in [
      "oauth-token-", "raw-json-", "pretty-form-", "curl-json-", "snapshot-artifacts/", ".record",
      "failures.jsonl", "sensitivity.jsonl", "snapshot-catalog.json", "gallery.html",
    ] {
      #expect(written.contains { $0.contains(kind) }, "no \(kind) among \(written)")
    }
  }
}
