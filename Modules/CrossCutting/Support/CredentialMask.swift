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
/// Words are split at white space only: a password may hold `,`, `;` or quotes.
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
        let limit = word[start...].firstIndex { $0 == "?" || $0 == "#" } ?? word.endIndex
        let before = withoutScheme(word[..<separator]) + "://"
        guard let at = word[start..<limit].lastIndex(of: "@") else {
            return before + maskedWord(word[start...])
        }
        let information = word[start..<at]
        let masked = information.firstIndex(of: ":").map { String(information[..<$0]) + ":" + mask } ?? mask
        return before + masked + maskedWord(word[at...])
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
