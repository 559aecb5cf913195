import Foundation

/// The sign-in page's `next`: where to go once signed in, always a page of the console (a
/// local `/admin` path), never another site.
enum ConsoleNext {
    /// `next` when it is a local console path (`/admin`, `/admin/…`, `/admin?…`) of printable
    /// ASCII without `//`, `\`, or a `..` segment; else `/admin`.
    static func validated(_ next: String?) -> String {
        guard let next, next.count <= 512, next == "/admin" || next.hasPrefix("/admin/") || next.hasPrefix("/admin?"),
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            !next.contains("//"), !next.contains("\\"),
            !next.split(separator: "?", maxSplits: 1)[0].split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
        else { return "/admin" }
        return next
    }

    /// `path` percent-encoded as one query value.
    static func encoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "/-._~")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "%2Fadmin"
    }
}
