import Foundation

/// The micro-apps and their `strata://` routes, and strata-server's API routes.
extension DocumentationGenerator {
    /// One row per micro-app: the targets of the policy's `micro-apps` layer, each with the
    /// name and URL host its public entry declares (`public static let name = "Reports"`,
    /// `route = "reports"`), the routes its sources check parameters for
    /// (`LaunchParameters.check(params, route: "strata://reports/new", accepted: Self.fieldKeys)`)
    /// with the keys each accepts, and its catalog's abstract.
    func microAppTable() throws -> String {
        var lines = [
            "| micro-app | module | routes (`strata://…`: the query keys each accepts) | what it shows |",
            "|---|---|---|---|",
        ]
        for (target, placement) in placedTargets() where placement.layer.name == "micro-apps" {
            let files = try SourceFiles.swiftFiles(of: target, root: root).map { ($0, try read($0)) }
            let name = files.lazy.compactMap { Self.publicStaticString("name", in: $0.1) }.first ?? target.name
            let host = files.lazy.compactMap { Self.publicStaticString("route", in: $0.1) }.first
            var routes: [String] = []
            for (_, text) in files {
                for route in Self.checkedRoutes(in: text) + Self.declaredRoutes(in: text) where !routes.contains(route) {
                    routes.append(route)
                }
            }
            if routes.isEmpty, let host { routes = ["`strata://\(host)`"] }
            let cells = [
                "`\(name)`", "`\(target.name)`", routes.joined(separator: "<br>"), Self.cell(catalogAbstract(of: target) ?? ""),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The string a `public static let <name> = "…"` declares in `text`, if any.
    static func publicStaticString(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let prefix = "public static let \(name) = \""
            guard trimmed.hasPrefix(prefix) else { continue }
            return String(trimmed.dropFirst(prefix.count).prefix { $0 != "\"" })
        }
        return nil
    }

    /// Each route `text` checks parameters for, as a table cell: `` `strata://follows/due` (days, from, to, format) ``.
    ///
    /// The route is the `route:` argument, a string literal or a local constant whose literals
    /// are all routes; the keys are the `accepted:` argument, an array literal or a `static let`
    /// of the same file holding one. Keys given any other way are named as written.
    static func checkedRoutes(in text: String) -> [String] {
        var routes: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            guard let call = line.range(of: "LaunchParameters.check(") else { continue }
            let arguments = String(line[call.upperBound...])
            guard let routeArgument = argument("route", in: arguments), let acceptedArgument = argument("accepted", in: arguments)
            else { continue }
            var names = literals(in: routeArgument)
            if names.isEmpty {
                // A constant declared just above: `let route = parts.isEmpty ? "strata://follows" : "…/list"`.
                for earlier in lines[..<index].reversed() where earlier.contains("let \(routeArgument) =") {
                    names = literals(in: earlier).filter { $0.hasPrefix("strata://") }
                    break
                }
            }
            let keys = acceptedKeys(acceptedArgument, in: lines)
            for name in names {
                let entry = "`\(name)`" + (keys.isEmpty ? "" : " (\(keys))")
                if !routes.contains(entry) { routes.append(entry) }
            }
        }
        return routes
    }

    /// Each route `text` declares (`RouteDeclaration("add", family: "reports", path: "new", …,
    /// parameters: [RouteParameter("search", …), …])`), as a table cell: the family and path
    /// (and each alias) with the parameters' names then `format`; parameters given any other way
    /// are named as written.
    static func declaredRoutes(in text: String) -> [String] {
        var routes: [String] = []
        var rest = text[...]
        while let call = rest.range(of: "RouteDeclaration(") {
            let arguments = balanced(rest[call.upperBound...])
            rest = rest[call.upperBound...]
            guard let family = argument("family", in: arguments).flatMap({ literals(in: $0).first }) else { continue }
            let path = argument("path", in: arguments).flatMap { literals(in: $0).first } ?? ""
            let aliases = argument("aliases", in: arguments).map { literals(in: $0) } ?? []
            var keys = "format"
            if let parameters = argument("parameters", in: arguments) {
                if parameters.hasPrefix("[") {
                    var names: [String] = []
                    var inner = parameters[...]
                    while let parameter = inner.range(of: "RouteParameter(") {
                        inner = inner[parameter.upperBound...]
                        if let name = literals(in: String(inner.prefix { $0 != "," })).first { names.append(name) }
                    }
                    keys = (names + ["format"]).joined(separator: ", ")
                } else {
                    keys = "as `\(parameters)` gives, and format"
                }
            }
            for written in [path] + aliases {
                let entry = "`strata://\(family)\(written.isEmpty ? "" : "/" + written)` (\(keys))"
                if !routes.contains(entry) { routes.append(entry) }
            }
        }
        return routes
    }

    /// The text up to the parenthesis closing the one just opened before `text`, on one line
    /// (strings skipped when counting).
    static func balanced(_ text: Substring) -> String {
        var depth = 0
        var inString = false
        var value = ""
        for character in text {
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            value.append(character == "\n" ? " " : character)
        }
        return value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The keys an `accepted:` argument names, comma-separated (`no keys` for `[]`).
    static func acceptedKeys(_ argument: String, in lines: [String]) -> String {
        if argument.hasPrefix("[") {
            let keys = literals(in: argument)
            return keys.isEmpty ? "no keys" : keys.joined(separator: ", ")
        }
        let constant = argument.hasPrefix("Self.") ? String(argument.dropFirst(5)) : argument
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("static let \(constant) =") || trimmed.hasPrefix("static let \(constant):"), let open = trimmed.firstIndex(of: "=") else { continue }
            let value = trimmed[trimmed.index(after: open)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("["), value.hasSuffix("]") {
                let keys = literals(in: value)
                return keys.isEmpty ? "no keys" : keys.joined(separator: ", ")
            }
            return "as `\(value)` gives"
        }
        return "as `\(argument)` gives"
    }

    /// The text of argument `label:` in a call's argument text, up to the next top-level comma
    /// or the closing parenthesis, trimmed.
    static func argument(_ label: String, in arguments: String) -> String? {
        guard let start = arguments.range(of: "\(label):") else { return nil }
        var depth = 0
        var inString = false
        var value = ""
        for character in arguments[start.upperBound...] {
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "[" || character == "(" { depth += 1 }
                if character == "]" || character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                if character == "," && depth == 0 { break }
            }
            value.append(character)
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The string literals in `text`, in order (no escapes or interpolation expected).
    static func literals(in text: String) -> [String] {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// strata-server's API: every operation of `Modules/Server/Kit/OpenAPI/openapi.json` (which
    /// `RouteDocumentTests` holds equal to `ServerRoutes.table`), by path then method.
    func serverRouteTable() throws -> String {
        let path = "Modules/Server/Kit/OpenAPI/openapi.json"
        let data = try InputFile.read(
            root.appendingPathComponent(path), named: path, limit: InputFile.packageDescriptionLimit,
            expected: "strata-server's OpenAPI document (JSON)")
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let paths = document["paths"] as? [String: Any]
        else {
            throw LayeringError("\(path): not an OpenAPI document; expected a JSON object with \"paths\"")
        }
        var lines = ["| method | path | operation | what it does |", "|---|---|---|---|"]
        let methods = ["get", "put", "post", "patch", "delete"]
        for route in paths.keys.sorted() {
            guard let operations = paths[route] as? [String: Any] else { continue }
            for method in methods {
                guard let operation = operations[method] as? [String: Any] else { continue }
                let id = operation["operationId"] as? String ?? ""
                let summary = operation["summary"] as? String ?? ""
                lines.append("| `\(method.uppercased())` | `\(route)` | `\(id)` | \(cell(summary)) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` safe inside a Markdown table cell (a `|` escaped).
    private func cell(_ text: String) -> String { Self.cell(text) }
}
