import Foundation

/// A JSON Schema validator for the keywords `Docs/Schemas/*.json` use (draft 04 and 07):
/// `type`, `$ref` (to `#/definitions/…`), `properties`, `required`, `additionalProperties`,
/// `items`, `enum`, `const`, `minimum`, `maximum`, `minItems`, `uniqueItems`, `minLength`,
/// `pattern`, `anyOf`, `oneOf`. Annotations (`description`, `default`, `format`, `title`) are
/// not checked. Enough to hold the tool's output to the SARIF schema without Python.
struct JSONSchemaValidator {
    /// A JSON value.
    indirect enum Value: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let string = try? container.decode(String.self) { self = .string(string) }
            else if let array = try? container.decode([Value].self) { self = .array(array) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        static func parse(_ data: Data) throws -> Value { try JSONDecoder().decode(Value.self, from: data) }

        subscript(key: String) -> Value? {
            if case .object(let object) = self { return object[key] }
            return nil
        }
    }

    let schema: Value

    init(schema data: Data) throws {
        schema = try Value.parse(data)
    }

    /// Every place `document` breaks the schema, as `path: problem`; empty when it is valid.
    func problems(in document: Data) throws -> [String] {
        var problems: [String] = []
        check(try Value.parse(document), against: schema, at: "$", problems: &problems)
        return problems
    }

    private func resolve(_ reference: String) -> Value? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Value? = schema
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private func check(_ value: Value, against schema: Value, at path: String, problems: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { problems.append("\(path): not allowed") }
            return
        }
        if case .string(let reference)? = schema["$ref"] {
            guard let target = resolve(reference) else { return problems.append("\(path): unresolvable $ref \(reference)") }
            return check(value, against: target, at: path, problems: &problems)
        }
        if let type = schema["type"] {
            let names: [String] = switch type {
            case .string(let name): [name]
            case .array(let items): items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !names.contains(where: { Self.value(value, hasType: $0) }) {
                problems.append("\(path): expected \(names.joined(separator: " or "))")
                return
            }
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) { problems.append("\(path): not in enum") }
        if let constant = schema["const"], constant != value { problems.append("\(path): not the constant") }
        switch value {
        case .number(let number):
            if case .number(let minimum)? = schema["minimum"], number < minimum { problems.append("\(path): below \(minimum)") }
            if case .number(let maximum)? = schema["maximum"], number > maximum { problems.append("\(path): above \(maximum)") }
        case .string(let string):
            if case .number(let minimum)? = schema["minLength"], Double(string.count) < minimum { problems.append("\(path): too short") }
            if case .string(let pattern)? = schema["pattern"], string.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): does not match \(pattern)")
            }
        case .array(let items):
            if case .number(let minimum)? = schema["minItems"], Double(items.count) < minimum { problems.append("\(path): too few items") }
            if case .bool(true)? = schema["uniqueItems"] {
                for (index, item) in items.enumerated() where items[..<index].contains(item) {
                    problems.append("\(path)[\(index)]: repeated")
                }
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(index)]", problems: &problems) }
            }
        case .object(let object):
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where object[key] == nil { problems.append("\(path): missing \(key)") }
            }
            let properties: [String: Value] = if case .object(let properties)? = schema["properties"] { properties } else { [:] }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[key] {
                    check(member, against: propertySchema, at: "\(path).\(key)", problems: &problems)
                } else if let additional = schema["additionalProperties"] {
                    check(member, against: additional, at: "\(path).\(key)", problems: &problems)
                }
            }
        case .null, .bool: break
        }
        if case .array(let options)? = schema["anyOf"] {
            let passing = options.filter { option in
                var found: [String] = []
                check(value, against: option, at: path, problems: &found)
                return found.isEmpty
            }
            if passing.isEmpty { problems.append("\(path): matches none of anyOf") }
        }
        if case .array(let options)? = schema["oneOf"] {
            let passing = options.filter { option in
                var found: [String] = []
                check(value, against: option, at: path, problems: &found)
                return found.isEmpty
            }
            if passing.count != 1 { problems.append("\(path): matches \(passing.count) of oneOf, expected 1") }
        }
    }

    private static func value(_ value: Value, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}
