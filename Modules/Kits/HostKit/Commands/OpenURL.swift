import ArgumentParser
import Foundation
import StrataCrossCutting

/// A `strata://` URL as `strata-host open` reads it: strictly, so that what is opened is
/// exactly what was written.
///
/// Refused, each with one line naming the parameter (or path segment) and what is expected:
/// a `%` not followed by two hex digits (`%ZZ`), percent-encoded bytes that are not UTF-8, a
/// parameter given twice (`age=1&age=2`), a parameter without `=` or without a name, a
/// `format` other than `json` or `text`, a fragment (`#…`), and a path segment that decodes to
/// something holding `/` or a control character (it would reach another route). `+` is an
/// ordinary character, as in every `strata://` URL `strata-host` makes.
struct OpenURL {
    /// The URL's host: the route (`reports`), lowercased.
    var route: String
    /// The path's segments, decoded (`["<id>", "edit"]`).
    var path: [String]
    /// The parameters, decoded, in the order given.
    var query: [(String, String)]

    /// The formats every micro-app's `format` parameter accepts.
    static let formats = ["json", "text"]

    /// Reads `text`.
    ///
    /// - Throws: `ValidationError` naming the URL and what is wrong in it.
    init(_ text: String) throws {
        func refuse(_ problem: String) -> ValidationError {
            ValidationError("'\(TerminalText.escaped(text))': \(problem)")
        }
        // Read by hand: Foundation's URLComponents keeps a bad escape (`%ZZ`) as text, and once
        // one is present it re-encodes every other `%` too.
        let prefix = StrataConstants.urlScheme + "://"
        guard text.lowercased().hasPrefix(prefix) else {
            throw refuse("not a strata:// URL; expected e.g. strata://reports/new?patientName=…&age=…")
        }
        let rest = text.dropFirst(prefix.count)
        guard !rest.contains("#") else {
            throw refuse("strata:// URLs take no fragment ('#…'); put every value in a parameter")
        }
        let beforeQuery = rest.prefix { $0 != "?" }
        let rawQuery = rest.dropFirst(beforeQuery.count + 1)
        let rawHost = beforeQuery.prefix { $0 != "/" }
        route = try Self.decode(String(rawHost), what: "the route", refuse: refuse).lowercased()
        let rawPath = beforeQuery.dropFirst(rawHost.count)
        // An empty segment would vanish and shift the rest: `reports//delete` would read "delete" as an id.
        guard !rawPath.contains("//") else {
            throw refuse("the path has an empty segment ('//'); write each segment, e.g. strata://reports/<id>/edit")
        }
        path = try rawPath.split(separator: "/").map { raw in
            let shown = TerminalText.escaped(String(raw))
            let segment = try Self.decode(String(raw), what: "the path segment '\(shown)'", refuse: refuse)
            if let (scalar, _) = TerminalText.firstControl(in: segment) {
                throw refuse("the path segment '\(shown)' holds the control character \(TerminalText.describe(scalar))")
            }
            guard !segment.contains("/") else {
                throw refuse("the path segment '\(shown)' holds an encoded '/' (%2F); no id holds one")
            }
            return segment
        }
        var query: [(String, String)] = []
        for piece in rawQuery.split(separator: "&") {
            guard let equals = piece.firstIndex(of: "=") else {
                let shown = TerminalText.escaped(String(piece))
                throw refuse("parameter '\(shown)' has no value; write \(shown)=<value>")
            }
            let key = try Self.decode(String(piece[..<equals]), what: "a parameter name", refuse: refuse)
            guard !key.isEmpty else {
                throw refuse("a parameter has no name ('\(TerminalText.escaped(String(piece)))'); write name=value")
            }
            let shownKey = TerminalText.escaped(key)
            let value = try Self.decode(
                String(piece[piece.index(after: equals)...]), what: "parameter '\(shownKey)'", refuse: refuse)
            guard !query.contains(where: { $0.0 == key }) else {
                throw refuse("parameter '\(shownKey)' is given twice; give each parameter once")
            }
            if key == "format", !Self.formats.contains(value) {
                throw refuse(
                    "parameter 'format' is '\(TerminalText.escaped(value))'; expected one of: "
                        + Self.formats.joined(separator: ", "))
            }
            query.append((key, value))
        }
        self.query = query
    }

    /// The URL to open: the same route, path and parameters, encoded afresh; `json` sets
    /// `format=json`.
    ///
    /// - Throws: `ValidationError` when the URL already says `format=text`.
    func url(json: Bool) throws -> URL {
        var items = query
        if json {
            if let format = items.first(where: { $0.0 == "format" }), format.1 != "json" {
                throw ValidationError("--json contradicts the URL's format=\(format.1); give one of them")
            }
            items.removeAll { $0.0 == "format" }
        }
        return HostURL.make(route, path, query: items.map { ($0.0, Optional($0.1)) }, json: json)
    }

    /// `text` with each `%XX` decoded, refusing a `%` without two hex digits and bytes that
    /// are not UTF-8.
    private static func decode(
        _ text: String, what: String, refuse: (String) -> ValidationError
    ) throws -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = utf8.prefix(2)
            guard digits.count == 2, digits.allSatisfy(isHexDigit),
                let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                let shown = "%" + String(decoding: digits, as: UTF8.self)
                throw refuse("\(what) holds '\(TerminalText.escaped(shown))', which is not a percent-encoded byte; "
                    + "expected % and two hex digits (%20 for a space, %25 for %)")
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw refuse("\(what) decodes to bytes that are not UTF-8 text; percent-encode the text's UTF-8 bytes")
        }
        return decoded
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
