import Testing

@testable import SnapshotsPNG

/// ΔE2000 against the published test pairs of Sharma, Wu and Dalal (2005).
@Suite struct CIEDE2000Tests {
  typealias Lab = CIEDE2000.Lab

  @Test(arguments: [
    (Lab(l: 50, a: 2.6772, b: -79.7751), Lab(l: 50, a: 0, b: -82.7485), 2.0425),
    (Lab(l: 50, a: 3.1571, b: -77.2803), Lab(l: 50, a: 0, b: -82.7485), 2.8615),
    (Lab(l: 50, a: 0, b: 0), Lab(l: 50, a: -1, b: 2), 2.3669),
    (Lab(l: 50, a: 2.49, b: -0.001), Lab(l: 50, a: -2.49, b: 0.0009), 7.1792),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 73, a: 25, b: -18), 27.1492),
    (Lab(l: 50, a: 2.5, b: 0), Lab(l: 50, a: 3.1736, b: 0.5854), 1.0),
    (Lab(l: 60.2574, a: -34.0099, b: 36.2677), Lab(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
    (Lab(l: 22.7233, a: 20.0904, b: -46.694), Lab(l: 23.0331, a: 14.973, b: -42.5619), 2.0373),
    (Lab(l: 90.9257, a: -0.5406, b: -0.9208), Lab(l: 88.6381, a: -0.8985, b: -0.7239), 1.5381),
  ])
  func matchesPublishedValues(first: Lab, second: Lab, expected: Double) {
    #expect(abs(CIEDE2000.difference(first, second) - expected) < 0.0001)
    #expect(abs(CIEDE2000.difference(second, first) - expected) < 0.0001)
  }

  @Test func sRGBToLab() {
    let white = CIEDE2000.lab(red: UInt8(255), green: 255, blue: 255)
    #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
    let red = CIEDE2000.lab(red: UInt8(255), green: 0, blue: 0)
    #expect(abs(red.l - 53.24) < 0.01 && abs(red.a - 80.09) < 0.01 && abs(red.b - 67.20) < 0.01)
    #expect(
      abs(CIEDE2000.difference(CIEDE2000.lab(red: UInt8(0), green: 0, blue: 0), white) - 100) < 0.01
    )
  }
}
