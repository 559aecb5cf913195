import StrataCrossCutting
import StrataMaintenance
import StrataSession

/// How the `store` commands print their results: pure functions. Paths come from the user
/// (`STRATA_HOME`, the backup FILE) and may hold control characters: every result is shown
/// through `TerminalText`, so none reaches the terminal raw.
enum StoreText {
    /// `ok: <store>` (and the cleared mark), or `damaged: <store>` and one problem per line.
    static func check(_ result: StoreCheckResult) -> String {
        guard !result.isSound else {
            let cleared =
                result.clearedMark.map {
                    localized("\n(cleared the damaged mark left by: \($0))", ja: "\n（次が残した破損マークを消去しました: \($0)）")
                } ?? ""
            let path = TerminalText.escaped(result.storePath)
            return TerminalText.escapedKeepingLines(localized("ok: \(path) is sound\(cleared)", ja: "ok: \(path) は正常です\(cleared)"))
        }
        let shown = result.problems.prefix(100).map { "  \($0)" }
        let more =
            result.problems.count > 100
            ? [localized("  … and \(result.problems.count - 100) more", ja: "  … ほか \(result.problems.count - 100) 件")] : []
        let path = TerminalText.escaped(result.storePath)
        let count = result.problems.count
        return TerminalText.escapedKeepingLines(
            ([localized("damaged: \(path) has \(count) problem(s):", ja: "damaged: \(path) に \(count) 件の問題があります:")] + shown + more
                + [
                    localized(
                        "Run `strata-host store recover` to copy what is readable into a new store.",
                        ja: "`strata-host store recover` で読める部分を新しいストアにコピーできます。")
                ]).joined(separator: "\n"))
    }

    /// Where the backup went, and the key it needs.
    static func backup(_ result: StoreBackupResult) -> String {
        let destination = TerminalText.escaped(result.destination)
        let key = TerminalText.escaped(result.keyPath)
        return localized(
            """
            Backed up the store into \(destination) (\(result.pageCount) pages).
            Keep the data key \(key) too: it is not in the backup, and without it the encrypted \
            values cannot be read.
            """,
            ja: """
                ストアを \(destination) にバックアップしました（\(result.pageCount) ページ）。
                データキー \(key) も保管してください。バックアップには含まれず、これがないと暗号化された値を読めません。
                """)
    }

    /// Where the data key is (or went), the copy the data layer ignores, and why the Secret
    /// Service is not used when it did not answer.
    static func key(_ report: DataKeyReport) -> String {
        let location = TerminalText.escaped(report.location)
        var lines: [String]
        switch (report.kind, report.moved) {
        case (.some, true):
            lines = [localized("Moved the data key to \(location).", ja: "データキーを \(location) に移しました。")]
        case (.secretService, false) where report.keyringProblem != nil:
            let problem = TerminalText.escaped(report.keyringProblem ?? "")
            lines = [
                localized(
                    "The data key is in \(location), as the store records; it was not asked: \(problem).",
                    ja: "データキーはストアの記録どおり \(location) にあります。問い合わせはしていません: \(problem)。")
            ]
        case (.some, false):
            lines = [localized("The data key is in \(location).", ja: "データキーは \(location) にあります。")]
        case (nil, _):
            lines = [
                localized(
                    "There is no data key yet; a new store's key will go to \(location).",
                    ja: "データキーはまだありません。新しいストアのキーは \(location) に置かれます。")
            ]
        }
        if let copy = report.ignoredCopy.map(TerminalText.escaped) {
            lines.append(
                localized(
                    "\(copy) holds a copy too, which is ignored (the file wins); move the key again to finish the move.",
                    ja: "\(copy) にも写しがありますが使われません（ファイルが優先）。もう一度移すと移動が完了します。"))
        }
        if let problem = report.keyringProblem.map(TerminalText.escaped), report.kind != .secretService {
            lines.append(
                localized("The Secret Service is not used: \(problem).", ja: "Secret Service は使われていません: \(problem)。"))
        }
        return TerminalText.escapedKeepingLines(lines.joined(separator: "\n"))
    }

    /// Per table: what was recovered and what was lost; then where the damaged file is.
    static func recovery(_ report: StoreRecoveryReport) -> String {
        let path = TerminalText.escaped(report.storePath)
        var lines = [localized("Recovered \(path):", ja: "\(path) を復旧しました:")]
        for table in report.tables {
            var line = localized("  \(table.name): \(table.recovered) row(s) recovered", ja: "  \(table.name): \(table.recovered) 行を復旧")
            if let lost = table.lost, lost > 0 {
                line += localized(", \(lost) lost", ja: "、\(lost) 行を損失")
            } else if table.metDamage {
                line += localized(", rows on unreadable pages lost (how many is unknown)", ja: "、読めないページの行を損失（件数不明）")
            }
            lines.append(line)
        }
        lines += report.schemaProblems.map { localized("  not made again: \($0)", ja: "  再作成できなかったもの: \($0)") }
        let lost = report.tables.reduce(0) { $0 + ($1.lost ?? 0) }
        let unknown = report.tables.contains { $0.metDamage && ($0.lost ?? 0) == 0 }
        lines.append(
            lost == 0 && !unknown
                ? localized("Nothing was lost.", ja: "失われたものはありません。")
                : unknown
                    ? localized("Lost: \(lost) row(s) and more on unreadable pages.", ja: "損失: \(lost) 行と、読めないページの行。")
                    : localized("Lost: \(lost) row(s).", ja: "損失: \(lost) 行。"))
        let kept = TerminalText.escaped(report.keptDamagedFile)
        lines.append(localized("The damaged file is kept as \(kept).", ja: "破損したファイルは \(kept) として残してあります。"))
        return TerminalText.escapedKeepingLines(lines.joined(separator: "\n"))
    }
}
