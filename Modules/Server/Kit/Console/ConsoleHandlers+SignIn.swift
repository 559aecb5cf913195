import Hummingbird
import Logging
import StrataCrossCutting
import StrataServerDomain

/// Signing in and out, and the overview.
extension ConsoleHandlers {
    /// `GET /admin/sign-in`: the form, with a fresh anti-forgery token in its `csrf` field and
    /// in a cookie (a signed-in administrator goes on to `next` at once).
    func signInPage(_ request: Request) async throws -> Response {
        let next = ConsoleNext.validated((try? RequestReading.queryValue("next", in: request)).flatMap { $0.map(String.init) })
        if try await session(request) != nil { return ConsolePage.redirect(to: next) }
        return signInForm(request, next: next, account: "", error: nil, status: .ok)
    }

    /// `POST /admin/sign-in`: checks the form's token against its cookie, the throttle, then
    /// the password; an administrator gets the session cookie and a 303 to `next` (the
    /// overview by default), anyone else the form again with the reason.
    func signIn(_ request: Request, context: StrataRequestContext) async throws -> Response {
        let form: ConsoleForm
        do {
            form = try await ConsoleForm.read(request)
        } catch let error as ConsoleFormError {
            return signInForm(request, next: "/admin", account: "", error: error.message, status: .badRequest)
        }
        guard let cookie = ConsoleCookies.value(ConsoleCookies.signIn, in: request), Self.same(form.fields["csrf"], cookie)
        else { return forged(session: nil) }
        let next = ConsoleNext.validated(form.fields["next"])
        let account = form.fields["account"] ?? ""
        guard !account.isEmpty, let password = form.fields["password"], !password.isEmpty else {
            return signInForm(
                request, next: next, account: account,
                error: localized("Enter your account and password.", ja: "アカウントとパスワードを入力してください。"),
                status: .badRequest)
        }
        let address = throttle.proxies.clientAddress(
            peer: context.clientAddress,
            forwardedFor: request.headers.filter { $0.name.canonicalName == "x-forwarded-for" }.map(\.value))
        if case .refused(let retryAfter, _) = throttle.admit(account: account, address: address) {
            logger.debug("console sign-in throttled", metadata: ["account": "\(LogText.escaped(account))", "address": "\(address)"])
            return signInForm(
                request, next: next, account: account,
                error: localized(
                    "Too many sign-in attempts; try again in \(retryAfter) s.",
                    ja: "サインインの試行が多すぎます。\(retryAfter) 秒後にやり直してください。"),
                status: .tooManyRequests)
        }
        let outcome: ConsoleSignIn
        do {
            outcome = try await workers.logins.admit {
                try await services.console.signIn(account: account, password: password, hashing: workers.hashing)
            }
        } catch let error as ServerError where error.code == .unauthorized || error.code == .badRequest {
            logger.notice(
                "console sign-in failed", metadata: ["account": "\(LogText.escaped(account))", "address": "\(address)"])
            return signInForm(
                request, next: next, account: account,
                error: error.message != ConsoleSignIn.badCredentials
                    ? error.message : localized("The account or password is wrong.", ja: "アカウントまたはパスワードが違います。"),
                status: .unauthorized)
        } catch let error as ServerError {
            return try failure(error, session: nil)
        }
        throttle.succeeded(account: account, address: address)
        switch outcome {
        case .signedIn(_, let secret):
            return ConsolePage.redirect(
                to: next,
                cookies: [
                    cookies.answering(request).setCookie(ConsoleCookies.session, secret, maxAge: Int(ConsoleSession.lifetime)),
                    cookies.answering(request).setCookie(ConsoleCookies.signIn, "", maxAge: 0),
                ])
        case .notAdministrator(let name):
            return message(
                localized(
                    "\(name) is not an administrator of this server. An administrator can grant it with `strata-server admin administrator grant \(name)`.",
                    ja: "\(name) はこのサーバーの管理者ではありません。管理者が `strata-server admin administrator grant \(name)` で権限を付与できます。"),
                title: localized("Not an administrator", ja: "管理者ではありません"), status: .forbidden, session: nil,
                link: ("/admin/sign-in", localized("Sign in as someone else", ja: "別のアカウントでサインイン")),
                cookies: [cookies.answering(request).setCookie(ConsoleCookies.signIn, "", maxAge: 0)])
        }
    }

    /// `POST /admin/sign-out`: ends the session (its CSRF token required) and removes the cookie.
    func signOut(_ request: Request) async throws -> Response {
        guard let secret = ConsoleCookies.value(ConsoleCookies.session, in: request),
            let session = try await session(request)
        else { return ConsolePage.redirect(to: "/admin/sign-in") }
        let form: ConsoleForm
        do {
            form = try await ConsoleForm.read(request)
        } catch let error as ConsoleFormError {
            return message(error.message, title: localized("Bad request", ja: "不正な要求"), status: .badRequest, session: session)
        }
        guard Self.same(form.fields["csrf"], session.csrfToken) else { return forged(session: session) }
        try await workers.storage.admit { try await services.console.signOut(secret: secret) }
        logger.info("console sign-out", metadata: ["account": "\(session.account)"])
        return ConsolePage.redirect(
            to: "/admin/sign-in", cookies: [cookies.answering(request).setCookie(ConsoleCookies.session, "", maxAge: 0)])
    }

    /// `GET /admin`: the overview.
    func overview(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let admin = services.admin
            return ConsolePage(
                template: "overview", title: localized("Overview", ja: "概要"),
                values: [
                    "userCount": try await admin.users().count, "groupCount": try await admin.groups().count,
                    "appCount": try await admin.apps().count, "templateCount": try await admin.templates().count,
                ])
        }
    }

    /// Any other `/admin` path: 404 for an administrator, the sign-in page for anyone else.
    func notFound(_ request: Request) async throws -> Response {
        guard let session = try await session(request) else { return Self.toSignIn(from: request) }
        return message(
            localized("There is no console page at \(request.uri.path).", ja: "\(request.uri.path) にコンソールのページはありません。"),
            title: localized("Not found", ja: "見つかりません"), status: .notFound, session: session,
            link: ("/admin", localized("Overview", ja: "概要")))
    }

    /// The sign-in form with a new token (in its field and its cookie), `account` filled in.
    func signInForm(_ request: Request, next: String, account: String, error: String?, status: HTTPResponse.Status) -> Response {
        let token = Self.newToken()
        var page = ConsolePage(
            template: "sign-in", title: localized("Sign in to the Strata console", ja: "Strata コンソールにサインイン"),
            values: ["signInToken": token, "next": next, "account": account])
        page.error = error
        return page.response(
            session: nil, status: status,
            cookies: [cookies.answering(request).setCookie(ConsoleCookies.signIn, token, maxAge: ConsoleCookies.signInLifetime)])
    }
}
