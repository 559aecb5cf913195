import Foundation

/// The sign-in page's `next`: where to go once signed in, always a page of the console (a
/// local `/admin` path), never another site.
enum ConsoleNext {
    /// `next` when it is a local console path (`/admin`, `/admin/…`, `/admin?…`) of printable
    /// ASCII without `//`, `\`, or a `.` or `..` segment, checked both as written and as a
    /// browser resolves it (percent-decoded: `%2e%2e` is `..` to a browser, `%2f` a `/`, and
    /// decoded again while it still holds escapes); else `/admin`.
    static func validated(_ next: String?) -> String {
        guard let next, next.count <= 512, next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return "/admin"
        }
        var path = String(next.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        for _ in 0..<4 {
            guard isConsolePath(path) else { return "/admin" }
            guard path.contains("%") else { return next }
            guard let decoded = path.removingPercentEncoding, decoded != path else { return "/admin" }
            path = decoded
        }
        // Still escaped after four rounds of decoding: not a path a console link makes.
        return "/admin"
    }

    /// Whether `path` (no query) is `/admin` or under `/admin/`, with no control character, no
    /// `\`, no empty, `.` or `..` segment.
    private static func isConsolePath(_ path: String) -> Bool {
        guard path == "/admin" || path.hasPrefix("/admin/"),
            path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }), !path.contains("\\")
        else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return !segments.enumerated().contains { index, segment in
            segment == "." || segment == ".." || (segment.isEmpty && index < segments.count - 1)
        }
    }

    /// `path` percent-encoded as one query value.
    static func encoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "/-._~")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "%2Fadmin"
    }
}
