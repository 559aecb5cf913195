import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Reports micro-app's forms: add, edit, and the delete confirmation.
enum ReportForms {
    /// Asks for a new report's fields and saves it.
    static func add(services: ReportsServices, list: ReportListScreen) -> FormScreen {
        FormScreen(
            title: localized("New case report", ja: "新しい症例報告"),
            fields: ReportFields.forNewReport()
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
            fields: ReportFields.forEditing(report)
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

    /// Shows the changes a link asks for (each field old → new) and asks to type `yes` before
    /// saving them; `no` (the default) changes nothing. A `strata://reports/<id>/edit?…` link
    /// overwrites what a person wrote, so it never saves at once.
    static func confirmEdit(
        _ report: CaseReport, _ change: CaseReportChange, services: ReportsServices, list: ReportListScreen
    ) -> any TextScreen {
        let id = report.objectId ?? ""
        let form = FormScreen(
            title: localized(
                "Save these changes to case report \(id) (\(TerminalText.escaped(report.patientName)))?",
                ja: "症例報告 \(id)（\(TerminalText.escaped(report.patientName))）をこのように変更しますか？"),
            fields: [
                .init(
                    name: "confirm", prompt: localized("Type yes to save, no to keep it as it is", ja: "保存するなら yes、そのままにするなら no"),
                    defaultValue: "no",
                    choices: [
                        FormScreen.Choice("yes", label: localized("yes, save", ja: "はい、保存する")),
                        FormScreen.Choice("no", label: localized("no, keep it", ja: "いいえ、そのままにする")),
                    ])
            ]
        ) { values, _ in
            guard values["confirm"]?.lowercased() == "yes" else {
                list.flash(localized("Kept case report \(id) as it was.", ja: "症例報告 \(id) を変更せずに残しました。"))
                return .done(.back)
            }
            do {
                let saved = try await services.domain.reports.update(id: id, change)
                await services.usage.record(.reportUpdated(id))
                list.flash(localized("Saved case report \(id) (\(saved.patientName)).", ja: "症例報告 \(id)（\(saved.patientName)）を保存しました。"))
                return .done(.back)
            } catch {
                return .retry(ErrorText.readable(error))
            }
        }
        return ChangesConfirmation(form: form, changes: changeLines(report, change))
    }

    /// One line per field the change sets, in declaration order: `  memo: old → new` (escaped,
    /// one line each; an empty free text shown as `(empty)`).
    static func changeLines(_ report: CaseReport, _ change: CaseReportChange) -> [String] {
        CaseReport.inputFields.filter { change.keys.contains($0.key) }.map { field in
            func shown(_ text: String) -> String {
                field.isText && !field.requiredToAdd && text.isEmpty ? localized("(empty)", ja: "（空）") : text
            }
            let old = shown(field.displayText(in: report))
            let new = shown(field.displayText(in: change.values))
            return "  \(field.label.text): \(TerminalText.escaped(old)) → \(TerminalText.escaped(new))"
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

/// A confirmation form with the proposed changes (old → new per field) under its title.
final class ChangesConfirmation: TextScreen {
    let form: FormScreen
    let changes: [String]

    init(form: FormScreen, changes: [String]) {
        self.form = form
        self.changes = changes
    }

    func render() async -> [String] {
        var lines = await form.render()
        lines.insert(contentsOf: [""] + changes, at: min(1, lines.count))
        return lines
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        await form.handle(input: input, context: context)
    }
}
