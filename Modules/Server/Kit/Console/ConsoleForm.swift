import Foundation
import Hummingbird
import NIOCore
import StrataCrossCutting

/// A console form's fields, read from an `application/x-www-form-urlencoded` body of at most
/// ``maxBytes``: every problem is a ``ConsoleFormError`` whose message the page shows.
struct ConsoleForm: Sendable {
    /// The largest form body accepted (64 KiB: a push body or template is the largest field).
    static let maxBytes = 64 * 1024
    /// The longest field accepted (characters).
    static let maxFieldLength = 16 * 1024

    /// The fields, by name (each given at most once).
    let fields: [String: String]

    /// The body of `request` read as a form.
    static func read(_ request: Request) async throws -> ConsoleForm {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw ConsoleFormError(
                localized(
                    "the form was not sent as application/x-www-form-urlencoded",
                    ja: "フォームが application/x-www-form-urlencoded で送信されていません"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await RequestReading.collect(request, upTo: maxBytes)
        } catch is HTTPFailure {
            throw ConsoleFormError(
                localized("the form is larger than \(maxBytes) bytes", ja: "フォームが \(maxBytes) バイトを超えています"))
        }
        return try parse(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    /// `text` (`a=1&b=x+y`) read as a form.
    static func parse(_ text: String) throws -> ConsoleForm {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw ConsoleFormError(localized("the form's encoding is malformed", ja: "フォームのエンコードが不正です"))
            }
            guard fields[name] == nil else {
                throw ConsoleFormError(
                    localized("the field \(name) is given more than once", ja: "項目 \(name) が複数回指定されています"))
            }
            guard value.count <= maxFieldLength else {
                throw ConsoleFormError(
                    localized(
                        "the field \(name) is longer than \(maxFieldLength) characters",
                        ja: "項目 \(name) が \(maxFieldLength) 文字を超えています"))
            }
            fields[name] = value
        }
        return ConsoleForm(fields: fields)
    }

    /// A field's value, `nil` when absent or blank.
    func optional(_ name: String) -> String? {
        guard let value = fields[name], !value.allSatisfy(\.isWhitespace) else { return nil }
        return value
    }

    /// A field's value, required: a missing or blank one throws, naming the field by `label`.
    func required(_ name: String, label: String) throws -> String {
        guard let value = optional(name) else {
            throw ConsoleFormError(localized("\(label) is required", ja: "\(label)を入力してください"))
        }
        return value
    }

    /// A field that must be one of `choices`.
    func choice(_ name: String, label: String, in choices: [String]) throws -> String {
        let value = try required(name, label: label)
        guard choices.contains(value) else {
            throw ConsoleFormError(
                localized(
                    "\(label) must be one of \(choices.joined(separator: ", ")), not '\(value.prefix(40))'",
                    ja: "\(label)は \(choices.joined(separator: ", ")) のいずれかです（'\(value.prefix(40))' は不可）"))
        }
        return value
    }

    /// One percent-encoded component, `+` read as a space; `nil` when malformed.
    private static func decode(_ component: Substring) -> String? {
        String(component).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A form field that is missing, malformed or out of range: its message is shown on the page.
struct ConsoleFormError: Error {
    /// What was wrong, and what was expected.
    let message: String

    init(_ message: String) { self.message = message }
}
