import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataPresentation
import Synchronization

/// The Reports micro-app's root screen: one page of case reports, newest first, numbered so a
/// person can type `show 2`; search, page, add, edit and delete from here, and `scope mine|group|all`
/// (the signed-in user's reports, theirs and their groups', or every stored one).
final class ReportListScreen: ListScreen {
    private struct State {
        var search: String?
        /// The scope's name (`mine`, `group`); `nil` for every report.
        var scope: String?
        var page = 1
        var shown: [String] = []
        var flash: String?
    }

    static let pageSize = 10

    let services: ReportsServices
    let application: MicroApplication
    /// The micro-app a report's `schedule` starts with `path=new&report=<id>` (`FollowUps`).
    let followUpsApplication: String
    private let state = Mutex(State())

    init(services: ReportsServices, application: MicroApplication, followUpsApplication: String = "FollowUps") {
        self.services = services
        self.application = application
        self.followUpsApplication = followUpsApplication
    }

    /// Shows `message` above the list the next time it is drawn.
    func flash(_ message: String) {
        state.withLock { $0.flash = message }
    }

    /// Filters the list (nil or empty: every report) and goes back to page 1.
    func setSearch(_ text: String?) {
        state.withLock {
            $0.search = text?.isEmpty == true ? nil : text
            $0.page = 1
        }
    }

    /// Lists the reports of the scope named `name` (`mine`, `group`, `all`; nil or `all`: every
    /// report) and goes back to page 1.
    ///
    /// - Returns: `false` (nothing changed) for a name that is no scope.
    @discardableResult
    func setScope(_ name: String?) -> Bool {
        guard let name, !name.isEmpty else { return true }
        guard PageRequest.scope(named: name) != nil else { return false }
        state.withLock {
            $0.scope = name == "all" ? nil : name
            $0.page = 1
        }
        return true
    }

    /// The typed words this screen reads, for the `?` screen.
    static var keys: [ScreenKey] {
        [
            ScreenKey("add", localized("write a new report", ja: "症例報告を新規作成")),
            ScreenKey("show N", localized("open report N", ja: "N 番の症例報告を開く")),
            ScreenKey("edit N", localized("edit report N", ja: "N 番の症例報告を編集")),
            ScreenKey("delete N", localized("delete report N", ja: "N 番の症例報告を削除")),
            ScreenKey("search TEXT", localized("list the reports matching TEXT", ja: "TEXT に一致する症例報告を一覧")),
            ScreenKey("all", localized("list every report again", ja: "すべての症例報告を再び一覧")),
            ScreenKey("next", localized("the next page", ja: "次のページ")),
            ScreenKey("prev", localized("the previous page", ja: "前のページ")),
            ScreenKey(
                "scope mine|group|all",
                localized("your reports, your groups' too, or every stored one", ja: "自分の、自分のグループの、またはすべての症例報告")),
        ]
    }

    func layout() async -> ScreenLayout {
        let (search, scope, page, flash) = state.withLock { state in
            // The notice stays until the next typed line: a redraw nobody typed for (a
            // notification arriving, a resize) shows it again.
            return (state.search, state.scope, state.page, state.flash)
        }
        var header: [String] = []
        var items: [ScreenItem] = []
        if let flash { header.append(flash) }
        if let search {
            let shown = TerminalText.escaped(search)
            header.append(
                localized(
                    "Case reports matching \"\(shown)\", newest first (page \(page))",
                    ja: "「\(shown)」に一致する症例報告（新しい順、\(page) ページ目）"))
        } else {
            header.append(localized("Case reports, newest first (page \(page))", ja: "症例報告（新しい順、\(page) ページ目）"))
        }
        if let scope {
            header.append(
                localized("Scope: \(scope) (scope all lists every report)", ja: "範囲: \(scope)（scope all ですべての症例報告）"))
        }
        let request =
            if let chosen = scope.flatMap(PageRequest.scope(named:)) {
                PageRequest(size: Self.pageSize, index: page, scope: chosen)
            } else {
                PageRequest(size: Self.pageSize, index: page)
            }
        do {
            let reports =
                if let search {
                    try await services.domain.reports.search(search, request)
                } else {
                    try await services.domain.reports.list(request)
                }
            state.withLock { $0.shown = reports.compactMap(\.objectId) }
            // One query for the page's authors and sync states; the rows still show without them.
            let facts = try? await services.domain.reports.facts(of: reports)
            if reports.isEmpty {
                header.append(
                    page > 1
                        ? localized("No more reports.", ja: "これ以上の症例報告はありません。")
                        : localized("No case reports yet: type add to write one.", ja: "症例報告はまだありません。add で作成できます。"))
            } else {
                var table = TextTable(
                    headers: [
                        // Who and where it stands first: a narrow window cuts the columns at the end.
                        "#", localized("PATIENT", ja: "患者"), localized("SYNC", ja: "同期"), localized("AUTHOR", ja: "作成者"),
                        localized("AGE", ja: "年齢"), localized("GENDER", ja: "性別"), localized("FOLLOW", ja: "フォロー"),
                        localized("CREATED", ja: "作成日"), "ID",
                    ],
                    alignments: [.right, .left, .left, .left, .right])
                table.rows = reports.enumerated().map { index, report in
                    [
                        String(index + 1), report.patientName,
                        RecordFactsText.sync(report.objectId.flatMap { facts?[$0] }, known: facts != nil),
                        RecordFactsText.author(report.objectId.flatMap { facts?[$0] }, known: facts != nil), String(report.age),
                        report.gender.name, ReportText.yesNo(report.isFollow),
                        DayText.day(report.createdAt, calendar: services.clock.calendar), report.objectId ?? "",
                    ]
                }
                let rendered = table.renderedLines()
                header.append(rendered.first ?? "")
                for (index, report) in reports.enumerated() {
                    let row = index + 1
                    items.append(
                        ScreenItem(
                            id: report.objectId ?? String(row),
                            text: row < rendered.count ? rendered[row] : "",
                            command: "show \(row)",
                            // ScreenTone names pending, rejected and conflict as RecordSyncState does.
                            tone: report.objectId.flatMap { facts?[$0] }.flatMap { ScreenTone(rawValue: $0.sync.rawValue) }))
                }
            }
        } catch {
            header.append(
                localized("Cannot list reports: \(ErrorText.readable(error))", ja: "症例報告を一覧できません: \(ErrorText.readable(error))"))
        }
        let footer = [
            "",
            ScreenCommand.typeLine(
                "add · show N · edit N · delete N · search TEXT · all · next · prev · scope mine|group|all · \(ScreenCommand.commonHelp)"
            ),
        ]
        return ScreenLayout(
            header: header, items: items, footer: footer, keys: Self.keys,
            searchCommand: "search", nextPageCommand: "next", previousPageCommand: "prev")
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        state.withLock { $0.flash = nil }
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "", "list", "refresh": return .stay
        case "add", "new", "a":
            await context.push(ReportForms.add(services: services, list: self), for: application)
            return .stay
        case "search", "s", "find":
            setSearch(command.argument)
            return .stay
        case "all":
            setSearch(nil)
            return .stay
        case "scope":
            guard setScope(command.argument), !command.argument.isEmpty else {
                let names = PageRequest.scopeNames.joined(separator: ", ")
                let shown = TerminalText.escaped(command.argument)
                return .message(
                    localized(
                        "scope '\(shown)' is unknown; type scope and one of: \(names)",
                        ja: "scope「\(shown)」は不明です。scope に続けて次のいずれかを入力してください: \(names)"))
            }
            return .stay
        case "next", "n":
            state.withLock { $0.page += 1 }
            return .stay
        case "prev", "p":
            state.withLock { $0.page = max(1, $0.page - 1) }
            return .stay
        case "show", "edit", "delete", "open":
            guard let id = resolve(command.argument) else {
                return .message(
                    localized(
                        "Type \(command.word) and a row number (1, 2, …) or a report id.",
                        ja: "\(command.word) に続けて行番号（1, 2, …）か症例報告の ID を入力してください。"))
            }
            return await open(command.word, id: id, context: context)
        default:
            if Int(command.word) != nil, let id = resolve(command.word) {
                return await open("show", id: id, context: context)
            }
            return ScreenCommand.unknown(input)
        }
    }

    /// Pushes the screen `word` asks for about report `id`.
    func open(_ word: String, id: String, context: any ContainerContext) async -> ScreenResponse {
        do {
            let report = try await services.domain.reports.get(id: id)
            let screen: any TextScreen
            switch word {
            case "edit": screen = ReportForms.edit(report, services: services, list: self)
            case "delete": screen = ReportForms.delete(report, services: services, list: self)
            default: screen = ReportDetailScreen(reportID: id, services: services, list: self)
            }
            await context.push(screen, for: application)
            return .stay
        } catch {
            return .message(ErrorText.readable(error))
        }
    }

    /// A row number of the page shown, or an id as typed.
    private func resolve(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let number = Int(text) else { return text }
        return state.withLock { number >= 1 && number <= $0.shown.count ? $0.shown[number - 1] : nil }
    }
}
