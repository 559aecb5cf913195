import Foundation
import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// `/admin/data`: the synced data, per app version and type, as the server holds it.
extension ConsoleHandlers {
    /// How many objects a page of `/admin/data/objects` shows.
    static let objectsPerPage = 25

    /// `GET /admin/data[?app=&version=]`: every app version; with one picked, its object types
    /// and their counts.
    func data(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let query = try Self.query(["app", "version"], in: request)
            guard let app = query["app"], let version = query["version"] else {
                let apps = try await services.admin.apps().map { app -> [String: Any] in
                    ["appId": app.appId, "version": app.version, "href": Self.link("/admin/data", ["app": app.appId, "version": app.version])]
                }
                return ConsolePage(template: "data", title: localized("Data", ja: "データ"), values: ["apps": apps])
            }
            let types = try await services.admin.objectTypes(appId: app, version: version).map { type -> [String: Any] in
                [
                    "typeName": type.typeName, "live": type.live, "deleted": type.deleted,
                    "href": Self.link("/admin/data/objects", ["app": app, "version": version, "type": type.typeName]),
                ]
            }
            return ConsolePage(
                template: "data-types", title: localized("Data of \(app) \(version)", ja: "\(app) \(version) のデータ"),
                values: ["app": app, "version": version, "types": types, "empty": types.isEmpty])
        }
    }

    /// `GET /admin/data/objects?app=&version=&type=[&q=][&page=]`: one page of a type's objects,
    /// newest first, with links to the previous and next pages and a search form.
    func objects(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let query = try Self.query(["app", "version", "type", "q", "page"], in: request)
            let (app, version, type) = try Self.objectType(query)
            let number = try Self.whole(query["page"], label: localized("Page", ja: "ページ"), default: 1, in: 1...1_000_000)
            let page = try await services.admin.objects(
                appId: app, version: version, typeName: type, search: query["q"], offset: (number - 1) * Self.objectsPerPage,
                limit: Self.objectsPerPage)
            let pages = max(1, (page.total + Self.objectsPerPage - 1) / Self.objectsPerPage)
            var base = ["app": app, "version": version, "type": type]
            if let search = query["q"] { base["q"] = search }
            var values: [String: Any] = [
                "app": app, "version": version, "type": type, "q": query["q"] ?? "", "total": page.total, "page": number,
                "pages": pages, "empty": page.objects.isEmpty,
                "typesHref": Self.link("/admin/data", ["app": app, "version": version]),
                "objects": page.objects.map { object -> [String: Any] in
                    [
                        "objectId": object.objectId, "owner": object.owner.isEmpty ? object.ownerUserId : object.owner,
                        "ownerGroup": object.ownerGroup, "scope": object.scope, "version": object.version,
                        "state": object.deleted ? localized("deleted", ja: "削除済み") : localized("live", ja: "有効"),
                        "href": Self.link("/admin/data/object", ["app": app, "version": version, "type": type, "id": object.objectId]),
                    ]
                },
            ]
            if number > 1 { values["previous"] = Self.link("/admin/data/objects", base.merging(["page": "\(number - 1)"]) { $1 }) }
            if number < pages { values["next"] = Self.link("/admin/data/objects", base.merging(["page": "\(number + 1)"]) { $1 }) }
            return ConsolePage(template: "objects", title: "\(type) · \(app) \(version)", values: values)
        }
    }

    /// `GET /admin/data/object?app=&version=&type=&id=`: one object's fields, as the server
    /// holds them, and its history, newest first.
    func object(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let query = try Self.query(["app", "version", "type", "id"], in: request)
            let (app, version, type) = try Self.objectType(query)
            guard let id = query["id"] else {
                throw ConsoleFormError(localized("the object id (id) is missing", ja: "オブジェクト ID (id) がありません"))
            }
            let history = try await services.admin.objectHistory(appId: app, version: version, typeName: type, objectId: id)
            let object = history.object
            return ConsolePage(
                template: "object", title: "\(type) \(id)",
                values: [
                    "app": app, "version": version, "type": type,
                    "objectsHref": Self.link("/admin/data/objects", ["app": app, "version": version, "type": type]),
                    "object": [
                        "objectId": object.objectId, "owner": object.owner.isEmpty ? object.ownerUserId : object.owner,
                        "ownerGroup": object.ownerGroup, "scope": object.scope, "version": object.version,
                        "state": object.deleted ? localized("deleted", ja: "削除済み") : localized("live", ja: "有効"),
                    ],
                    "fields": object.fields.map { ["name": $0.name, "value": $0.value] },
                    "noFields": object.fields.isEmpty,
                    "entries": history.entries.map { entry -> [String: Any] in
                        [
                            "version": entry.version, "event": Self.eventLabel(entry.event), "account": entry.account,
                            "fields": entry.fields.joined(separator: ", "), "detail": entry.detail,
                            "recordedAt": entry.recordedAt?.formatted(.iso8601) ?? "",
                        ]
                    },
                ])
        }
    }

    /// A history event's name in the console's language.
    static func eventLabel(_ event: String) -> String {
        switch event {
        case "deleted": localized("deleted", ja: "削除")
        case "written": localized("written", ja: "書き込み")
        case "scope narrowed": localized("scope narrowed", ja: "スコープ縮小")
        case "overwrote": localized("overwrote", ja: "上書き")
        default: event
        }
    }

    /// The app, version and type a data page's query names (each required).
    static func objectType(_ query: [String: String]) throws -> (String, String, String) {
        guard let app = query["app"], let version = query["version"], let type = query["type"] else {
            throw ConsoleFormError(
                localized(
                    "give the app (app), its version (version) and the type (type); see /admin/data",
                    ja: "アプリ (app)、バージョン (version)、型 (type) を指定してください（/admin/data を参照）"))
        }
        return (app, version, type)
    }

    /// `path` with `values` as its query, each percent-encoded, in name order.
    static func link(_ path: String, _ values: [String: String]) -> String {
        guard !values.isEmpty else { return path }
        return path + "?" + values.sorted { $0.key < $1.key }.map { "\($0.key)=\(ConsoleNext.encoded($0.value))" }
            .joined(separator: "&")
    }
}
