import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The announcements in effect now (or all), newest first, a page at a time, read from the
/// server each time the screen is drawn; a failure (offline, not signed in, unreachable) is
/// its one-line reason in place of the table.
final class AnnouncementListScreen: ListScreen {
    private struct State {
        var all = false
        var page = 1
        var shown: [String] = []
        var flash: String?
    }

    /// Announcements per page on the screen.
    static let pageSize = 10

    let service: any AnnouncementService
    let application: MicroApplication
    private let state = Mutex(State())

    init(service: any AnnouncementService, application: MicroApplication) {
        self.service = service
        self.application = application
    }

    /// A line shown once above the list.
    func flash(_ message: String) {
        state.withLock { $0.flash = message }
    }

    /// Lists every announcement (`all`) or those in effect now, from the first page.
    func show(all: Bool) {
        state.withLock {
            $0.all = all
            $0.page = 1
        }
    }

    /// The typed words this screen reads, for the `?` screen.
    static var keys: [ScreenKey] {
        [
            ScreenKey("show N", localized("open announcement N", ja: "N 番のお知らせを開く")),
            ScreenKey("all", localized("list every announcement", ja: "すべてのお知らせを一覧")),
            ScreenKey("current", localized("list those in effect now", ja: "現在有効なお知らせを一覧")),
            ScreenKey("next", localized("the next page", ja: "次のページ")),
            ScreenKey("prev", localized("the previous page", ja: "前のページ")),
            ScreenKey("refresh", localized("read them from the server again", ja: "サーバーから読み直す")),
        ]
    }

    func layout() async -> ScreenLayout {
        let (all, page, flash) = state.withLock { state in
            defer { state.flash = nil }
            return (state.all, state.page, state.flash)
        }
        var layout: ScreenLayout
        let request = PageRequest(size: Self.pageSize, index: page)
        do {
            let found = all ? try await service.all(request) : try await service.current(request)
            state.withLock { $0.shown = found.announcements.compactMap(\.objectId) }
            layout = AnnouncementText.listLayout(found, all: all, page: request)
        } catch {
            state.withLock { $0.shown = [] }
            layout = ScreenLayout(header: [
                localized(
                    "Cannot read announcements: \(AnnouncementText.failure(error))",
                    ja: "お知らせを読めません: \(AnnouncementText.failure(error))")
            ])
        }
        if let flash { layout.header.insert(flash, at: 0) }
        layout.footer += [
            "",
            localized(
                "Type: show N · all · current · next · prev · refresh · \(ScreenCommand.commonHelp)",
                ja: "入力: show N · all · current · next · prev · refresh · \(ScreenCommand.commonHelp)"),
        ]
        layout.keys = Self.keys
        layout.nextPageCommand = "next"
        layout.previousPageCommand = "prev"
        return layout
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "", "list", "refresh", "r": return .stay
        case "all": show(all: true)
        case "current", "now": show(all: false)
        case "next", "n": state.withLock { $0.page += 1 }
        case "prev", "p": state.withLock { $0.page = max(1, $0.page - 1) }
        case "show", "open":
            guard let id = resolve(command.argument) else {
                return .message(
                    localized(
                        "Type show and a row number (1, 2, …) or an announcement id.",
                        ja: "show に続けて行番号（1、2、…）かお知らせ ID を入力してください。"))
            }
            return await open(id: id, context: context)
        default:
            if Int(command.word) != nil, let id = resolve(command.word) { return await open(id: id, context: context) }
            return ScreenCommand.unknown(input)
        }
        return .stay
    }

    /// Shows announcement `id` in full (read from the server), or says why it cannot.
    func open(id: String, context: any ContainerContext) async -> ScreenResponse {
        do {
            let announcement = try await service.announcement(id: id)
            await context.push(AnnouncementDetailScreen(announcement: announcement), for: application)
            return .stay
        } catch {
            return .message(AnnouncementText.failure(error))
        }
    }

    /// The id of row `text` (a number) of the page shown, or `text` itself as an id.
    private func resolve(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let number = Int(text) else { return text }
        return state.withLock { number >= 1 && number <= $0.shown.count ? $0.shown[number - 1] : nil }
    }
}
