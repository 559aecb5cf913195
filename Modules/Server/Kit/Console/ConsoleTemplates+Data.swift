extension ConsoleTemplates {
    /// The data page: every app version, each a link to its object types.
    static let data = """
        {{> top}}
        <p class="muted">{{t.dataIntro}}</p>
        <table id="data-apps">
        <thead><tr><th>{{t.app}}</th><th>{{t.version}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#apps}}
        <tr><td>{{appId}}</td><td>{{version}}</td><td><a class="button secondary" href="{{href}}">{{t.browse}}</a></td></tr>
        {{/apps}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// One app version's object types with their counts.
    static let dataTypes = """
        {{> top}}
        <p class="crumbs"><a href="/admin/data">{{t.data}}</a> › {{app}} {{version}}</p>
        {{#empty}}<p class="muted">{{t.noObjects}}</p>{{/empty}}
        <table id="types">
        <thead><tr><th>{{t.type}}</th><th>{{t.live}}</th><th>{{t.deleted}}</th></tr></thead>
        <tbody>
        {{#types}}
        <tr><td><a href="{{href}}">{{typeName}}</a></td><td>{{live}}</td><td>{{deleted}}</td></tr>
        {{/types}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// One page of a type's objects: the search form, the table, the pager.
    static let objects = """
        {{> top}}
        <p class="crumbs"><a href="/admin/data">{{t.data}}</a> › <a href="{{typesHref}}">{{app}} {{version}}</a> › {{type}}</p>
        <form id="search" class="toolbar" method="get" action="/admin/data/objects">
        <input type="hidden" name="app" value="{{app}}"><input type="hidden" name="version" value="{{version}}">
        <input type="hidden" name="type" value="{{type}}">
        <label>{{t.search}} <input type="search" name="q" value="{{q}}" placeholder="{{t.searchHint}}"></label>
        <button type="submit">{{t.search}}</button>
        </form>
        <p id="summary" class="muted">{{t.objectsFound}}: {{total}} · {{t.page}} {{page}} / {{pages}}</p>
        <table id="objects">
        <thead><tr><th>{{t.objectId}}</th><th>{{t.owner}}</th><th>{{t.group}}</th><th>{{t.scope}}</th><th>{{t.serverVersion}}</th><th>{{t.state}}</th></tr></thead>
        <tbody>
        {{#objects}}
        <tr><td><a href="{{href}}">{{objectId}}</a></td><td>{{owner}}</td><td>{{ownerGroup}}</td><td>{{scope}}</td><td>{{version}}</td><td>{{state}}</td></tr>
        {{/objects}}
        </tbody>
        </table>
        {{#empty}}<p class="muted">{{t.noObjects}}</p>{{/empty}}
        <nav class="pager">
        {{#previous}}<a id="previous" class="button secondary" href="{{previous}}">‹ {{t.previous}}</a>{{/previous}}
        {{#next}}<a id="next" class="button secondary" href="{{next}}">{{t.next}} ›</a>{{/next}}
        </nav>
        {{> bottom}}
        """

    /// One object: who owns it, its fields as the server holds them, its history.
    static let object = """
        {{> top}}
        <p class="crumbs"><a href="/admin/data">{{t.data}}</a> › {{app}} {{version}} › <a href="{{objectsHref}}">{{type}}</a></p>
        {{#object}}
        <table id="object"><tbody>
        <tr><th>{{t.objectId}}</th><td>{{objectId}}</td></tr>
        <tr><th>{{t.owner}}</th><td>{{owner}}</td></tr>
        <tr><th>{{t.group}}</th><td>{{ownerGroup}}</td></tr>
        <tr><th>{{t.scope}}</th><td>{{scope}}</td></tr>
        <tr><th>{{t.serverVersion}}</th><td>{{version}}</td></tr>
        <tr><th>{{t.state}}</th><td>{{state}}</td></tr>
        </tbody></table>
        {{/object}}
        <h2>{{t.fields}}</h2>
        <p class="muted">{{t.fieldsNote}}</p>
        <table id="fields">
        <thead><tr><th>{{t.field}}</th><th>{{t.value}}</th></tr></thead>
        <tbody>
        {{#fields}}
        <tr><td>{{name}}</td><td class="value">{{value}}</td></tr>
        {{/fields}}
        </tbody>
        </table>
        <h2>{{t.history}}</h2>
        <p class="muted">{{t.historyNote}}</p>
        <table id="history">
        <thead><tr><th>{{t.serverVersion}}</th><th>{{t.event}}</th><th>{{t.user}}</th><th>{{t.fields}}</th><th>{{t.detail}}</th><th>{{t.recordedAt}}</th></tr></thead>
        <tbody>
        {{#entries}}
        <tr><td>{{version}}</td><td>{{event}}</td><td>{{account}}</td><td>{{fields}}</td><td>{{detail}}</td><td class="nowrap">{{recordedAt}}</td></tr>
        {{/entries}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// The sessions page: the account filter and the unexpired sessions, each with its revoke button.
    static let sessions = """
        {{> top}}
        <form id="session-filter" class="toolbar" method="get" action="/admin/sessions">
        <label>{{t.account}} <input name="account" value="{{filter.account}}"></label>
        <button type="submit">{{t.show}}</button>
        </form>
        <table id="sessions">
        <thead><tr><th>{{t.session}}</th><th>{{t.account}}</th><th>{{t.app}}</th><th>{{t.version}}</th><th>{{t.validUntil}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#sessions}}
        <tr><td><code>{{id}}</code></td><td>{{account}}</td><td>{{appId}}</td><td>{{version}}</td><td class="nowrap">{{validUntil}}</td><td>
        <form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="revoke-session"><input type="hidden" name="id" value="{{id}}">
        <input type="hidden" name="account" value="{{account}}">
        <button type="submit" class="danger">{{t.revoke}}</button></form>
        </td></tr>
        {{/sessions}}
        </tbody>
        </table>
        {{#empty}}<p class="muted">{{t.noSessions}}</p>{{/empty}}
        {{^empty}}{{#revokeAll}}<form id="revoke-all" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="revoke-sessions"><input type="hidden" name="account" value="{{account}}">
        <button type="submit" class="danger">{{t.revokeAll}} {{account}}</button></form>{{/revokeAll}}{{/empty}}
        {{> bottom}}
        """

    /// The devices page: the account filter and every device, each active one with its revoke button.
    static let devices = """
        {{> top}}
        <form id="device-filter" class="toolbar" method="get" action="/admin/devices">
        <label>{{t.account}} <input name="account" value="{{filter.account}}"></label>
        <button type="submit">{{t.show}}</button>
        </form>
        <table id="devices">
        <thead><tr><th>{{t.device}}</th><th>{{t.name}}</th><th>{{t.account}}</th><th>{{t.app}}</th><th>{{t.version}}</th><th>{{t.registeredAt}}</th><th>{{t.status}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#devices}}
        <tr><td><code>{{deviceId}}</code></td><td>{{name}}</td><td>{{account}}</td><td>{{appId}}</td><td>{{version}}</td><td class="nowrap">{{registeredAt}}</td><td>{{status}}</td><td>
        {{^revoked}}<form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="revoke-device"><input type="hidden" name="device" value="{{deviceId}}">
        <input type="hidden" name="app" value="{{appId}}"><input type="hidden" name="version" value="{{version}}">
        <button type="submit" class="danger">{{t.revoke}}</button></form>{{/revoked}}
        </td></tr>
        {{/devices}}
        </tbody>
        </table>
        {{#empty}}<p class="muted">{{t.noDevices}}</p>{{/empty}}
        {{> bottom}}
        """

    /// The administrators page: who may sign in here, their revoke buttons, the grant form.
    static let administrators = """
        {{> top}}
        <table id="administrators">
        <thead><tr><th>{{t.account}}</th><th>{{t.groups}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#administrators}}
        <tr><td>{{account}}</td><td>{{groups}}</td><td>
        {{#self}}<span class="muted">{{t.you}}</span>{{/self}}
        {{^self}}<form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="revoke-administrator"><input type="hidden" name="account" value="{{account}}">
        <button type="submit" class="danger">{{t.revoke}}</button></form>{{/self}}
        </td></tr>
        {{/administrators}}
        </tbody>
        </table>
        <h2>{{t.grant}}</h2>
        <form id="grant-administrator" method="post" action="/admin/administrators/grant">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        <label>{{t.account}} <select name="account" required><option value="" selected disabled>{{t.choose}}</option>{{#others}}<option value="{{.}}">{{.}}</option>{{/others}}</select></label>
        <button type="submit">{{t.grant}}</button>
        </form>
        {{> bottom}}
        """

    /// A destructive action's confirmation: the question, the form that does it, a way back.
    static let confirm = """
        {{> top}}
        <div class="confirm">
        <p id="question">{{question}}</p>
        <form id="confirm" method="post" action="{{path}}">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        {{#fields}}<input type="hidden" name="{{name}}" value="{{value}}">
        {{/fields}}<input type="hidden" name="confirm" value="yes">
        <button type="submit" class="danger">{{button}}</button>
        <a class="button secondary" href="{{back}}">{{t.cancel}}</a>
        </form>
        </div>
        {{> bottom}}
        """
}
