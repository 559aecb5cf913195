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
                ReportFields.patientName(), ReportFields.age(), ReportFields.gender(defaultValue: Gender.unspecified.name),
                ReportFields.follow(defaultValue: false), ReportFields.memo(defaultValue: ""),
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
                return ReportFields.outcome(error)
            }
        }
    }

    /// Asks for each field with the current value kept on Enter, and saves the changes.
    static func edit(_ report: CaseReport, services: ReportsServices, list: ReportListScreen) -> FormScreen {
        let id = report.objectId ?? ""
        return FormScreen(
            title: localized("Edit case report \(id)", ja: "症例報告 \(id) の編集"),
            fields: [
                ReportFields.patientName(defaultValue: report.patientName), ReportFields.age(defaultValue: String(report.age)),
                ReportFields.gender(defaultValue: report.gender.name), ReportFields.follow(defaultValue: report.isFollow),
                ReportFields.memo(defaultValue: report.memo),
            ]
        ) { values, _ in
            do {
                let saved = try await services.domain.reports.update(id: id, try RouteParameters(values).change())
                await services.usage.record(.reportUpdated(id))
                list.flash(localized("Saved case report \(id) (\(saved.patientName)).", ja: "症例報告 \(id)（\(saved.patientName)）を保存しました。"))
                return .done(.back)
            } catch {
                return ReportFields.outcome(error)
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
                    defaultValue: "no",
                    choices: [
                        FormScreen.Choice("yes", label: localized("yes, delete", ja: "はい、削除する")),
                        FormScreen.Choice("no", label: localized("no, keep it", ja: "いいえ、残す")),
                    ])
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
                return .retry(ErrorText.readable(error))
            }
        }
    }
}
