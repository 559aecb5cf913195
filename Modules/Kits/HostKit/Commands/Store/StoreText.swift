import StrataCrossCutting
import StrataData

/// How the `store` commands print their results: pure functions. Paths come from the user
/// (`STRATA_HOME`, the backup FILE) and may hold control characters: every result is shown
/// through `TerminalText`, so none reaches the terminal raw.
enum StoreText {
    /// `ok: <store>` (and the cleared mark), or `damaged: <store>` and one problem per line.
    static func check(_ result: StoreCheckResult) -> String {
        guard !result.isSound else {
            let cleared = result.clearedMark.map { "\n(cleared the damaged mark left by: \($0))" } ?? ""
            return TerminalText.escapedKeepingLines("ok: \(TerminalText.escaped(result.storePath)) is sound\(cleared)")
        }
        let shown = result.problems.prefix(100).map { "  \($0)" }
        let more = result.problems.count > 100 ? ["  … and \(result.problems.count - 100) more"] : []
        return TerminalText.escapedKeepingLines(
            (["damaged: \(TerminalText.escaped(result.storePath)) has \(result.problems.count) problem(s):"] + shown + more
                + ["Run `strata-host store recover` to copy what is readable into a new store."]).joined(separator: "\n"))
    }

    /// Where the backup went, and the key it needs.
    static func backup(_ result: StoreBackupResult) -> String {
        """
        Backed up the store into \(TerminalText.escaped(result.destination)) (\(result.pageCount) pages).
        Keep the data key \(TerminalText.escaped(result.keyPath)) too: it is not in the backup, and without it the encrypted \
        values cannot be read.
        """
    }

    /// Per table: what was recovered and what was lost; then where the damaged file is.
    static func recovery(_ report: StoreRecoveryReport) -> String {
        var lines = ["Recovered \(TerminalText.escaped(report.storePath)):"]
        for table in report.tables {
            var line = "  \(table.name): \(table.recovered) row(s) recovered"
            if let lost = table.lost, lost > 0 {
                line += ", \(lost) lost"
            } else if table.metDamage {
                line += ", rows on unreadable pages lost (how many is unknown)"
            }
            lines.append(line)
        }
        lines += report.schemaProblems.map { "  not made again: \($0)" }
        let lost = report.tables.reduce(0) { $0 + ($1.lost ?? 0) }
        let unknown = report.tables.contains { $0.metDamage && ($0.lost ?? 0) == 0 }
        lines.append(
            lost == 0 && !unknown ? "Nothing was lost." : "Lost: \(lost) row(s)\(unknown ? " and more on unreadable pages" : "").")
        lines.append("The damaged file is kept as \(TerminalText.escaped(report.keptDamagedFile)).")
        return TerminalText.escapedKeepingLines(lines.joined(separator: "\n"))
    }
}
