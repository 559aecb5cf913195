extension ConsoleTemplates {
    /// The users page: the create form, and a table with one row per user and its forms.
    static let users = """
        {{> top}}
        <h2>{{t.createUser}}</h2>
        <form id="create-user" method="post" action="/admin/users">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        <label>{{t.account}} <input name="account" required></label>
        <label>{{t.password}} <input name="password" type="password" required minlength="8"></label>
        <label>{{t.group}} <select name="group"><option value=""></option>{{#groups}}<option value="{{name}}">{{name}}</option>{{/groups}}</select></label>
        <label>{{t.role}} <select name="role"><option value="member">member</option><option value="lead">lead</option></select></label>
        <button type="submit">{{t.create}}</button>
        </form>
        <h2>{{t.users}}</h2>
        <table id="users">
        <thead><tr><th>{{t.account}}</th><th>{{t.groups}}</th><th>{{t.status}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#users}}
        <tr><td>{{account}}</td><td>{{groups}}</td><td>{{status}}</td><td>
        <form class="inline" method="post" action="/admin/users/password">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="account" value="{{account}}">
        <input name="password" type="password" minlength="8" required placeholder="{{t.newPassword}}">
        <button type="submit">{{t.setPassword}}</button></form>
        {{#disabled}}<form class="inline" method="post" action="/admin/users/enable">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="account" value="{{account}}">
        <button type="submit">{{t.enable}}</button></form>{{/disabled}}
        {{^disabled}}<form class="inline" method="post" action="/admin/users/disable">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="account" value="{{account}}">
        <button type="submit">{{t.disable}}</button></form>{{/disabled}}
        <form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="delete-user"><input type="hidden" name="account" value="{{account}}">
        <button type="submit" class="danger">{{t.delete}}</button></form>
        </td></tr>
        {{/users}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// The groups page: the create form, and per group its members, roles and forms.
    static let groups = """
        {{> top}}
        <h2>{{t.createGroup}}</h2>
        <form id="create-group" method="post" action="/admin/groups">
        <input type="hidden" name="csrf" value="{{session.csrf}}">
        <label>{{t.name}} <input name="name" required></label>
        <button type="submit">{{t.create}}</button>
        </form>
        <h2>{{t.groups}}</h2>
        <table id="groups">
        <thead><tr><th>{{t.group}}</th><th>{{t.members}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#groups}}
        <tr><td>{{name}}</td><td>
        <table class="members"><tbody>
        {{#members}}
        <tr><td>{{account}}</td><td>{{role}}</td><td>
        <form class="inline" method="post" action="/admin/groups/role">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="group" value="{{group}}">
        <input type="hidden" name="account" value="{{account}}">
        <select name="role"><option value="member">member</option><option value="lead"{{#lead}} selected{{/lead}}>lead</option></select>
        <button type="submit">{{t.setRole}}</button></form>
        <form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="remove-member"><input type="hidden" name="group" value="{{group}}">
        <input type="hidden" name="account" value="{{account}}">
        <button type="submit" class="danger">{{t.remove}}</button></form>
        </td></tr>
        {{/members}}
        </tbody></table>
        </td><td>
        <form class="inline" method="post" action="/admin/groups/add-member">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="group" value="{{name}}">
        <select name="account" required><option value="" selected disabled>{{t.choose}}</option>{{#accounts}}<option value="{{.}}">{{.}}</option>{{/accounts}}</select>
        <select name="role"><option value="member">member</option><option value="lead">lead</option></select>
        <button type="submit">{{t.addMember}}</button></form>
        <form class="inline" method="get" action="/admin/confirm">
        <input type="hidden" name="action" value="delete-group"><input type="hidden" name="name" value="{{name}}">
        <label><input type="checkbox" name="force" value="yes"> {{t.withMembers}}</label>
        <button type="submit" class="danger">{{t.delete}}</button></form>
        </td></tr>
        {{/groups}}
        </tbody>
        </table>
        {{> bottom}}
        """

    /// The apps page: every app version with its log level and the form that sets it.
    static let apps = """
        {{> top}}
        <table id="apps">
        <thead><tr><th>{{t.app}}</th><th>{{t.version}}</th><th>{{t.logLevel}}</th><th>{{t.actions}}</th></tr></thead>
        <tbody>
        {{#apps}}
        <tr><td>{{appId}}</td><td>{{version}}</td><td>{{logLevel}}</td><td>
        <form class="inline" method="post" action="/admin/apps/log-level">
        <input type="hidden" name="csrf" value="{{session.csrf}}"><input type="hidden" name="app" value="{{appId}}">
        <input type="hidden" name="version" value="{{version}}">
        <select name="level">{{#levels}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/levels}}</select>
        <button type="submit">{{t.setLogLevel}}</button></form>
        </td></tr>
        {{/apps}}
        </tbody>
        </table>
        {{> bottom}}
        """
}
