import StrataCrossCutting
import Testing

@Suite("CredentialMask: the password of every URL in a text is masked, and nothing else")
struct CredentialMaskTests {
    @Test("a URL's password is masked wherever the URL stands; the user stays")
    func passwords() {
        #expect(CredentialMask.masked("http://sigrid:PW@127.0.0.1:8080") == "http://sigrid:***@127.0.0.1:8080")
        #expect(
            CredentialMask.masked("cannot reach the sync server https://u:p%40ss@sync.example.org/v1 to sync: timed out")
                == "cannot reach the sync server https://u:***@sync.example.org/v1 to sync: timed out")
        #expect(CredentialMask.masked("STRATA_SERVER_URL=http://u:PW@h is bad") == "STRATA_SERVER_URL=http://u:***@h is bad")
        #expect(CredentialMask.masked("(http://u:PW@h)") == "(http://u:***@h)")
        #expect(CredentialMask.masked("a http://u:one@h and b postgres://v:two@k/db") == "a http://u:***@h and b postgres://v:***@k/db")
        // A password holding `@`, `/`, `,` or quotes is masked whole.
        #expect(CredentialMask.masked("http://u:p@ss@h/x") == "http://u:***@h/x")
        #expect(CredentialMask.masked("http://u:a,b;'c@h") == "http://u:***@h")
        // User information without a `:` (a token as the user name) is masked whole.
        #expect(CredentialMask.masked("https://TOKEN@h/") == "https://***@h/")
    }

    @Test("without a scheme, a part before an @ that holds a : is masked after the user's :")
    func schemeless() {
        #expect(CredentialMask.masked("sigrid:PW@db.example.org/strata") == "sigrid:***@db.example.org/strata")
        #expect(CredentialMask.masked("postgres:/sigrid:PW@db/strata") == "postgres:/sigrid:***@db/strata")
        #expect(CredentialMask.masked("u:p/w@h") == "u:***@h")
        #expect(CredentialMask.masked("--database=u:PW@h") == "--database=u:***@h")
    }

    @Test("text without credentials is unchanged: e-mail addresses, URLs without user information, @ alone")
    func unchanged() {
        for text in [
            "the login of nurse.sigrid@example.org was refused", "http://127.0.0.1:8080/v1?next=a@b", "@", "a @ b", "",
            "http://h/path", "日本語のテキスト",
        ] {
            #expect(CredentialMask.masked(text) == text)
        }
    }

    @Test("a value known to be one URL is masked whole: a password holding white space never shows")
    func wholeURL() {
        for space in [" ", "\t", "\n", "\u{3000}", "\u{A0}", "  \r\n"] {
            let url = "http://u:P\(space)W15@127.0.0.1:18480"
            #expect(CredentialMask.maskedURL(url) == "http://u:***@127.0.0.1:18480", "\(url.debugDescription)")
        }
        #expect(CredentialMask.maskedURL("http://u:PW22\n@h") == "http://u:***@h")
        #expect(CredentialMask.maskedURL("https://TO KEN@h/x") == "https://***@h/x")
        #expect(CredentialMask.maskedURL("postgres://user:P Wc@h ost/db") == "postgres://user:***@h ost/db")
        // Without a scheme, or with `:/` only, the part before the last @ after the user's `:`.
        #expect(CredentialMask.maskedURL("u:P W@h") == "u:***@h")
        #expect(CredentialMask.maskedURL("postgres:/u:P W@h/db") == "postgres:/u:***@h/db")
        // A password holding `/` (not valid, but written) is masked, not shown.
        #expect(CredentialMask.maskedURL("http://u:P/W@h") == "http://u:***@h")
        #expect(CredentialMask.masked("http://u:P/W@h") == "http://u:***@h")
        // Ordinary URLs stay as they are.
        for url in ["http://example.org/a@b", "http://127.0.0.1:18480#x@y", "http://h?x=a b@c", "http://[::1]:80/a@b", "http://h"] {
            #expect(CredentialMask.maskedURL(url) == url)
        }
    }

    @Test("user information ends at the first /, ? or #: an @ in a path, query or fragment is no password")
    func atAfterTheAuthority() {
        for text in [
            "http://example.org/a@b", "http://127.0.0.1:18480#x@y", "server http://h:1?q=u:v@w here", "http://h/a:b@c",
            "http://[::1]:8080/x:y@z",
        ] {
            #expect(CredentialMask.masked(text) == text)
        }
        // …while a URL in the query is still masked.
        #expect(CredentialMask.masked("http://h/?next=http://u:PW@k/x") == "http://h/?next=http://u:***@k/x")
        #expect(CredentialMask.masked("http://u:PW@h:80#a:b@c") == "http://u:***@h:80#a:b@c")
    }

    @Test("user information is found in the authority only")
    func userInfo() {
        #expect(CredentialMask.hasUserInfo("http://u:p@h"))
        #expect(CredentialMask.hasUserInfo("http://u@h:1/x"))
        #expect(!CredentialMask.hasUserInfo("http://h/a@b"))
        #expect(!CredentialMask.hasUserInfo("http://h?x=a@b"))
        #expect(!CredentialMask.hasUserInfo("u:p@h"))
    }
}
