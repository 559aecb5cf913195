/// Credentials in text that people see or that is kept: the password in a URL's user
/// information becomes ``mask``, wherever the URL stands in the text.
///
/// Every place that prints, logs or stores a server or database URL (or a message that may
/// hold one) passes it through ``masked(_:)`` first, so a password given in
/// `STRATA_SERVER_URL=http://u:PW@host` never reaches a terminal, a log or the store:
///
/// ```swift
/// CredentialMask.masked("cannot reach http://sigrid:PW@sync.example.org/")  // "cannot reach http://sigrid:***@sync.example.org/"
/// CredentialMask.masked("https://TOKEN@sync.example.org")                   // "https://***@sync.example.org"
/// CredentialMask.masked("sigrid:PW@db.example.org/strata")                  // "sigrid:***@db.example.org/strata"
/// CredentialMask.masked("the login of nurse.sigrid@example.org")           // unchanged: no password
/// ```
///
/// - With a scheme (`scheme://user:password@host`), everything after the user's `:` up to the
///   host's `@` is masked; user information without a `:` (a token used as the user name) is
///   masked whole.
/// - Without one (`user:password@host`, `postgres:/user:password@host`), a word whose part
///   before an `@` holds a `:` has what follows that `:` masked; an e-mail address has no `:`
///   and stays as it is.
///
/// Words are split at white space only: a password may hold `,`, `;` or quotes. A value known
/// to be one URL (an environment variable's, a configuration's) is masked whole with
/// ``maskedURL(_:)``, so a password holding white space is masked too.
///
/// User information ends at the last `@` before the first `/`, `?` or `#` after `://` (as
/// ``hasUserInfo(_:)`` reads it): `http://example.org/a@b` and `http://h:1#x@y` hold none and
/// stay as they are; only an authority whose `:` is followed by something other than a port
/// (`http://u:P/W@h`, a password holding `/`) is masked up to the word's last `@`.
public enum CredentialMask {
    /// What a password is replaced with.
    public static let mask = "***"

    /// `text` with the password of every URL in it replaced by ``mask`` (see the type's rules).
    public static func masked(_ text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var word: [Character] = []
        for character in text {
            if character.isWhitespace {
                result += maskedWord(word[...])
                result.append(character)
                word.removeAll(keepingCapacity: true)
            } else {
                word.append(character)
            }
        }
        result += maskedWord(word[...])
        return result
    }

    /// `url`, a value known to be one URL (or what was given as one), with its password
    /// replaced by ``mask``, white space in it or not: `http://u:P W@h` is `http://u:***@h`.
    ///
    /// With `://`, the user information ends at the last `@` before the first `/`, `?` or `#`
    /// after it (when no `@` stands there but the part before that character holds a `:` that
    /// is not a port's, as in `http://u:P/W@h`, at the last `@`); without `://`, as in
    /// ``masked(_:)`` (`u:P W@h` is `u:***@h`).
    public static func maskedURL(_ url: String) -> String {
        guard url.contains("@") else { return url }
        return maskedWord(Array(url)[...])
    }

    /// Whether an authority without `@` (`h`, `h:80`, `[::1]:80`, `u:P`) holds a `:` followed by
    /// something that is not a port: the start of a password whose `/`, `?` or `#` cut it short.
    private static func looksLikePassword(_ authority: ArraySlice<Character>) -> Bool {
        var rest = authority
        if rest.first == "[", let close = rest.firstIndex(of: "]") { rest = rest[(close + 1)...] }
        guard let colon = rest.firstIndex(of: ":") else { return false }
        let port = rest[(colon + 1)...]
        return !port.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `url` (text) names user information: `scheme://user@host` or
    /// `scheme://user:password@host`.
    public static func hasUserInfo(_ url: String) -> Bool {
        guard let separator = url.firstRange(of: "://") else { return false }
        let authority = url[separator.upperBound...].prefix { !"/?#".contains($0) }
        return authority.contains("@")
    }

    /// One word (no white space) with its credentials masked.
    private static func maskedWord(_ word: ArraySlice<Character>) -> String {
        guard word.contains("@") else { return String(word) }
        guard let separator = firstSeparator(in: word) else { return withoutScheme(word) }
        let start = separator + 3
        // The user information ends where the authority does: at the first `/`, `?` or `#`.
        let limit = word[start...].firstIndex { "/?#".contains($0) } ?? word.endIndex
        let before = withoutScheme(word[..<separator]) + "://"
        let at: Int
        if let inAuthority = word[start..<limit].lastIndex(of: "@") {
            at = inAuthority
        } else if looksLikePassword(word[start..<limit]), let last = word[limit...].lastIndex(of: "@") {
            // `http://u:P/W@h`: a password whose `/` cut the authority short is masked, not shown.
            at = last
        } else {
            return before + afterUserInfo(word[start...])
        }
        let information = word[start..<at]
        let masked = information.firstIndex(of: ":").map { String(information[..<$0]) + ":" + mask } ?? mask
        return before + masked + afterUserInfo(word[at...])
    }

    /// The rest of a URL after its user information (host, port, path, query, fragment): kept
    /// as it is, but for another URL inside it (`?next=http://u:PW@h`), masked in turn.
    private static func afterUserInfo(_ rest: ArraySlice<Character>) -> String {
        guard let separator = firstSeparator(in: rest) else { return String(rest) }
        // The inner URL starts at its scheme: the letters, digits, `+`, `-` and `.` before `://`.
        var schemeStart = separator
        while schemeStart > rest.startIndex,
            rest[schemeStart - 1].isASCII && (rest[schemeStart - 1].isLetter || rest[schemeStart - 1].isNumber || "+-.".contains(rest[schemeStart - 1]))
        {
            schemeStart -= 1
        }
        return String(rest[..<schemeStart]) + maskedWord(rest[schemeStart...])
    }

    /// The index of the first `://` in `word`.
    private static func firstSeparator(in word: ArraySlice<Character>) -> Int? {
        var index = word.startIndex
        while index + 2 < word.endIndex {
            if word[index] == ":" && word[index + 1] == "/" && word[index + 2] == "/" { return index }
            index += 1
        }
        return nil
    }

    /// A word without `://`: before each `@`, back to the word's start (or an `=` or an
    /// earlier `@`), a part holding `:` has what follows the user's `:` masked.
    private static func withoutScheme(_ word: ArraySlice<Character>) -> String {
        var result = ""
        var partStart = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let character = word[index]
            if character == "=" {
                result += String(word[partStart...index])
                partStart = index + 1
            } else if character == "@" {
                let part = word[partStart..<index]
                // `postgres:/user:password`: the user is after the last `/` when that part holds
                // the `:`; otherwise (a `/` inside the password) from the part's first `:`.
                let tail = part.lastIndex(of: "/").map { part[($0 + 1)...] } ?? part
                if let colon = tail.firstIndex(of: ":") ?? part.firstIndex(of: ":") {
                    result += String(word[partStart...colon]) + mask
                } else {
                    result += String(part)
                }
                result.append("@")
                partStart = index + 1
            }
            index += 1
        }
        result += String(word[partStart..<word.endIndex])
        return result
    }
}
