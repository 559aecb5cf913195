import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataWire

/// `--json`, which every admin command takes: one JSON document on standard output instead of
/// the text lines.
///
/// The keys are the public `Admin*` types' property names (camelCase, sorted), dates are
/// RFC 3339 in UTC, a missing value is `null`: the keys stay the same from run to run and are
/// listed in Docs/Server.md ("Admin commands").
struct JSONOption: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (stable keys, see Docs/Server.md) instead of text lines.")
    var json = false

    /// Prints `value` as JSON with `--json`, else the lines `text` makes.
    func print<Value: Encodable>(_ value: Value, to output: OutputSink, text: () -> [String]) throws {
        if json {
            output.out(TerminalText.jsonEscaped(String(decoding: try WireCoding.encoder().encode(value), as: UTF8.self)))
        } else {
            for line in text() { output.out(line) }
        }
    }
}

/// How admin commands print text: dates in RFC 3339 UTC (as in JSON), and every stored value
/// (a name, an id, a title: what a client or another administrator chose) with its control
/// characters escaped, so that a name can neither drive the operator's terminal nor forge a
/// line or a column of a listing.
enum AdminText {
    static func date(_ date: Date) -> String { date.formatted(.iso8601) }

    /// One line of a listing: each field escaped (``TerminalText/escaped(_:)``: line feeds and
    /// tabs too), joined by tabs.
    static func line(_ fields: String...) -> String { line(fields) }

    /// One line of a listing from an array of fields, as ``line(_:)-(String...)``.
    static func line(_ fields: [String]) -> String { fields.map(TerminalText.escaped).joined(separator: "\t") }

    /// A stored value quoted in a sentence (`created user …`), escaped the same way.
    static func shown(_ text: String) -> String { TerminalText.escaped(text) }
}
