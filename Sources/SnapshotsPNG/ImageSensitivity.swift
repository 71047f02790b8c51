import Snapshots

/// What `snapshot-record --sensitivity` changes in an image: pixels outside the masks, painted
/// in the colour farthest from theirs (beyond any threshold short of 1) — a block of 1% of the
/// image, then every one — so that masks covering everything, a threshold or precision that
/// passes any colour, and an allowance that passes a visible block show up.
extension ImageDifference {
  func changes(of image: Image) -> [SnapshotChange<Image>] {
    let (width, height) = (image.width, image.height)
    guard width > 0, height > 0, let masked = try? masks.coverage(width: width, height: height)
    else { return [] }
    let isMasked = { (pixel: Int) in !masked.isEmpty && masked[pixel] }
    let side = max(1, Int((Double(width * height) / 100).squareRoot().rounded()))
    let (blockWidth, blockHeight) = (min(width, side), min(height, side))
    // The first place the block fits outside the masks; under them when none does.
    var origin = (x: (width - blockWidth) / 2, y: (height - blockHeight) / 2)
    search: for y in stride(from: 0, through: height - blockHeight, by: blockHeight) {
      for x in stride(from: 0, through: width - blockWidth, by: blockWidth)
      where !(y..<(y + blockHeight)).contains(where: { row in
        (x..<(x + blockWidth)).contains { isMasked(row * width + $0) }
      }) {
        origin = (x, y)
        break search
      }
    }
    var changes: [SnapshotChange<Image>] = []
    func change(_ name: String, where included: (_ x: Int, _ y: Int) -> Bool) {
      var rgba = image.rgba
      var outside = 0
      for y in 0..<height {
        for x in 0..<width where included(x, y) {
          let pixel = y * width + x
          if !isMasked(pixel) { outside += 1 }
          for channel in 0..<3 {
            rgba[pixel * 4 + channel] = rgba[pixel * 4 + channel] < 128 ? 255 : 0
          }
          rgba[pixel * 4 + 3] = 255
        }
      }
      guard var changed = try? Image(width: width, height: height, rgba: rgba) else { return }
      changed.recordedIn = image.recordedIn
      let why = whyUncaught(outside, width * height)
      changes.append(SnapshotChange(name, changed, ifUncaught: why))
    }
    let block = "a block of \(pixels(blockWidth * blockHeight)) at (\(origin.x), \(origin.y))"
    change(block + " in another colour") { x, y in
      (origin.x..<(origin.x + blockWidth)).contains(x)
        && (origin.y..<(origin.y + blockHeight)).contains(y)
    }
    change("every pixel outside the masks in another colour") { x, y in
      !isMasked(y * width + x)
    }
    return changes
  }

  /// Which setting lets `count` changed pixels outside the masks pass, each in the colour
  /// farthest from its own.
  private func whyUncaught(_ count: Int, _ total: Int) -> String? {
    if count == 0 { return "no pixel outside the masks" }
    let allowed = allowed(of: total)
    if Double(count) <= allowed.count + 1e-9 {
      return "\(pixels(count)) changed (\(percent(Double(count) / Double(total)))) "
        + "within the \(allowed.text) allowed to differ"
    }
    if let threshold {
      return "a change of colour passes at threshold \(threshold)"
    }
    if perceptualPrecision < 1 {
      return "a change of colour passes at perceptual precision \(perceptualPrecision)"
    }
    return nil
  }
}
