import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// `/admin/apps`: every app version and its log level.
extension ConsoleHandlers {
    /// The log levels an app version collects at.
    static let logLevels = ["none", "error", "monitor"]

    /// The apps page's values.
    func appsPage(_ session: ConsoleSession) async throws -> ConsolePage {
        let apps = try await services.admin.apps().map { app -> [String: Any] in
            [
                "appId": app.appId, "version": app.version, "logLevel": app.logLevel,
                // The select shows the level the app version collects at now.
                "levels": Self.logLevels.map { ["value": $0, "selected": $0 == app.logLevel] as [String: Any] },
            ]
        }
        return ConsolePage(template: "apps", title: localized("Apps and log levels", ja: "アプリとログレベル"), values: ["apps": apps])
    }

    /// `GET /admin/apps`.
    func apps(_ request: Request) async throws -> Response {
        try await page(request, appsPage)
    }

    /// `POST /admin/apps/log-level`.
    func setLogLevel(_ request: Request) async throws -> Response {
        try await action(request, render: appsPage) { _, form in
            let app = try form.required("app", label: localized("App", ja: "アプリ"))
            let version = try form.required("version", label: localized("Version", ja: "バージョン"))
            let level = try form.choice("level", label: localized("Log level", ja: "ログレベル"), in: Self.logLevels)
            try await services.admin.setLogLevel(appId: app, version: version, level: level)
            return localized(
                "\(app) \(version) now collects logs at \(level).", ja: "\(app) \(version) のログレベルを \(level) にしました。")
        }
    }
}
