import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// Text output for follow-ups: tables for listings and due lists, labelled lines for one.
enum FollowUpText {
    /// A table of follow-ups (id, report, date, blood pressure, medications, done, memo).
    static func table(_ followUps: [FollowUp], calendar: Calendar, emptyText: String) -> String {
        guard !followUps.isEmpty else { return emptyText }
        var table = TextTable(headers: [
            "ID", localized("REPORT", ja: "症例報告"), localized("DATE", ja: "日付"), localized("BP", ja: "血圧"),
            localized("MEDICATIONS", ja: "投薬"), localized("DONE", ja: "完了"), localized("MEMO", ja: "メモ"),
        ])
        table.rows = followUps.map { followUp in
            [
                followUp.objectId ?? "",
                followUp.caseReportID,
                DayText.day(followUp.date, calendar: calendar),
                bloodPressure(followUp),
                followUp.medications.joined(separator: ","),
                yesNo(followUp.isDone),
                TextTable.truncate(followUp.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// A table of due follow-ups with their patients (date, id, patient, age, report, medications).
    static func dueTable(_ due: [DueFollowUp], calendar: Calendar, emptyText: String) -> String {
        guard !due.isEmpty else { return emptyText }
        var table = TextTable(
            headers: [
                localized("DATE", ja: "日付"), "ID", localized("PATIENT", ja: "患者"), localized("AGE", ja: "年齢"),
                localized("REPORT", ja: "症例報告"), localized("MEDICATIONS", ja: "投薬"), localized("MEMO", ja: "メモ"),
            ],
            alignments: [.left, .left, .left, .right]
        )
        table.rows = due.map { item in
            [
                DayText.day(item.followUp.date, calendar: calendar),
                item.followUp.objectId ?? "",
                item.report?.patientName ?? localized("(report deleted)", ja: "（症例報告は削除済み）"),
                item.report.map { String($0.age) } ?? "",
                item.followUp.caseReportID,
                item.followUp.medications.joined(separator: ","),
                TextTable.truncate(item.followUp.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// One follow-up as labelled lines: its id, then one line per declared field
    /// (``FollowUp/declaredFields``; the day in `calendar`), as a case report's detail is.
    static func detail(_ followUp: FollowUp, calendar: Calendar) -> String {
        TextTable.labelled([("id", TerminalText.escaped(followUp.objectId ?? ""))] + FollowUp.labelledLines(of: followUp, calendar: calendar))
    }

    /// `yes`/`no` for people (`はい`/`いいえ` in Japanese).
    static func yesNo(_ value: Bool) -> String {
        value ? localized("yes", ja: "はい") : localized("no", ja: "いいえ")
    }

    /// `max/min` in mmHg, `-` for a missing side, empty when neither was measured.
    static func bloodPressure(_ followUp: FollowUp) -> String {
        guard followUp.maxBloodPressure != nil || followUp.minBloodPressure != nil else { return "" }
        return "\(followUp.maxBloodPressure?.displayText ?? "-")/\(followUp.minBloodPressure?.displayText ?? "-")"
    }
}
