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
    @Flag(
        name: .long,
        help: """
            Print one JSON document (stable keys, see Docs/Server.md) instead of text (at a terminal a listing \
            has a header row and aligned columns; piped, one tab-separated line per row).
            """)
    var json = false

    /// Prints `value` as JSON with `--json`, else the lines `text` makes: a listing's lines
    /// (`header` names its columns) as ``AdminTable/print(header:lines:to:)`` prints them.
    func print<Value: Encodable>(_ value: Value, to output: OutputSink, header: [String]? = nil, text: () -> [String]) throws {
        if json {
            output.out(TerminalText.jsonEscaped(String(decoding: try WireCoding.encoder().encode(value), as: UTF8.self)))
        } else if let header {
            AdminTable.print(header: header, lines: text(), to: output)
        } else {
            for line in text() { output.out(line) }
        }
    }
}

/// How an admin listing's text is laid out: for a person at a terminal, a header row and
/// aligned columns; into a pipe or a file, one tab-separated line per row and no header (what
/// scripts have read so far; `--json` is the stable form).
enum AdminTable {
    /// Whether standard output is a terminal (the host says so: ``StrataServerCLI/main(arguments:environment:output:terminal:makeServices:migrate:metrics:storage:)``).
    @TaskLocal static var atTerminal = false

    /// Prints `lines` (each ``AdminText/line(_:)-(String...)``'s tab-separated, escaped fields)
    /// under `header` in aligned columns at a terminal, else as they are.
    static func print(header: [String], lines: [String], to output: OutputSink) {
        guard atTerminal else {
            for line in lines { output.out(line) }
            return
        }
        output.out(table(header: header, lines: lines))
    }

    /// `header` and `lines` as aligned columns, two spaces apart; the last column unpadded.
    static func table(header: [String], lines: [String]) -> String {
        let rows = [header] + lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows {
            for (index, field) in row.enumerated() { widths[index] = max(widths[index], TerminalText.displayWidth(field)) }
        }
        return rows.map { row in
            row.enumerated().map { index, field in
                index == row.count - 1 ? field : TerminalText.padded(field, to: widths[index])
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
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
