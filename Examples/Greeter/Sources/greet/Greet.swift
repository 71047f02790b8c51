import ArgumentParser

/// Greets someone, as many times as asked.
@main
struct Greet: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Greet someone, as many times as asked.")

  @Option(help: "Who to greet.")
  var name = "world"

  @Option(help: "How many times, from 1 to 10.")
  var times = 1

  @Flag(help: "Shout the greeting.")
  var loud = false

  func validate() throws {
    guard (1...10).contains(times) else {
      throw ValidationError("--times must be from 1 to 10, not \(times).")
    }
  }

  func run() {
    let greeting = "Hello, \(name)!"
    for _ in 0..<times { print(loud ? greeting.uppercased() : greeting) }
  }
}
