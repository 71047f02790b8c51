import TransformTesting
import XCTest

final class TransformTests: XCTestCase {
  func testPlain() {
    assertTransform {
      "abc"
    }
  }

  func testDigits() {
    assertTransform {
      "a1"
    }
  }
}
