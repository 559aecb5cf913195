/// The console's one stylesheet, inline in every page's head (the pages' Content-Security-Policy
/// allows inline style only; no script): a dark header with wrapping navigation, readable
/// tables that scroll inside their own box when wider than the screen, buttons, and a layout
/// that fits a 375 px wide phone without sideways scrolling.
enum ConsoleStyle {
    /// The stylesheet (plain CSS, no `{{`: it goes into the mustache frame as is).
    static let css = """
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2330; background: #f4f6f9; }
        header { background: #1d2330; color: #fff; padding: .6rem 1rem; display: flex; gap: .4rem 1.2rem; align-items: center; flex-wrap: wrap; }
        header a { color: #cfe0ff; text-decoration: none; } header a:hover { text-decoration: underline; }
        header a.brand { color: #fff; font-size: 1.05rem; letter-spacing: .02em; }
        header nav { display: flex; gap: .2rem .9rem; flex-wrap: wrap; }
        header .who { margin-left: auto; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; color: #cfd6e4; }
        main { padding: 1rem; max-width: 76rem; margin: 0 auto; }
        h1 { font-size: 1.4rem; margin: .3rem 0 .8rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 1.4rem 0 .4rem; }
        a { color: #2149b0; }
        table { display: block; max-width: 100%; width: max-content; overflow-x: auto; border-collapse: collapse; background: #fff;
            margin: .6rem 0 1.2rem; border: 1px solid #d5d9e0; border-radius: 6px; }
        table table { border: 0; margin: 0; }
        th, td { border-bottom: 1px solid #e3e6eb; padding: .4rem .6rem; text-align: left; vertical-align: top; }
        th { background: #eef1f5; font-weight: 600; }
        td { overflow-wrap: break-word; }
        td.value { white-space: pre-wrap; overflow-wrap: anywhere; min-width: 12rem; }
        .nowrap { white-space: nowrap; }
        tbody tr:hover { background: #f8fafc; }
        code { font-size: .9em; }
        input, select, textarea, button { font: inherit; max-width: 100%; }
        input, select, textarea { padding: .3rem .45rem; border: 1px solid #b9c0cc; border-radius: 4px; background: #fff; color: inherit; }
        button, a.button { display: inline-block; background: #2f5fd0; color: #fff; border: 0; border-radius: 5px; padding: .35rem .8rem;
            cursor: pointer; text-decoration: none; line-height: 1.45; }
        button:hover, a.button:hover { filter: brightness(1.1); }
        button.danger { background: #c23b3b; }
        a.button.secondary, button.secondary { background: #e3e7ee; color: #1d2330; }
        header button { background: #3a4356; }
        form.inline, #sign-out { display: inline-flex; gap: .3rem; margin: 0 .3rem .2rem 0; flex-wrap: wrap; align-items: center; }
        form.toolbar { display: flex; gap: .4rem; flex-wrap: wrap; align-items: flex-end; }
        fieldset { border: 1px solid #d5d9e0; background: #fff; margin: .6rem 0; }
        label { display: inline-block; margin: .2rem .6rem .2rem 0; }
        textarea { width: 30rem; height: 4rem; }
        svg { max-width: 100%; height: auto; }
        #flash { background: #e3f6e8; border: 1px solid #7cc08f; border-radius: 5px; padding: .5rem .7rem; }
        #error { background: #fdeaea; border: 1px solid #e08a8a; border-radius: 5px; padding: .5rem .7rem; }
        .muted { color: #5b6474; }
        .crumbs { margin: 0 0 .6rem; overflow-wrap: anywhere; }
        .pager { display: flex; gap: .6rem; margin: .4rem 0 1rem; }
        .confirm { background: #fff; border: 1px solid #e08a8a; border-radius: 6px; padding: .8rem 1rem; max-width: 40rem; }
        .confirm form { display: flex; gap: .6rem; flex-wrap: wrap; align-items: center; }
        @media (max-width: 600px) {
            main { padding: .7rem; }
            header .who { margin-left: 0; }
            textarea { width: 100%; }
        }
        """
}
