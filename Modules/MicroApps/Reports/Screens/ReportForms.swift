import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Reports micro-app's forms: add, edit, and the delete confirmation.
enum ReportForms {
    /// Asks for a new report's fields and saves it.
    static func add(services: ReportsServices, list: ReportListScreen) -> FormScreen {
        FormScreen(
            title: "New case report",
            fields: [
                .init(name: "patientName", prompt: "Patient name", required: true),
                .init(name: "age", prompt: "Age in years (0-150)", required: true),
                .init(name: "gender", prompt: "Gender (female, male, other, unspecified)", defaultValue: "unspecified"),
                .init(name: "follow", prompt: "Needs follow-ups? (yes/no)", defaultValue: "no"),
                .init(name: "memo", prompt: "Memo", defaultValue: ""),
            ]
        ) { values, _ in
            do {
                guard let draft = try RouteParameters(values).draft() else { return .retry("Nothing to save.") }
                let report = try await services.domain.reports.add(draft)
                await services.usage.record(.reportCreated(report.objectId))
                list.setSearch(nil)
                list.flash("Added case report \(report.objectId ?? "") for \(report.patientName).")
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
            title: "Edit case report \(id)",
            fields: [
                .init(name: "patientName", prompt: "Patient name", defaultValue: report.patientName),
                .init(name: "age", prompt: "Age in years (0-150)", defaultValue: String(report.age)),
                .init(name: "gender", prompt: "Gender", defaultValue: report.gender.name),
                .init(name: "follow", prompt: "Needs follow-ups? (yes/no)", defaultValue: report.isFollow ? "yes" : "no"),
                .init(name: "memo", prompt: "Memo", defaultValue: report.memo),
            ]
        ) { values, _ in
            do {
                let saved = try await services.domain.reports.update(id: id, try RouteParameters(values).change())
                await services.usage.record(.reportUpdated(id))
                list.flash("Saved case report \(id) (\(saved.patientName)).")
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
            title: "Delete case report \(id) (\(TerminalText.escaped(report.patientName))) and its follow-ups?",
            fields: [.init(name: "confirm", prompt: "Type yes to delete, no to keep it", defaultValue: "no")]
        ) { values, _ in
            guard values["confirm"]?.lowercased() == "yes" else {
                list.flash("Kept case report \(id).")
                return .done(.back)
            }
            do {
                try await services.domain.reports.delete(id: id)
                list.flash("Deleted case report \(id) and its follow-ups.")
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }
}
