import Foundation
import StrataTestSupport

/// A minimal browser for the web console over real loopback HTTP: raw HTTP/1.1 requests (so a
/// 303 is seen as it is, never followed), a cookie jar, the forms' `csrf` fields read back.
struct ConsoleBrowser {
    /// One answer: status, headers (names lowercased) and body.
    struct Page: CustomStringConvertible {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String

        /// The first value of header `name`.
        func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
        /// Every `Set-Cookie` value.
        var setCookies: [String] { headers.filter { $0.name == "set-cookie" }.map(\.value) }
        /// The value of the first hidden `csrf` input.
        var csrf: String? { Self.attribute("value", afterMarker: #"name="csrf" value=""#, in: body) }
        /// The `<p id="flash">` text, or `nil`.
        var flash: String? { Self.element(#"<p id="flash">"#, in: body) }
        /// The `<p id="error">` text, or `nil`.
        var error: String? { Self.element(#"<p id="error">"#, in: body) }

        var description: String { "\(status) \(headers.map { "\($0.name): \($0.value)" })\n\(body.prefix(3000))" }

        static func attribute(_ name: String, afterMarker marker: String, in text: String) -> String? {
            guard let start = text.range(of: marker) else { return nil }
            let rest = text[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        static func element(_ open: String, in text: String) -> String? {
            guard let start = text.range(of: open) else { return nil }
            let rest = text[start.upperBound...]
            return rest.range(of: "</p>").map { String(rest[..<$0.lowerBound]) }
        }
    }

    let port: Int
    /// The cookies the server set, by name (a `Max-Age=0` one removed).
    var cookies: [String: String] = [:]

    init(port: Int) { self.port = port }

    /// `GET path`.
    mutating func get(_ path: String) async throws -> Page { try await send("GET", path, body: nil) }

    /// `POST path` with `fields` form-urlencoded.
    mutating func post(_ path: String, _ fields: [(String, String)]) async throws -> Page {
        try await send("POST", path, body: Self.encode(fields))
    }

    /// Signs in as `account` through the sign-in form; the answer to the form's POST.
    mutating func signIn(_ account: String, password: String = TestServer.password, next: String? = nil) async throws -> Page {
        let form = try await get("/admin/sign-in" + (next.map { "?next=" + Self.percent($0) } ?? ""))
        var fields = [("csrf", form.csrf ?? ""), ("account", account), ("password", password)]
        if let next { fields.append(("next", next)) }
        return try await post("/admin/sign-in", fields)
    }

    /// Sends one request on its own connection (`Connection: close`) and reads the whole answer.
    mutating func send(_ method: String, _ path: String, body: String?, headers extra: [String] = []) async throws -> Page {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
        if !cookies.isEmpty { lines.append("Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")) }
        if let body {
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("Content-Length: \(body.utf8.count)")
        }
        lines += extra
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
        let answer = try await RawExchange.exchange(port: port, bytes: Array(request.utf8), halfClose: false, timeout: 30)
        let page = try Self.parse(answer.text)
        for cookie in page.setCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if cookie.contains("Max-Age=0") || value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
        return page
    }

    static func parse(_ text: String) throws -> Page {
        guard let split = text.range(of: "\r\n\r\n") else { throw TestServerFailure("no HTTP answer: \(text.prefix(300))") }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let first = head.first, first.hasPrefix("HTTP/1.1 "), let status = Int(first.dropFirst(9).prefix(3)) else {
            throw TestServerFailure("no status line: \(text.prefix(300))")
        }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Page(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// `fields` as `application/x-www-form-urlencoded`.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(percent($0.0))=\(percent($0.1))" }.joined(separator: "&")
    }

    /// `text` percent-encoded as a form value.
    static func percent(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
