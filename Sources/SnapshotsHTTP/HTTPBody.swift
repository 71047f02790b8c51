import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsJSON

/// A body as text a reader can diff, decoded from its `Content-Encoding`.
///
/// Then written by its content type: JSON canonical (keys sorted, numbers written one way,
/// two-space indent), text in its `charset`, anything else as its size and SHA-256, never its
/// bytes.
///
/// What was done to it, or why it could not be, heads it in angle brackets:
/// `<decoded from gzip>`, `<the body says application/json but is not JSON: …>`.
enum HTTPBody {
  static func text(_ body: [UInt8], contentType: String?, contentEncoding: String?) -> String {
    let codings = (contentEncoding ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }.filter { !$0.isEmpty && $0 != "identity" }
    var decoded = body
    // Applied in the order listed, so undone from the last.
    for coding in codings.reversed() {
      do {
        decoded = try undo(coding, decoded)
      } catch {
        return "<the body is \(codings.joined(separator: ", "))-encoded and \(error)>\n"
          + binary(body)
      }
    }
    let said = codings.isEmpty ? "" : "<decoded from \(codings.joined(separator: ", "))>\n"
    return said + typed(decoded, contentType: contentType)
  }

  struct NotDecoded: Error, CustomStringConvertible {
    var description: String
  }

  private static func undo(_ coding: String, _ body: [UInt8]) throws(NotDecoded) -> [UInt8] {
    let wrappings: [Inflate.Wrapping]
    switch coding {
    case "gzip", "x-gzip": wrappings = [.gzipOrZlib]
    // Meant to be zlib-wrapped; some servers send it raw.
    case "deflate": wrappings = [.gzipOrZlib, .raw]
    default: throw NotDecoded(description: "\(coding) is not decoded here")
    }
    var failure = Inflate.Failure(description: "")
    for wrapping in wrappings {
      do {
        return try Inflate.decoded(body, wrapping)
      } catch {
        failure = error
      }
    }
    throw NotDecoded(description: "does not decode: \(failure)")
  }

  /// The decoded body by its media type.
  private static func typed(_ body: [UInt8], contentType: String?) -> String {
    let parts = (contentType ?? "").split(separator: ";")
    let mediaType = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    if mediaType == "application/json" || mediaType.hasSuffix("+json") {
      do {
        return endingInNewline(try JSONValue(parsing: body).normalizingNumbers().canonicalText)
      } catch {
        // Its place and reason, not the error's excerpt: that could begin inside a secret's
        // value, where no name says it is one.
        let said =
          "<the body says \(mediaType) but is not JSON: \(error.reason) at line \(error.line),"
          + " column \(error.column)>\n"
        return said + (String(validating: body, as: UTF8.self).map(endingInNewline) ?? binary(body))
      }
    }
    let charset = parts.dropFirst().lazy.compactMap { parameter -> String? in
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { return nil }
      return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased()
    }.first
    if let charset, !["utf-8", "utf8"].contains(charset) {
      guard let encoding = encodings[charset] else {
        return "<the body's charset \(charset) is not decoded here>\n" + binary(body)
      }
      guard let text = String(bytes: body, encoding: encoding) else {
        return "<the body is not \(charset)>\n" + binary(body)
      }
      return endingInNewline(text)
    }
    let text = String(validating: body, as: UTF8.self)
    if let text, isText(mediaType) || mediaType.isEmpty && !text.contains(where: isControl) {
      return endingInNewline(text)
    }
    return binary(body)
  }

  /// The charsets Foundation decodes on every platform, by their IANA names and aliases.
  private static let encodings: [String: String.Encoding] = [
    "us-ascii": .ascii, "ascii": .ascii, "iso-8859-1": .isoLatin1, "iso_8859-1": .isoLatin1,
    "latin1": .isoLatin1, "l1": .isoLatin1, "iso-8859-2": .isoLatin2,
    "windows-1252": .windowsCP1252,
    "cp1252": .windowsCP1252, "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251,
    "utf-16": .utf16, "utf-16le": .utf16LittleEndian, "utf-16be": .utf16BigEndian,
    "utf-32": .utf32, "utf-32le": .utf32LittleEndian, "utf-32be": .utf32BigEndian,
    "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
  ]

  private static func endingInNewline(_ text: String) -> String {
    text.hasSuffix("\n") ? text : text + "\n"
  }

  static func binary(_ body: [UInt8]) -> String {
    "<\(body.count) bytes, SHA-256 \(SHA256.hex(body))>\n"
  }

  /// Media types written as text: `text/*`, forms, XML, JavaScript.
  private static func isText(_ mediaType: String) -> Bool {
    mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml")
      || [
        "application/x-www-form-urlencoded", "application/xml", "application/javascript",
        "application/x-ndjson", "application/graphql",
      ].contains(mediaType)
  }

  private static func isControl(_ character: Character) -> Bool {
    character.unicodeScalars.contains {
      $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" || $0.value == 0x7F
    }
  }
}
