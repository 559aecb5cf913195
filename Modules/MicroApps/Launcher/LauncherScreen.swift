import Foundation
import StrataContainer
import StrataCrossCutting
import StrataSession
import StrataSync

/// The home screen: who is signed in, the micro-apps the configuration declares, numbered,
/// and those running now, in the current `MessageLanguage` (typed words stay English).
///
/// Typing a number or a name starts that micro-app, or brings its running instance back to the
/// top: that is how a person switches between running apps. On a full-screen terminal each
/// micro-app is a row of the list: the arrow keys select one and Enter opens it.
struct LauncherScreen: ListScreen {
    let ownName: String
    let context: any ContainerContext

    /// The micro-apps a person can open (every declared one but the Launcher).
    func applications() async -> [ApplicationDescriptor] {
        await context.declaredApplications.filter { $0.name != ownName }
    }

    func layout() async -> ScreenLayout {
        let apps = await applications()
        let running = await context.applicationStack.filter { $0.name != ownName }
        var table = TextTable(
            headers: ["#", localized("MICRO-APP", ja: "マイクロアプリ"), localized("WHAT IT DOES", ja: "内容")],
            alignments: [.right])
        table.rows = apps.enumerated().map { index, app in
            let badge = running.contains { $0.name == app.name } ? localized(" (running)", ja: "（実行中）") : ""
            return [String(index + 1), app.name + badge, app.description]
        }
        var header = [localized("Strata \(StrataConstants.version) — home", ja: "Strata \(StrataConstants.version) — ホーム")]
        if let signedIn = await signedInLine() { header.append(signedIn) }
        header.append("")
        var items: [ScreenItem] = []
        if apps.isEmpty {
            header.append(localized("No micro-apps are declared.", ja: "マイクロアプリが宣言されていません。"))
        } else {
            // The table's header row, then one selectable row per micro-app (its name opens it).
            let rows = table.renderedLines()
            header.append(rows[0])
            items = zip(apps, rows.dropFirst()).map { app, row in ScreenItem(id: app.name, text: row, command: app.name) }
        }
        let names = running.isEmpty ? localized("none", ja: "なし") : running.map(\.name).joined(separator: ", ")
        let footer = [
            "",
            localized("Running: \(names)", ja: "実行中: \(names)"),
            localized(
                "Type a number or a name to open an app (or switch back to it) · quit",
                ja: "番号か名前を入力してアプリを開きます（実行中のアプリに戻ります）· quit"),
        ]
        let keys = [
            ScreenKey(localized("N or a name", ja: "番号か名前"), localized("open that app, or switch back to it", ja: "そのアプリを開く・戻る")),
            ScreenKey("quit", localized("quit Strata", ja: "Strata を終了")),
        ]
        return ScreenLayout(header: header, items: items, footer: footer, keys: keys)
    }

    /// `Signed in as sigrid (Ward 1 (lead))` or `Not signed in`, from the container's
    /// login-state service; `nil` when the host has none.
    func signedInLine() async -> String? {
        guard let session = await context.findService(.session) else {
            return nil
        }
        do {
            guard let user = try await session.currentUser() else {
                return localized("Not signed in (open Account to sign in)", ja: "サインインしていません（Account を開いてサインイン）")
            }
            let groups = user.groups.isEmpty ? "" : " (\(user.groupsText))"
            return localized("Signed in as \(user.account)\(groups)", ja: "サインイン中: \(user.account)\(groups)")
        } catch {
            return localized("Signed in as: unknown (\(ErrorText.readable(error)))", ja: "サインイン中: 不明（\(ErrorText.readable(error))）")
        }
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        switch command.word {
        case "": return .stay
        case "quit", "q", "exit": return .quit
        case "home", "h", "back", "b": return .stay
        default: break
        }
        let apps = await applications()
        let typed = input.trimmingCharacters(in: .whitespaces).lowercased()
        let chosen: ApplicationDescriptor?
        if let number = Int(typed) {
            chosen = number >= 1 && number <= apps.count ? apps[number - 1] : nil
        } else {
            chosen = apps.first { $0.name.lowercased() == typed } ?? apps.first { $0.name.lowercased().hasPrefix(typed) }
        }
        guard let chosen else {
            return .message(
                localized(
                    "No micro-app '\(ScreenCommand.printable(input))': type a number from 1 to \(apps.count), a name, or quit.",
                    ja: "マイクロアプリ「\(ScreenCommand.printable(input))」はありません。1〜\(apps.count) の番号か名前、または quit を入力してください。"))
        }
        do {
            try await context.startApplication(chosen.name, params: [:], launchMode: .bringToTop)
            return .stay
        } catch {
            return .message(localized("Cannot open \(chosen.name): \(ErrorText.readable(error))", ja: "\(chosen.name) を開けません: \(ErrorText.readable(error))"))
        }
    }
}
