import Foundation
import Hummingbird
import Logging
import StrataCrossCutting
import StrataServerDomain

/// The web console's handlers: the session gate, the CSRF check and the rendering that every
/// page shares; the pages themselves are in the `ConsoleHandlers+…` files.
///
/// Every storage call goes through the admin services (``AdminService``, ``UsageLogService``,
/// ``ConsoleAuthService``) within `workers.storage`'s bound; a sign-in's password hashing runs
/// on `workers.hashing` within `workers.logins`, limited by the same ``LoginThrottle`` as
/// `/v1/login`.
struct ConsoleHandlers: Sendable {
    let services: any ServerServices
    let workers: RequestWorkers
    let throttle: LoginThrottle
    let logger: Logger
    let cookies: ConsoleCookies

    /// The session of the request's cookie, or `nil`.
    func session(_ request: Request) async throws -> ConsoleSession? {
        guard let secret = ConsoleCookies.value(ConsoleCookies.session, in: request), !secret.isEmpty else { return nil }
        return try await workers.storage.admit { try await services.console.session(secret: secret) }
    }

    /// A page for a signed-in administrator (`render` builds it), or a 303 to the sign-in page.
    func page(_ request: Request, _ render: (ConsoleSession) async throws -> ConsolePage) async throws -> Response {
        guard let session = try await session(request) else { return Self.toSignIn(from: request) }
        do {
            return try await workers.storage.admit { try await render(session) }.response(session: session)
        } catch let error as ConsoleFormError {
            return message(error.message, title: localized("Bad request", ja: "不正な要求"), status: .badRequest, session: session)
        } catch let error as ServerError {
            return try failure(error, session: session)
        } catch {
            return unexpected(error, session: session)
        }
    }

    /// A form's action for a signed-in administrator whose form carries the session's CSRF
    /// token: `perform` does it and returns the result line; then `render` shows the page with
    /// that line (or with the error that stopped it). Without a session: a 303 to the sign-in
    /// page; with a missing or wrong token: 403, nothing done. A destructive action (`confirm`
    /// given) is done only when the form carries `confirm=yes`, as its confirmation page's form
    /// does; without it, that page comes back (400) and nothing is done. Each change done is
    /// logged (``audit(_:session:form:result:)``) with the administrator's account.
    func action(
        _ request: Request, confirm: ConsoleConfirmation? = nil, render: (ConsoleSession) async throws -> ConsolePage,
        _ perform: (ConsoleSession, ConsoleForm) async throws -> String
    ) async throws -> Response {
        guard let session = try await session(request) else { return Self.toSignIn(from: request) }
        let form: ConsoleForm
        do {
            form = try await ConsoleForm.read(request)
        } catch let error as ConsoleFormError {
            return message(error.message, title: localized("Bad request", ja: "不正な要求"), status: .badRequest, session: session)
        }
        guard Self.same(form.fields["csrf"], session.csrfToken) else { return forged(session: session) }
        if let confirm, form.fields["confirm"] != "yes" {
            var page = confirm.page(form.fields)
            page.error = localized(
                "Nothing was changed: this cannot be undone, so confirm it first.",
                ja: "何も変更していません。元に戻せない操作のため、先に確認してください。")
            return page.response(session: session, status: .badRequest)
        }
        var flash: String?
        var problem: String?
        var status = HTTPResponse.Status.ok
        do {
            let result = try await workers.storage.admit { try await perform(session, form) }
            audit(request.uri.path, session: session, form: form, result: result)
            flash = result
        } catch let error as ConsoleFormError {
            (problem, status) = (error.message, .badRequest)
        } catch let error as ServerError where ![.storage, .unavailable].contains(error.code) {
            (problem, status) = (error.message, HTTPFailure(error).status)
        } catch let error as ServerError {
            return try failure(error, session: session)
        } catch {
            return unexpected(error, session: session)
        }
        do {
            var page = try await workers.storage.admit { try await render(session) }
            (page.flash, page.error) = (flash, problem)
            return page.response(session: session, status: status)
        } catch let error as ServerError {
            return try failure(error, session: session)
        } catch {
            return unexpected(error, session: session)
        }
    }

    /// The form fields that name what a console change is about, in the order they are logged.
    static let targetFields = ["group", "account", "name", "app", "version", "device", "id", "level", "role", "force"]

    /// Logs a change an administrator made: `console change` at notice level with the
    /// administrator's account, the action (the form's path) and its target (the fields that
    /// name it; never a password, title or body), and the result line.
    func audit(_ action: String, session: ConsoleSession, form: ConsoleForm, result: String) {
        let target = Self.targetFields.compactMap { name in form.optional(name).map { "\(name)=\(LogText.escaped($0))" } }
        logger.notice(
            "console change",
            metadata: [
                "administrator": "\(LogText.escaped(session.account))", "action": "\(action)",
                "target": "\(target.joined(separator: " "))", "result": "\(LogText.escaped(result))",
            ])
    }

    /// The page of a failure that is no ``ServerError`` (a fault of the server): logged, and
    /// shown as one line without any detail of the server (no file path, no error dump).
    func unexpected(_ error: any Error, session: ConsoleSession?) -> Response {
        logger.error("console failure", metadata: ["error": "\(error)"])
        return message(
            localized("The server failed; see its log.", ja: "サーバーでエラーが発生しました。ログを確認してください。"),
            title: localized("Server error", ja: "サーバーエラー"), status: .internalServerError, session: session)
    }

    /// The 403 page of a form without the right CSRF token.
    func forged(session: ConsoleSession?) -> Response {
        logger.notice("console form refused: missing or wrong CSRF token", metadata: ["account": "\(session?.account ?? "-")"])
        return message(
            localized(
                "This form is out of date or was not sent from this console (its CSRF token is missing or wrong); "
                    + "nothing was changed. Reload the page and try again.",
                ja: "このフォームは古いか、このコンソールから送信されていません（CSRF トークンがないか誤っています）。"
                    + "何も変更していません。ページを再読み込みしてやり直してください。"),
            title: localized("Forbidden", ja: "禁止"), status: .forbidden, session: session)
    }

    /// A page that only says `text`.
    func message(
        _ text: String, title: String, status: HTTPResponse.Status, session: ConsoleSession?,
        link: (href: String, text: String)? = nil, cookies: [String] = []
    ) -> Response {
        var values: [String: Any] = ["message": text]
        if let link { values["link"] = ["href": link.href, "text": link.text] }
        return ConsolePage(template: "message", title: title, values: values).response(
            session: session, status: status, cookies: cookies)
    }

    /// The page of a storage failure (500) or an unavailable database (503); any other
    /// ``ServerError`` is the request's fault and shown as such.
    func failure(_ error: ServerError, session: ConsoleSession?) throws -> Response {
        switch error.code {
        case .storage:
            logger.error("console storage failure", metadata: ["error": "\(error)"])
            return message(
                localized("The server failed; see its log.", ja: "サーバーでエラーが発生しました。ログを確認してください。"),
                title: localized("Server error", ja: "サーバーエラー"), status: .internalServerError, session: session)
        case .unavailable:
            return message(
                localized("The database is unavailable; try again shortly.", ja: "データベースが利用できません。しばらくしてからやり直してください。"),
                title: localized("Unavailable", ja: "利用不可"), status: .serviceUnavailable, session: session)
        default:
            return message(error.message, title: localized("Bad request", ja: "不正な要求"), status: HTTPFailure(error).status, session: session)
        }
    }

    /// A 303 to the sign-in page, `next` naming the page asked for.
    static func toSignIn(from request: Request) -> Response {
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        let next = ConsoleNext.validated(target)
        return ConsolePage.redirect(to: "/admin/sign-in?next=" + ConsoleNext.encoded(next))
    }

    /// Whether the form's token equals the expected one, compared in constant time.
    static func same(_ given: String?, _ expected: String) -> Bool {
        guard let given, !expected.isEmpty else { return false }
        let left = Array(given.utf8), right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new random token: 32 bytes from the system's secure generator, as hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }
}
