import Hummingbird
import Mustache
import NIOCore
import StrataServerDomain

/// One rendered console page: a template of ``ConsoleTemplates`` over its values, with the
/// frame's values (title, language, labels, the session, the flash and error lines) added.
struct ConsolePage {
    /// The template's name.
    var template: String
    /// The page's title.
    var title: String
    /// The page's own values.
    var values: [String: Any] = [:]
    /// A result line (`<p id="flash">`).
    var flash: String?
    /// An error line (`<p id="error">`).
    var error: String?

    /// The page as an HTML response with `status`, the session's account and form token in
    /// its frame, and `cookies` set.
    func response(
        session: ConsoleSession?, status: HTTPResponse.Status = .ok, cookies: [String] = []
    ) -> Response {
        var context = values
        context["title"] = title
        context["lang"] = ConsoleLabels.language()
        context["t"] = ConsoleLabels.all()
        if let session { context["session"] = ["account": session.account, "csrf": session.csrfToken] }
        if let flash { context["flash"] = flash }
        if let error { context["error"] = error }
        let html = ConsoleTemplates.library.render(context, withTemplate: template) ?? ""
        return Self.html(html, status: status, cookies: cookies)
    }

    /// `html` as a response that no cache keeps and no frame shows, with `cookies` set.
    static func html(_ html: String, status: HTTPResponse.Status, cookies: [String] = []) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        if !cookies.isEmpty { headers[values: .setCookie] = cookies }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 303 to `location` (a local path), with `cookies` set.
    static func redirect(to location: String, cookies: [String] = []) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        if !cookies.isEmpty { headers[values: .setCookie] = cookies }
        return Response(status: .seeOther, headers: headers)
    }
}
