import Testing

@testable import Snapshots

/// The reference folder worked out from a path's bytes is the one `URL` gives, for plain paths
/// and for those it leaves to `URL`.
@Suite struct ReferenceFolderTests {
  @Test(arguments: [
    "/a/b/CardTests.swift", "/CardTests.swift", "/a b/ü/c d.swift", "/a/%20/e.swift",
    "/a/a.b.swift", "/a/x..swift", "/a/.x.y", "/a/x.tar.gz", "/a/x.s1", "/a/noext", "/a/x.",
    "/a/.hidden", "/a/..swift", "/a/x.sw ift", "/a/x.swift~", "/a/x.😀", "/a/./b/../c/D.swift",
    "/a//b/c.swift", "//a/b.swift", "/../a/b.swift", "/a/.../b.swift", "/a/..b/c.swift",
    "/a/b.swift/", "/a/b/..", "/a/b/./", "/", "rel/x.swift", "./rel/../y.swift", "~/x.swift",
  ])
  func bytesAgreeWithURL(testFile: String) {
    for directory in [nil, "/refs", "/refs/", "/refs//x/../y", "/a/./b", "rel/refs", "/"] {
      let fast = ReferenceFolder.of(testFile: testFile, snapshotDirectory: directory)
      let slow = ReferenceFolder.throughURL(testFile: testFile, snapshotDirectory: directory)
      #expect(fast == slow, "snapshotDirectory: \(directory ?? "nil")")
    }
  }
}
