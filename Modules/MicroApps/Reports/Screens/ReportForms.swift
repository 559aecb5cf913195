import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Reports micro-app's forms: add, edit, and the delete confirmation.
enum ReportForms {
    /// Asks for a new report's fields and saves it.
    static func add(services: ReportsServices, list: ReportListScreen) -> FormScreen {
        FormScreen(
            title: localized("New case report", ja: "新しい症例報告"),
            fields: [
                .init(name: "patientName", prompt: localized("Patient name", ja: "患者名"), required: true),
                .init(name: "age", prompt: localized("Age in years (0-150)", ja: "年齢（0〜150）"), required: true),
                .init(
                    name: "gender",
                    prompt: localized("Gender (female, male, other, unspecified)", ja: "性別（female, male, other, unspecified）"),
                    defaultValue: "unspecified"),
                .init(name: "follow", prompt: localized("Needs follow-ups? (yes/no)", ja: "フォローアップが必要ですか？（yes/no）"), defaultValue: "no"),
                .init(name: "memo", prompt: localized("Memo", ja: "メモ"), defaultValue: ""),
            ]
        ) { values, _ in
            do {
                guard let draft = try RouteParameters(values).draft() else { return .retry(localized("Nothing to save.", ja: "保存する内容がありません。")) }
                let report = try await services.domain.reports.add(draft)
                await services.usage.record(.reportCreated(report.objectId))
                list.setSearch(nil)
                let id = report.objectId ?? ""
                list.flash(
                    localized(
                        "Added case report \(id) for \(report.patientName).",
                        ja: "\(report.patientName) さんの症例報告 \(id) を追加しました。"))
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }

    /// Asks for each field with the current value kept on Enter, and saves the changes.
    static func edit(_ report: CaseReport, services: ReportsServices, list: ReportListScreen) -> FormScreen {
        let id = report.objectId ?? ""
        return FormScreen(
            title: localized("Edit case report \(id)", ja: "症例報告 \(id) の編集"),
            fields: [
                .init(name: "patientName", prompt: localized("Patient name", ja: "患者名"), defaultValue: report.patientName),
                .init(name: "age", prompt: localized("Age in years (0-150)", ja: "年齢（0〜150）"), defaultValue: String(report.age)),
                .init(name: "gender", prompt: localized("Gender", ja: "性別"), defaultValue: report.gender.name),
                .init(
                    name: "follow", prompt: localized("Needs follow-ups? (yes/no)", ja: "フォローアップが必要ですか？（yes/no）"),
                    defaultValue: report.isFollow ? "yes" : "no"),
                .init(name: "memo", prompt: localized("Memo", ja: "メモ"), defaultValue: report.memo),
            ]
        ) { values, _ in
            do {
                let saved = try await services.domain.reports.update(id: id, try RouteParameters(values).change())
                await services.usage.record(.reportUpdated(id))
                list.flash(localized("Saved case report \(id) (\(saved.patientName)).", ja: "症例報告 \(id)（\(saved.patientName)）を保存しました。"))
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }

    /// Asks to type `yes` before deleting a report and its follow-ups.
    static func delete(_ report: CaseReport, services: ReportsServices, list: ReportListScreen) -> FormScreen {
        let id = report.objectId ?? ""
        return FormScreen(
            title: localized(
                "Delete case report \(id) (\(TerminalText.escaped(report.patientName))) and its follow-ups?",
                ja: "症例報告 \(id)（\(TerminalText.escaped(report.patientName))）とそのフォローアップを削除しますか？"),
            fields: [
                .init(
                    name: "confirm", prompt: localized("Type yes to delete, no to keep it", ja: "削除するなら yes、残すなら no"),
                    defaultValue: "no")
            ]
        ) { values, _ in
            guard values["confirm"]?.lowercased() == "yes" else {
                list.flash(localized("Kept case report \(id).", ja: "症例報告 \(id) を残しました。"))
                return .done(.back)
            }
            do {
                try await services.domain.reports.delete(id: id)
                list.flash(localized("Deleted case report \(id) and its follow-ups.", ja: "症例報告 \(id) とそのフォローアップを削除しました。"))
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }
}
