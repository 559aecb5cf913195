/// The size of a terminal window in character cells, as `ioctl(TIOCGWINSZ)` reports it.
///
/// A dimension of 0 means unknown (a pseudo-terminal nobody sized): nothing is cut to it.
public struct TerminalSize: Sendable, Hashable {
    /// Columns per line (0: unknown).
    public var columns: Int
    /// Lines on the screen (0: unknown).
    public var rows: Int

    /// A size of `columns` × `rows`.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
