import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// Text output for follow-ups: tables for listings and due lists, labelled lines for one.
enum FollowUpText {
    /// A table of follow-ups (id, report, date, blood pressure, medications, done, memo).
    static func table(_ followUps: [FollowUp], calendar: Calendar, emptyText: String) -> String {
        guard !followUps.isEmpty else { return emptyText }
        var table = TextTable(headers: ["ID", "REPORT", "DATE", "BP", "MEDICATIONS", "DONE", "MEMO"])
        table.rows = followUps.map { followUp in
            [
                followUp.objectId ?? "",
                followUp.caseReportID,
                DayText.day(followUp.date, calendar: calendar),
                bloodPressure(followUp),
                followUp.medications.joined(separator: ","),
                followUp.isDone ? "yes" : "no",
                TextTable.truncate(followUp.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// A table of due follow-ups with their patients (date, id, patient, age, report, medications).
    static func dueTable(_ due: [DueFollowUp], calendar: Calendar, emptyText: String) -> String {
        guard !due.isEmpty else { return emptyText }
        var table = TextTable(
            headers: ["DATE", "ID", "PATIENT", "AGE", "REPORT", "MEDICATIONS", "MEMO"],
            alignments: [.left, .left, .left, .right]
        )
        table.rows = due.map { item in
            [
                DayText.day(item.followUp.date, calendar: calendar),
                item.followUp.objectId ?? "",
                item.report?.patientName ?? "(report deleted)",
                item.report.map { String($0.age) } ?? "",
                item.followUp.caseReportID,
                item.followUp.medications.joined(separator: ","),
                TextTable.truncate(item.followUp.memo, to: 32),
            ]
        }
        return table.render()
    }

    /// One follow-up as labelled lines.
    static func detail(_ followUp: FollowUp, calendar: Calendar) -> String {
        TextTable.labelled([
            ("id", TerminalText.escaped(followUp.objectId ?? "")),
            ("report", TerminalText.escaped(followUp.caseReportID)),
            ("date", DayText.day(followUp.date, calendar: calendar)),
            ("blood pressure", bloodPressure(followUp)),
            ("medications", followUp.medications.joined(separator: ", ")),
            ("memo", followUp.memo),
            ("done", followUp.isDone ? "yes" : "no"),
        ])
    }

    /// `max/min` in mmHg, `-` for a missing side, empty when neither was measured.
    static func bloodPressure(_ followUp: FollowUp) -> String {
        guard followUp.maxBloodPressure != nil || followUp.minBloodPressure != nil else { return "" }
        return "\(number(followUp.maxBloodPressure))/\(number(followUp.minBloodPressure))"
    }

    private static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value.rounded() == value ? String(Int(value)) : String(value)
    }
}
