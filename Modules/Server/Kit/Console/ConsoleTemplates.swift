import Mustache

/// The console's pages as mustache templates, compiled once into one library (no resource
/// files: the installer copies bare binaries). Every value is inserted with `{{ }}`, which
/// escapes HTML (`<`, `>`, `&`, `"`, `'`); `{{{ }}}` is used only for the server-made SVG chart.
///
/// The page names are the keys of ``library``: `top` and `bottom` (the frame, as partials),
/// `sign-in`, `message`, `overview`, `users`, `groups`, `apps`, `push`, `logs`, `stats`, `data`,
/// `data-types`, `objects`, `object`, `sessions`, `devices`, `administrators`, `confirm`.
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
        ("data", data), ("data-types", dataTypes), ("objects", objects), ("object", object), ("sessions", sessions),
        ("devices", devices), ("administrators", administrators), ("confirm", confirm),
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
        \(ConsoleStyle.css)
        </style>
        </head>
        <body>
        <header>
        <a class="brand" href="/admin"><strong>Strata</strong></a>
        {{#session}}
        <nav>
        <a href="/admin">{{t.overview}}</a>
        <a href="/admin/users">{{t.users}}</a>
        <a href="/admin/groups">{{t.groups}}</a>
        <a href="/admin/apps">{{t.apps}}</a>
        <a href="/admin/push">{{t.push}}</a>
        <a href="/admin/logs">{{t.logs}}</a>
        <a href="/admin/stats">{{t.stats}}</a>
        <a href="/admin/data">{{t.data}}</a>
        <a href="/admin/sessions">{{t.sessions}}</a>
        <a href="/admin/devices">{{t.devices}}</a>
        <a href="/admin/administrators">{{t.administrators}}</a>
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
