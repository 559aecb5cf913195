import Mustache

/// The console's pages as mustache templates, compiled once into one library (no resource
/// files: the installer copies bare binaries). Every value is inserted with `{{ }}`, which
/// escapes HTML (`<`, `>`, `&`, `"`, `'`); `{{{ }}}` is used only for the server-made SVG chart.
///
/// The page names are the keys of ``library``: `top` and `bottom` (the frame, as partials),
/// `sign-in`, `message`, `overview`, `users`, `groups`, `apps`, `push`, `logs`, `stats`.
enum ConsoleTemplates {
    /// Every template, compiled.
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in sources {
            do {
                try library.register(text, named: name)
            } catch {
                // The templates are constants: a parse error is a programming error that the
                // console's tests (every page rendered) catch before any release.
                preconditionFailure("console template \(name) does not parse: \(error)")
            }
        }
        return library
    }()

    /// The templates' text, by name.
    static let sources: [(String, String)] = [
        ("top", top), ("bottom", bottom), ("sign-in", signIn), ("message", message), ("overview", overview),
        ("users", users), ("groups", groups), ("apps", apps), ("push", push), ("logs", logs), ("stats", stats),
    ]

    /// The frame's start: the document head, the navigation when signed in, the flash and error lines.
    static let top = """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Strata</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
        header { background: #1d2330; color: #fff; padding: .6rem 1.2rem; display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; }
        header a { color: #cfe0ff; text-decoration: none; } header a:hover { text-decoration: underline; }
        header .who { margin-left: auto; display: flex; gap: .6rem; align-items: center; }
        main { padding: 1rem 1.2rem; max-width: 72rem; }
        table { border-collapse: collapse; background: #fff; margin: .6rem 0 1.2rem; }
        th, td { border: 1px solid #d5d9e0; padding: .3rem .5rem; text-align: left; vertical-align: top; }
        th { background: #eef1f5; }
        form.inline, #sign-out { display: inline-flex; gap: .3rem; margin: 0 .3rem .2rem 0; }
        fieldset { border: 1px solid #d5d9e0; background: #fff; margin: .6rem 0; }
        label { display: inline-block; margin: .2rem .6rem .2rem 0; }
        #flash { background: #e3f6e8; border: 1px solid #7cc08f; padding: .5rem; }
        #error { background: #fdeaea; border: 1px solid #e08a8a; padding: .5rem; }
        textarea { width: 30rem; height: 4rem; }
        </style>
        </head>
        <body>
        <header>
        <strong>Strata</strong>
        {{#session}}
        <nav>
        <a href="/admin">{{t.overview}}</a>
        <a href="/admin/users">{{t.users}}</a>
        <a href="/admin/groups">{{t.groups}}</a>
        <a href="/admin/apps">{{t.apps}}</a>
        <a href="/admin/push">{{t.push}}</a>
        <a href="/admin/logs">{{t.logs}}</a>
        <a href="/admin/stats">{{t.stats}}</a>
        </nav>
        <span class="who">{{t.signedInAs}} <strong>{{account}}</strong>
        <form id="sign-out" method="post" action="/admin/sign-out">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">{{t.signOut}}</button>
        </form></span>
        {{/session}}
        </header>
        <main>
        <h1>{{title}}</h1>
        {{#flash}}<p id="flash">{{flash}}</p>{{/flash}}
        {{#error}}<p id="error">{{error}}</p>{{/error}}

        """

    /// The frame's end.
    static let bottom = """
        </main>
        </body>
        </html>

        """

    /// The sign-in page.
    static let signIn = """
        {{> top}}
        <form id="sign-in" method="post">
        <input type="hidden" name="csrf" value="{{signInToken}}">
        <input type="hidden" name="next" value="{{next}}">
        <p><label>{{t.account}} <input name="account" autocomplete="username" required value="{{account}}"></label></p>
        <p><label>{{t.password}} <input name="password" type="password" autocomplete="current-password" required></label></p>
        <p><button type="submit">{{t.signIn}}</button></p>
        </form>
        {{> bottom}}
        """

    /// A page that only says something: a refusal, a missing page, a forged form.
    static let message = """
        {{> top}}
        <p id="message">{{message}}</p>
        {{#link}}<p><a href="{{href}}">{{text}}</a></p>{{/link}}
        {{> bottom}}
        """

    /// The overview: counts, and where to go.
    static let overview = """
        {{> top}}
        <table id="overview">
        <tbody>
        <tr><th><a href="/admin/users">{{t.users}}</a></th><td>{{userCount}}</td></tr>
        <tr><th><a href="/admin/groups">{{t.groups}}</a></th><td>{{groupCount}}</td></tr>
        <tr><th><a href="/admin/apps">{{t.apps}}</a></th><td>{{appCount}}</td></tr>
        <tr><th><a href="/admin/push">{{t.templates}}</a></th><td>{{templateCount}}</td></tr>
        </tbody>
        </table>
        {{> bottom}}
        """
}
