import StrataCrossCutting

/// A plain-text table with aligned columns, for screens and for text output.
///
/// Column widths follow the widest cell, counting East Asian wide characters (kanji, kana,
/// hangul, full-width forms) as two columns so Japanese patient names line up too.
///
/// ```swift
/// var table = TextTable(headers: ["#", "PATIENT", "AGE"], alignments: [.right, .left, .right])
/// table.rows = [["1", "Hanako Sato", "42"]]
/// print(table.render())
/// ```
public struct TextTable: Sendable, Hashable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable, Hashable { case left, right }

    /// The header row (printed as given).
    public var headers: [String]
    /// One alignment per column (missing ones are `.left`).
    public var alignments: [Alignment]
    /// The body rows; each row has one cell per header.
    public var rows: [[String]]

    /// A table with these headers, alignments and rows.
    public init(headers: [String], alignments: [Alignment] = [], rows: [[String]] = []) {
        self.headers = headers
        self.alignments = alignments
        self.rows = rows
    }

    /// The table as lines joined by newlines, without trailing spaces.
    public func render() -> String {
        renderedLines().joined(separator: "\n")
    }

    /// The table's lines, without trailing spaces: the header row first, then one line per
    /// row of ``rows`` (a list screen makes each a ``ScreenItem``).
    public func renderedLines() -> [String] {
        let all = [headers] + rows.map(Self.clean)
        var widths = Array(repeating: 0, count: headers.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], Self.displayWidth(cell))
            }
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() where column < widths.count {
                let padding = String(repeating: " ", count: widths[column] - Self.displayWidth(cell))
                let alignment = column < alignments.count ? alignments[column] : .left
                if column > 0 { line += "  " }
                line += alignment == .right ? padding + cell : cell + padding
            }
            // Without trailing spaces, dropped in place: a reversed copy of every line cost a
            // generic instantiation per start of a one-shot `reports list` (issue 29).
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Replaces line breaks and tabs so every row stays on one line, and escapes every other
    /// control character (`TerminalText.escaped(_:)`) so a cell cannot act on the terminal.
    private static func clean(_ row: [String]) -> [String] {
        row.map(flattened)
    }

    /// `text` on one line: line breaks and tabs as spaces, other control characters escaped.
    private static func flattened(_ text: String) -> String {
        TerminalText.escaped(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
    }

    /// The number of terminal columns `text` takes (wide characters count two):
    /// `TerminalText.displayWidth(_:)`.
    public static func displayWidth(_ text: String) -> Int {
        TerminalText.displayWidth(text)
    }

    /// `text` on one line (control characters escaped), shortened to at most `limit`
    /// columns, ending in `…` when cut.
    public static func truncate(_ text: String, to limit: Int) -> String {
        let flat = flattened(text)
        guard displayWidth(flat) > limit else { return flat }
        var result = ""
        for character in flat {
            let next = result + String(character)
            if displayWidth(next) > limit - 1 { break }
            result = next
        }
        return result + "…"
    }
}

extension TextTable {
    /// `label  value` lines with the values aligned (labels measured in terminal columns, so
    /// Japanese labels align too); continuation lines of a value are indented.
    /// Control characters other than line feeds and tabs are escaped
    /// (`TerminalText.escapedKeepingLines(_:)`).
    ///
    /// ```
    /// patient  Hanako Sato
    /// memo     line one
    ///          line two
    /// ```
    public static func labelled(_ lines: [(String, String)]) -> String {
        let width = lines.map { displayWidth($0.0) }.max() ?? 0
        let indent = String(repeating: " ", count: width + 2)
        return lines.map { label, value in
            let padded = TerminalText.padded(label, to: width) + "  "
            let valueLines = TerminalText.escapedKeepingLines(value).split(separator: "\n", omittingEmptySubsequences: false)
            return (padded + (valueLines.first.map(String.init) ?? ""))
                + valueLines.dropFirst().map { "\n" + indent + $0 }.joined()
        }.joined(separator: "\n")
    }
}
