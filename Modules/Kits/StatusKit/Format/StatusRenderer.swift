#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
public import StrataDomain
public import StrataJournal
import StrataPresentation

/// Prints a ``StatusSummary`` in each ``StatusFormat``: pure functions, no I/O.
public enum StatusRenderer {
    /// The text for `summary` in `format`, without a trailing newline.
    ///
    /// No control character reaches a terminal or a bar: the text and i3blocks formats escape
    /// any but their own line breaks (`TerminalText.escapedKeepingLines(_:)`), the JSON formats
    /// write the ones a JSON encoder leaves raw as `\uXXXX` (``JSONLine``).
    ///
    /// - Parameters:
    ///   - summary: The counts (``StatusSummary/empty`` when there is no store).
    ///   - storePresent: Whether the shared store exists (`false`: nothing recorded yet).
    ///   - format: The output format.
    ///   - sync: The sync facts; `nil` leaves them out. The text and JSON formats show them;
    ///     waybar's class and i3blocks' colour turn to ``StatusLevel/rejected`` while the
    ///     server's refused changes wait (unless a follow-up is overdue).
    public static func render(
        _ summary: StatusSummary, storePresent: Bool, format: StatusFormat, sync: SyncStatus? = nil
    ) -> String {
        switch format {
        case .text: TerminalText.escapedKeepingLines(text(summary, storePresent: storePresent, sync: sync))
        case .json: json(summary, storePresent: storePresent, sync: sync)
        case .waybar: waybar(summary, storePresent: storePresent, rejectedChanges: sync?.rejectedCount ?? 0)
        case .i3blocks: TerminalText.escapedKeepingLines(i3blocks(summary, rejectedChanges: sync?.rejectedCount ?? 0))
        }
    }

    /// Labelled, aligned lines for people, in the current ``MessageLanguage``.
    static func text(_ summary: StatusSummary, storePresent: Bool, sync: SyncStatus? = nil) -> String {
        var lines = counts(summary).map { label, count in labelled(label, String(count)) }
        if !storePresent { lines.append(localized("(no store yet: nothing recorded)", ja: "（ストアはまだありません: 記録なし）")) }
        if let sync { lines += syncLines(sync) }
        return lines.joined(separator: "\n")
    }

    /// One JSON object with sorted keys on one line.
    static func json(_ summary: StatusSummary, storePresent: Bool, sync: SyncStatus? = nil) -> String {
        JSONLine.encode(SummaryJSON(summary, storePresent: storePresent, sync: sync))
    }

    /// waybar's custom-module JSON: `{"class": …, "text": …, "tooltip": …}` on one line.
    static func waybar(_ summary: StatusSummary, storePresent: Bool, rejectedChanges: Int = 0) -> String {
        var tooltip = ["Strata"] + counts(summary).map { "\($0.capitalizedFirst): \($1)" }
        if rejectedChanges > 0 {
            tooltip.append(localized("Rejected changes: \(rejectedChanges)", ja: "却下された変更: \(rejectedChanges)"))
        }
        if !storePresent { tooltip.append(localized("No store yet", ja: "ストアはまだありません")) }
        return JSONLine.encode(WaybarJSON(
            text: shortText(summary, rejectedChanges: rejectedChanges), tooltip: tooltip.joined(separator: "\n"),
            cssClass: StatusLevel(summary, rejectedChanges: rejectedChanges).rawValue))
    }

    /// i3blocks' three lines: full text (`Strata: 1 report, 2 due today, …`), short text, colour.
    static func i3blocks(_ summary: StatusSummary, rejectedChanges: Int = 0) -> String {
        let full = localized(
            "Strata: \(counted(summary.reports, "report", "reports")), \(summary.dueToday) due today, "
                + "\(summary.overdue) overdue, \(summary.unreadNotifications) unread",
            ja: "Strata: 症例報告 \(summary.reports)件、本日期限 \(summary.dueToday)件、"
                + "期限切れ \(summary.overdue)件、未読 \(summary.unreadNotifications)件")
        let colour = StatusLevel(summary, rejectedChanges: rejectedChanges).colour
        return [full, shortText(summary, rejectedChanges: rejectedChanges), colour].joined(separator: "\n")
    }

    /// `count` and the noun in the right number: `1 report`, `0 reports`, `2 reports`.
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// The compact text status bars show: `1 due · 2 overdue` (`· 3 unread`, `· 1 rejected` when any).
    static func shortText(_ summary: StatusSummary, rejectedChanges: Int = 0) -> String {
        var parts = [
            localized("\(summary.dueToday) due", ja: "本日期限 \(summary.dueToday)"),
            localized("\(summary.overdue) overdue", ja: "期限切れ \(summary.overdue)"),
        ]
        if summary.unreadNotifications > 0 {
            parts.append(localized("\(summary.unreadNotifications) unread", ja: "未読 \(summary.unreadNotifications)"))
        }
        if rejectedChanges > 0 {
            parts.append(localized("\(rejectedChanges) rejected", ja: "却下 \(rejectedChanges)"))
        }
        return parts.joined(separator: " · ")
    }

    /// The counts with their labels, in display order, in the current ``MessageLanguage``
    /// (`reports` / `症例報告`, …).
    static func counts(_ summary: StatusSummary) -> [(String, Int)] {
        [
            (localized("reports", ja: "症例報告"), summary.reports),
            (localized("due today", ja: "本日期限"), summary.dueToday),
            (localized("overdue", ja: "期限切れ"), summary.overdue),
            (localized("unread notifications", ja: "未読の通知"), summary.unreadNotifications),
        ]
    }

    /// `label` padded to the value column (22 terminal columns; a Japanese character takes
    /// two), then `value`. (The labels are this file's own and narrower than the column.)
    static func labelled(_ label: String, _ value: String) -> String {
        TerminalText.padded(label, to: 22) + value
    }
}

/// `--format json`: the summary's counts plus whether the store exists (and the sync facts, when given).
private struct SummaryJSON: Encodable {
    var reports: Int
    var dueToday: Int
    var overdue: Int
    var unreadNotifications: Int
    var store: String
    var sync: SyncStatusJSON?

    init(_ summary: StatusSummary, storePresent: Bool, sync: SyncStatus?) {
        reports = summary.reports
        dueToday = summary.dueToday
        overdue = summary.overdue
        unreadNotifications = summary.unreadNotifications
        store = storePresent ? "present" : "absent"
        self.sync = sync.map(SyncStatusJSON.init)
    }
}

/// `--format waybar`: what waybar's `return-type: json` custom module reads.
private struct WaybarJSON: Encodable {
    var text: String
    var tooltip: String
    var cssClass: String

    private enum CodingKeys: String, CodingKey {
        case text, tooltip
        case cssClass = "class"
    }
}

extension String {
    /// The string with its first letter in upper case (`due today` → `Due today`).
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
