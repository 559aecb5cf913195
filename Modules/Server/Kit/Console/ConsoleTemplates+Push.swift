extension ConsoleTemplates {
    /// The push page: the send form, the templates with their forms, one template shown.
    static let push = """
        {{> top}}
        <h2>{{t.sendPush}}</h2>
        <form id="send-push" method="post" action="/admin/push">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        <p><label>{{t.group}} <select name="group" required><option value="" selected disabled>{{t.chooseGroup}}</option>{{#groups}}<option value="{{name}}">{{name}}</option>{{/groups}}</select></label>
        <label>{{t.template}} <select name="template"><option value=""></option>{{#templates}}<option value="{{name}}">{{name}}</option>{{/templates}}</select></label></p>
        <p><label>{{t.title}} <input name="title"></label></p>
        <p><label>{{t.body}} <textarea name="body"></textarea></label></p>
        <p><button type="submit">{{t.send}}</button></p>
        </form>
        {{#shown}}
        <h2>{{t.template}} {{name}}</h2>
        <table id="template"><tbody>
        <tr><th>{{t.name}}</th><td>{{name}}</td></tr>
        <tr><th>{{t.title}}</th><td>{{title}}</td></tr>
        <tr><th>{{t.body}}</th><td>{{body}}</td></tr>
        </tbody></table>
        {{/shown}}
        <h2>{{t.templates}}</h2>
        <table id="templates">
        <thead><tr><th>{{t.name}}</th><th>{{t.title}}</th><th>{{t.body}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#templates}}
        <tr><td><a href="/admin/push?template={{query}}">{{name}}</a></td><td>{{title}}</td><td>{{body}}</td><td>
        <form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="delete-template"><input type="hidden" name="name" value="{{name}}">
        <button type="submit" class="danger">{{t.delete}}</button></form>
        </td></tr>
        {{/templates}}
        </tbody>
        </table>
        <h2>{{t.saveTemplate}}</h2>
        <form id="save-template" method="post" action="/admin/push/templates">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        <p><label>{{t.name}} <input name="name" required></label>
        <label>{{t.title}} <input name="title" required></label></p>
        <p><label>{{t.body}} <textarea name="body" required></textarea></label></p>
        <p><button type="submit">{{t.save}}</button></p>
        </form>
        {{> bottom}}
        """

    /// The logs page: the `admin logs` filters, and the entries they select.
    static let logs = """
        {{> top}}
        <form id="log-filters" method="get" action="/admin/logs">
        <label>{{t.app}} <input name="app" value="{{filter.app}}"></label>
        <label>{{t.version}} <input name="version" value="{{filter.version}}"></label>
        <label>{{t.level}} <select name="level">{{#levels}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/levels}}</select></label>
        <label>{{t.user}} <input name="user" value="{{filter.user}}"></label>
        <label>{{t.since}} <input name="since" placeholder="YYYY-MM-DD" value="{{filter.since}}"></label>
        <label>{{t.limit}} <input name="limit" value="{{filter.limit}}" size="6"></label>
        <button type="submit">{{t.show}}</button>
        </form>
        <table id="logs">
        <thead><tr><th>{{t.loggedAt}}</th><th>{{t.level}}</th><th>{{t.kind}}</th><th>{{t.user}}</th><th>{{t.device}}</th><th>{{t.app}}</th><th>{{t.message}}</th></tr></thead>
        <tbody>
        {{#entries}}
        <tr><td class="nowrap">{{loggedAt}}</td><td>{{level}}</td><td>{{kind}}</td><td>{{user}}</td><td>{{device}}</td><td>{{app}}</td><td>{{message}}</td></tr>
        {{/entries}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// The stats page: the `admin stats` tables and the chart of events per day.
    static let stats = """
        {{> top}}
        <form id="stats-filters" method="get" action="/admin/stats">
        <label>{{t.app}} <input name="app" value="{{filter.app}}"></label>
        <label>{{t.version}} <input name="version" value="{{filter.version}}"></label>
        <label>{{t.days}} <input name="days" value="{{filter.days}}" size="4"></label>
        <button type="submit">{{t.show}}</button>
        </form>
        <h2>{{t.eventsPerDay}}</h2>
        {{{chart}}}
        <h2>{{t.days}}</h2>
        <table id="days">
        <thead><tr><th>{{t.day}}</th><th>{{t.activeUsers}}</th><th>{{t.events}}</th><th>{{t.errors}}</th></tr></thead>
        <tbody>
        {{#days}}
        <tr><td class="nowrap">{{day}}</td><td>{{activeUsers}}</td><td>{{events}}</td><td>{{errors}}</td></tr>
        {{/days}}
        </tbody>
        </table>
        <h2>{{t.errorsByVersion}}</h2>
        <table id="errors">
        <thead><tr><th>{{t.app}}</th><th>{{t.version}}</th><th>{{t.errors}}</th></tr></thead>
        <tbody>
        {{#errorsByVersion}}
        <tr><td>{{appId}}</td><td>{{version}}</td><td>{{errors}}</td></tr>
        {{/errorsByVersion}}
        </tbody>
        </table>
        {{> bottom}}
        """
}
