/// What a key does in a review.
///
/// The letters are insta's (`cargo insta review`), so its users'
/// hands already know them.
enum ReviewKey: Equatable {
  case accept, reject, skip, acceptRest, rejectRest
  case previous, next, switchView, openGallery, quit, help
  /// A group's changes, one by one rather than at once.
  case each
  case scrollDown, scrollUp, pageDown
  /// A key that does nothing.
  case ignored

  init(_ byte: UInt8) {
    switch Character(Unicode.Scalar(byte)) {
    case "a": self = .accept
    case "r": self = .reject
    case "s": self = .skip
    case "A": self = .acceptRest
    case "R": self = .rejectRest
    case "e": self = .each
    case "p": self = .previous
    case "n": self = .next
    case "d": self = .switchView
    case "o": self = .openGallery
    case "q": self = .quit
    case "?", "h": self = .help
    case "j": self = .scrollDown
    case "k": self = .scrollUp
    case " ": self = .pageDown
    default: self = .ignored
    }
  }

  /// The arrow keys: up and down scroll, left and right move between changes.
  init(arrow: UInt8) {
    switch Character(Unicode.Scalar(arrow)) {
    case "A": self = .scrollUp
    case "B": self = .scrollDown
    case "C": self = .next
    case "D": self = .previous
    default: self = .ignored
    }
  }

  /// The help a review shows on `?`.
  static let helpLines = [
    "A group (changes that remove and add the same lines) comes first: a and r decide all of",
    "  its changes, s skips them, e shows them one by one after the groups",
    "a  accept: write this change (a reference file, or the test source)",
    "r  reject: drop this change; the reference and the source stay as they are",
    "s  skip: leave it pending and go on",
    "A  accept every change not yet decided or skipped",
    "R  reject every change not yet decided or skipped",
    "n  next change (→)         p  previous change (←)",
    "d  switch the view: diff, new, old",
    "j / k (↓ / ↑)  scroll a line     space  scroll a page",
    "o  write the gallery page and show where this change is in it",
    "q  quit: what is not decided stays pending for the next review",
    "?  this help; any key goes back",
  ]
}
