import Foundation

/// Finds the snapshot files under a package's `__Snapshots__` folders whose test no longer
/// exists.
///
/// An orphan is a reference that no assertion used in the run *and* whose test file
/// (`__Snapshots__/<File>/…` belongs to `<File>.swift` beside the folder) is gone or declares no
/// function its name starts with (`<function>.` or `<function>-`, or a folder named `<function>`),
/// after any suite (`<Suite>.<function>.`). Functions are read from the
/// source in every `#if` branch, so a test that is disabled, skipped, behind `.enabled(if:)` or
/// compiled only on another platform keeps its references.
///
/// A case of a parameterized test (`render-_-a-md-1f2e3d4c.1.txt`: the function, `-`, its
/// arguments made a word, then `.`) is an orphan too when the run used other cases of that
/// function beside it but none of this case's references: its arguments are gone (a fixture
/// file renamed or deleted). A case whose arguments differ from platform to platform looks
/// gone on the others, so orphans are listed first and deleted only with `--prune`.
public enum OrphanScan {
  /// Paths of the orphans, sorted; hidden files (`.editorconfig`) are not references.
  public static func orphans(in packageDirectory: URL, used: Set<String>) -> [String] {
    var found: [String] = []
    var functions: [String: Set<String>?] = [:]
    // The names of the references the run used, by their folder.
    var usedNames: [String: [String]] = [:]
    for path in used {
      let url = URL(fileURLWithPath: path)
      usedNames[url.deletingLastPathComponent().path, default: []].append(url.lastPathComponent)
    }
    for folder in snapshotFolders(in: packageDirectory) {
      for url in referenceFiles(in: folder) {
        let path = url.standardizedFileURL.path
        guard !used.contains(path) else { continue }
        let relative = url.standardizedFileURL.pathComponents.dropFirst(
          folder.standardizedFileURL.pathComponents.count)
        guard let source = testFile(of: url, in: folder) else { continue }
        if functions[source.path] == nil {
          functions[source.path] = .some(declaredFunctions(in: source))
        }
        let names = functions[source.path] ?? nil
        // The entry right under the test file's folder: the reference, or a folder of them;
        // named after a suite (`Suite.test.1.txt`), its test comes after a `.`.
        let name = relative[relative.startIndex + 1]
        let tails =
          [name[...]]
          + name.indices.filter { name[$0] == "." }.map {
            name[name.index(after: $0)...]
          }
        let hasTest = tails.contains { tail in
          names?.contains { tail == $0 || tail.hasPrefix($0 + ".") || tail.hasPrefix($0 + "-") }
            ?? false
        }
        let beside =
          relative.count == 2
          ? usedNames[URL(fileURLWithPath: path).deletingLastPathComponent().path] : nil
        if !hasTest
          || isGoneCase(name, tails: tails, functions: names ?? [], usedBeside: beside ?? [])
        {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }

  /// Whether the reference `name` is only ever read as a case of a parameterized function
  /// (`<function>-…`) that the run used other cases of, none of them this one.
  static func isGoneCase(
    _ name: String, tails: [Substring], functions: Set<String>, usedBeside: [String]
  ) -> Bool {
    var gone = false
    for tail in tails {
      for function in functions {
        if tail == function || tail.hasPrefix(function + ".") { return false }
        guard tail.hasPrefix(function + "-") else { continue }
        // The case's references all begin with `key.`; the function's cases with `cases`.
        let cases = name[..<tail.startIndex] + function + "-"
        let key = name[..<(tail.dropFirst(function.count + 1).firstIndex(of: ".") ?? name.endIndex)]
        let ran = usedBeside.contains { $0.hasPrefix(cases) }
        if !ran || usedBeside.contains(where: { $0.hasPrefix(key + ".") }) { return false }
        gone = true
      }
    }
    return gone
  }

  /// The names of the functions a Swift file declares, in every `#if` branch; `nil` when the
  /// file cannot be read.
  static func declaredFunctions(in file: URL) -> Set<String>? {
    declarations(in: file).map { Set($0.keys.map { $0.prefix { $0 != "(" } }.map(String.init)) }
  }

  /// How many times a Swift file declares each function, by its full name as a test's name is
  /// spelt (`dump()`, `pages(n:)`), in every `#if` branch; `nil` when the file cannot be read.
  static func declarations(in file: URL) -> [String: Int]? {
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    return SwiftDeclarations.functions(in: String(decoding: data, as: UTF8.self))
  }

  /// The test source a reference belongs to: `__Snapshots__/<File>/…` is `<File>.swift` beside
  /// the folder; `nil` for a file right in the folder.
  static func testFile(of reference: URL, in folder: URL) -> URL? {
    let parts = reference.standardizedFileURL.pathComponents.dropFirst(
      folder.standardizedFileURL.pathComponents.count)
    guard parts.count >= 2, let name = parts.first else { return nil }
    return folder.deletingLastPathComponent().appendingPathComponent(name + ".swift")
  }

  /// The files under a `__Snapshots__` folder, hidden ones left out; linked folders and files
  /// are followed.
  static func referenceFiles(in folder: URL) -> [URL] {
    var files: [URL] = []
    FolderWalk.walk(folder, intoLinks: true) { url, isDirectory in
      if !isDirectory { files.append(url) }
      return .enter
    }
    return files
  }

  /// `__Snapshots__` folders (or links to folders), outside build folders, hidden ones and
  /// linked folders.
  static func snapshotFolders(in directory: URL) -> [URL] {
    var folders: [URL] = []
    FolderWalk.walk(directory, intoLinks: false) { url, isDirectory in
      let name = url.lastPathComponent
      guard isDirectory, !name.hasPrefix(".build"), name != "Packages" else { return .skip }
      if name == "__Snapshots__" {
        folders.append(url)
        return .skip
      }
      return .enter
    }
    return folders
  }
}
