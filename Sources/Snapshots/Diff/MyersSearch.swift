/// Myers' divide-and-conquer search for the middle snake, over interned lines.
struct MyersSearch {
  let old: [Int]
  let new: [Int]
  let oldIndex: [Int]
  let newIndex: [Int]
  private(set) var oldChanged: [Bool]
  private(set) var newChanged: [Bool]
  private var forward: [Int]
  private var backward: [Int]
  private let offset: Int
  private let costLimit: Int

  init(old: (ids: [Int], positions: [Int]), new: (ids: [Int], positions: [Int])) {
    self.old = old.ids
    self.new = new.ids
    oldIndex = old.positions
    newIndex = new.positions
    oldChanged = Array(repeating: false, count: old.ids.count)
    newChanged = Array(repeating: false, count: new.ids.count)
    let total = old.ids.count + new.ids.count
    var limit = 1
    while limit * limit < total { limit *= 2 }
    costLimit = max(1024, limit)
    let span = min((total + 1) / 2, costLimit) + 2
    offset = span
    forward = Array(repeating: 0, count: 2 * span + 1)
    backward = Array(repeating: 0, count: 2 * span + 1)
  }

  mutating func run() {
    compare(old.startIndex, old.endIndex, new.startIndex, new.endIndex)
  }

  private mutating func compare(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) {
    var a0 = a0, a1 = a1, b0 = b0, b1 = b1
    while a0 < a1, b0 < b1, old[a0] == new[b0] { a0 += 1; b0 += 1 }
    while a0 < a1, b0 < b1, old[a1 - 1] == new[b1 - 1] { a1 -= 1; b1 -= 1 }
    if a0 == a1 {
      for index in b0..<b1 { newChanged[index] = true }
      return
    }
    if b0 == b1 {
      for index in a0..<a1 { oldChanged[index] = true }
      return
    }
    let snake = middleSnake(a0, a1, b0, b1)
    compare(a0, snake.startX, b0, snake.startY)
    compare(snake.endX, a1, snake.endY, b1)
  }

  private struct Snake {
    var startX: Int, startY: Int, endX: Int, endY: Int
  }

  /// A run of equal lines on an optimal path, about halfway along it.
  ///
  /// Both ranges are non-empty
  /// and differ at both ends, so each half is strictly smaller.
  private mutating func middleSnake(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int) -> Snake {
    let n = a1 - a0, m = b1 - b0
    let delta = n - m
    let odd = delta & 1 != 0
    let maxD = (n + m + 1) / 2
    forward[offset + 1] = 0
    backward[offset + 1] = 0
    var best = Snake(startX: 0, startY: 0, endX: 0, endY: 0)
    for d in 0...maxD {
      best = Snake(startX: 0, startY: 0, endX: 0, endY: 0)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
          ? forward[offset + k + 1] : forward[offset + k - 1] + 1
        var y = x - k
        let startX = x, startY = y
        while x < n, y < m, old[a0 + x] == new[b0 + y] { x += 1; y += 1 }
        forward[offset + k] = x
        let snake = Snake(startX: a0 + startX, startY: b0 + startY, endX: a0 + x, endY: b0 + y)
        if x + y > best.endX - a0 + best.endY - b0 { best = snake }
        let opposite = delta - k
        if odd, opposite >= -(d - 1), opposite <= d - 1, x + backward[offset + opposite] >= n {
          return snake
        }
      }
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
          ? backward[offset + k + 1] : backward[offset + k - 1] + 1
        var y = x - k
        let startX = x, startY = y
        while x < n, y < m, old[a1 - 1 - x] == new[b1 - 1 - y] { x += 1; y += 1 }
        backward[offset + k] = x
        let opposite = delta - k
        if !odd, opposite >= -d, opposite <= d, x + forward[offset + opposite] >= n {
          return Snake(startX: a1 - x, startY: b1 - y, endX: a1 - startX, endY: b1 - startY)
        }
      }
      if d >= costLimit, best.endX + best.endY > a0 + b0 { return best }
    }
    return best
  }
}
