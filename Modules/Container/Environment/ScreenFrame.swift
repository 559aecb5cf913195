import StrataCrossCutting

/// What the container draws for the screen on top: its lines (a pending message first) and,
/// on a full-screen terminal, the status line.
///
/// A plain terminal (a pipe, the in-memory terminal of tests) writes ``lines`` as they are; a
/// full-screen one lays the frame out with ``fitted(to:)``: the status line first, then the
/// lines, each cut to the width, and as many as fit the height.
public struct ScreenFrame: Sendable, Hashable {
    /// The screen's lines, top to bottom (a line may hold line breaks: a rendered table).
    public var lines: [String]
    /// The status line (user, pending and rejected changes, the latest warning), or `nil`.
    public var status: String?

    /// A frame of `lines` with an optional status line.
    public init(lines: [String], status: String? = nil) {
        self.lines = lines
        self.status = status
    }

    /// The rows to write on a terminal of `size`, top to bottom: the status line (when there
    /// is one), then the screen's lines, each cut to the width (``ScreenLine/cut(_:to:)``, tabs
    /// expanded first).
    ///
    /// The last row of the terminal is left for what the person types. When the lines do not
    /// fit, the first ones and the last (the line saying what can be typed) are kept, with
    /// `… N more lines` between them. An unknown dimension (0) cuts nothing.
    public func fitted(to size: TerminalSize) -> [String] {
        let body = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var rows: [String] = []
        if let status { rows.append(status) }
        let room = size.rows > 0 ? max(1, size.rows - rows.count - 1) : Int.max
        if body.count <= room {
            rows += body
        } else {
            // Keep the footer (the "Type …" line) and the top of the screen.
            let footer = body.last.map { [$0] } ?? []
            let kept = max(0, room - footer.count - 1)
            let hidden = body.count - kept - footer.count
            rows += body.prefix(kept)
            if room > footer.count { rows.append(Self.moreLines(hidden)) }
            rows += footer
        }
        return rows.map { ScreenLine.cut(ScreenLine.expandingTabs($0), to: size.columns) }
    }

    /// `… N more lines`.
    static func moreLines(_ count: Int) -> String {
        count == 1
            ? localized("… 1 more line", ja: "… ほか 1 行")
            : localized("… \(count) more lines", ja: "… ほか \(count) 行")
    }
}
