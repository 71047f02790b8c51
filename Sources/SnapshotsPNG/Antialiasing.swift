/// Whether a pixel is likely part of an anti-aliased edge, so that a change there is a
/// difference of rendering rather than of content.
///
/// The "anti-aliased pixel and intensity slope detector" of V. Vyšniauskas (2009), as pixelmatch
/// applies it: among its up to eight neighbours, a pixel on such an edge has at most two of its
/// own brightness, has both darker and brighter ones, and its darkest or its brightest neighbour
/// sits inside a flat area (three or more equal neighbours) in both images.
struct Antialiasing {
  var width: Int
  var height: Int

  /// Whether pixel (`x`, `y`) of `image` lies on an anti-aliased edge, `other` being the image
  /// it is compared with.
  func isEdge(
    _ x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt8>,
    comparedWith other: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let (x0, y0, x2, y2) = (
      max(x - 1, 0), max(y - 1, 0), min(x + 1, width - 1), min(y + 1, height - 1)
    )
    let center = (y * width + x) * 4
    // A pixel on the image's border has fewer neighbours: count the missing ones as equal.
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var darkest = (delta: 0.0, x: 0, y: 0)
    var brightest = (delta: 0.0, x: 0, y: 0)
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        let delta = YIQDelta.brightness(image, center, image, (ny * width + nx) * 4)
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest.delta {
          darkest = (delta, nx, ny)
        } else if delta > brightest.delta {
          brightest = (delta, nx, ny)
        }
      }
    }
    guard darkest.delta != 0, brightest.delta != 0 else { return false }
    return (isFlat(darkest.x, darkest.y, in: image) && isFlat(darkest.x, darkest.y, in: other))
      || (isFlat(brightest.x, brightest.y, in: image)
        && isFlat(brightest.x, brightest.y, in: other))
  }

  /// Whether pixel (`x`, `y`) has three or more neighbours of exactly its colour.
  private func isFlat(_ x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt8>) -> Bool {
    let (x0, y0, x2, y2) = (
      max(x - 1, 0), max(y - 1, 0), min(x + 1, width - 1), min(y + 1, height - 1)
    )
    let center = (y * width + x) * 4
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        let other = (ny * width + nx) * 4
        if image[center] == image[other] && image[center + 1] == image[other + 1]
          && image[center + 2] == image[other + 2] && image[center + 3] == image[other + 3]
        {
          equal += 1
        }
        if equal > 2 { return true }
      }
    }
    return false
  }
}
