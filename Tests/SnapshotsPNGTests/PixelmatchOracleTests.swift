import Foundation
import SnapshotsPNG
import TestSupport
import Testing

@testable import SnapshotsPNG

/// Counts of differing pixels agree with pixelmatch's (its Python port, from PyPI) on pairs of
/// pictures drawn here, at the same threshold, with and without anti-aliasing detection.
///
/// Skipped, saying so, where `python3 -c "import pixelmatch"` fails; CI installs it
/// (`Scripts/bootstrap`).
@Suite struct PixelmatchOracleTests {
  static let thresholds = [0, 0.05, 0.1, 0.2, 0.5]

  static func pairs() throws -> [(name: String, reference: Image, actual: Image)] {
    let disc = try Scenes.disc(antialiased: true)
    let stroke = try Scenes.stroke(antialiased: true)
    return [
      ("disc with and without anti-aliasing", disc, try Scenes.disc(antialiased: false)),
      ("disc moved by a pixel", disc, try Scenes.disc(centerX: 25, antialiased: true)),
      ("disc a little larger", disc, try Scenes.disc(radius: 15.4, antialiased: true)),
      (
        "disc in another colour", disc,
        try Scenes.disc(antialiased: true, foreground: (30, 70, 150, 255))
      ),
      ("stroke with and without anti-aliasing", stroke, try Scenes.stroke(antialiased: false)),
      ("stroke moved by half a pixel", stroke, try Scenes.stroke(antialiased: true, offset: 0.5)),
      ("speckles", disc, try Scenes.speckled(disc, count: 60, seed: 1)),
      ("speckles with alpha", disc, try Scenes.speckled(disc, count: 60, seed: 2, alpha: true)),
      ("everything a little brighter", stroke, try Scenes.shifted(stroke, by: 6)),
      (
        "translucent disc", try Scenes.disc(antialiased: true, foreground: (200, 30, 30, 90)),
        try Scenes.disc(antialiased: false, foreground: (200, 30, 30, 120))
      ),
      ("identical", disc, disc),
    ]
  }

  /// pixelmatch's counts for every pair, threshold and setting, from one Python process.
  static func pixelmatchCounts(_ pairs: [(name: String, reference: Image, actual: Image)])
    throws -> [[Int]]?
  {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var manifest: [[String: Any]] = []
    for (index, pair) in pairs.enumerated() {
      let first = folder.file("\(index)-a.rgba"), second = folder.file("\(index)-b.rgba")
      try Data(pair.reference.rgba).write(to: first)
      try Data(pair.actual.rgba).write(to: second)
      manifest.append([
        "a": first.path, "b": second.path, "width": pair.reference.width,
        "height": pair.reference.height,
      ])
    }
    try JSONSerialization.data(withJSONObject: manifest).write(to: folder.file("pairs.json"))
    let script = """
      import json, sys
      try:
          from pixelmatch import pixelmatch
      except ImportError:
          print("missing"); sys.exit(0)
      thresholds = \(thresholds)
      out = []
      for pair in json.load(open(sys.argv[1])):
          a = list(open(pair["a"], "rb").read()); b = list(open(pair["b"], "rb").read())
          row = []
          for t in thresholds:
              for include_aa in (True, False):
                  row.append(pixelmatch(a, b, pair["width"], pair["height"], threshold=t, includeAA=include_aa))
          out.append(row)
      print(json.dumps(out))
      """
    try Data(script.utf8).write(to: folder.file("oracle.py"))
    let run = try Command("python3", ["oracle.py", "pairs.json"], in: folder.url)
    let output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard run.status == 0, output != "missing" else { return nil }
    return try JSONDecoder().decode([[Int]].self, from: Data(output.utf8))
  }

  @Test func countsEqualPixelmatchs() throws {
    let pairs = try Self.pairs()
    guard let expected = try Self.pixelmatchCounts(pairs) else {
      print("PixelmatchOracleTests: skipped, pixelmatch is not installed (pip install pixelmatch)")
      return
    }
    var detectionMattered = false
    for (pair, row) in zip(pairs, expected) {
      var column = 0
      for threshold in Self.thresholds {
        for ignoringAntialiasing in [false, true] {
          let ours = PixelComparison(
            reference: pair.reference, actual: pair.actual,
            metric: .yiq(allowed: YIQDelta.allowed(byThreshold: threshold)),
            ignoringAntialiasing: ignoringAntialiasing
          ).differing
          #expect(
            ours == row[column],
            "\(pair.name), threshold \(threshold), anti-aliasing \(ignoringAntialiasing ? "ignored" : "counted")"
          )
          if ignoringAntialiasing && row[column] != row[column - 1] { detectionMattered = true }
          column += 1
        }
      }
    }
    // The pairs exercise the detector, not only the colour metric.
    #expect(detectionMattered)
  }
}
