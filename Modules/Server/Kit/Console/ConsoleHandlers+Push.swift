import Foundation
import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// `/admin/push`: send a message to a group, and the push templates.
extension ConsoleHandlers {
    /// The push page's values: the groups, every template, and the template `shown` when given.
    func pushPage(_ session: ConsoleSession, shown: String? = nil) async throws -> ConsolePage {
        let groups = try await services.admin.groups().map { ["name": $0.name] }
        let templates = try await services.admin.templates().map { template -> [String: Any] in
            ["name": template.name, "title": template.title, "body": template.body, "query": ConsoleNext.encoded(template.name)]
        }
        var values: [String: Any] = ["groups": groups, "templates": templates]
        if let shown {
            let template = try await services.admin.template(named: shown)
            values["shown"] = ["name": template.name, "title": template.title, "body": template.body]
        }
        return ConsolePage(template: "push", title: localized("Templates and push", ja: "テンプレートとプッシュ"), values: values)
    }

    /// `GET /admin/push[?template=NAME]`.
    func push(_ request: Request) async throws -> Response {
        try await page(request) { try await pushPage($0, shown: try Self.query(["template"], in: request)["template"]) }
    }

    /// `POST /admin/push`: sends a message to every device of the group's members, its text
    /// from a template or from the title and body.
    func sendPush(_ request: Request) async throws -> Response {
        try await action(request, render: { try await pushPage($0) }) { _, form in
            let group = try form.required("group", label: localized("Group", ja: "グループ"))
            let template = form.optional("template")
            let title = form.optional("title"), body = form.optional("body")
            guard template != nil || body != nil else {
                throw ConsoleFormError(
                    localized("Give a body or pick a template.", ja: "本文を入力するかテンプレートを選んでください。"))
            }
            let devices = try await services.admin.sendPush(
                group: group, title: template == nil ? title : nil, body: template == nil ? body : nil, template: template,
                app: nil)
            return localized("Message sent to \(devices) device(s).", ja: "メッセージを \(devices) 台のデバイスに送信しました。")
        }
    }

    /// `POST /admin/push/templates`: saves (or replaces) a template.
    func saveTemplate(_ request: Request) async throws -> Response {
        try await action(request, render: { try await pushPage($0) }) { _, form in
            let name = try form.required("name", label: localized("Name", ja: "名前"))
            let title = try form.required("title", label: localized("Title", ja: "タイトル"))
            let body = try form.required("body", label: localized("Body", ja: "本文"))
            try await services.admin.saveTemplate(name: name, title: title, body: body)
            return localized("Saved template \(name).", ja: "テンプレート \(name) を保存しました。")
        }
    }

    /// `POST /admin/push/templates/delete`.
    func deleteTemplate(_ request: Request) async throws -> Response {
        try await action(request, confirm: .deleteTemplate, render: { try await pushPage($0) }) { _, form in
            let name = try form.required("name", label: localized("Name", ja: "名前"))
            try await services.admin.deleteTemplate(named: name)
            return localized("Deleted template \(name).", ja: "テンプレート \(name) を削除しました。")
        }
    }
}
