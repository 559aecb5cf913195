import Foundation

/// One value of a JSON document with the key path that leads to it (`layers[2].modules`), so
/// every complaint about the policy file names the file, the key and what was expected.
struct JSONNode {
    /// The value, or `nil` when the key is absent.
    let value: JSONValue?
    /// The key path from the document's root (empty for the root).
    let path: String
    /// The file, for messages (`layers.json`).
    let file: String

    /// The root of the document in `data`.
    ///
    /// - Throws: ``LayeringError`` when `data` is not JSON.
    static func root(of data: Data, file: String) throws -> JSONNode {
        if let problem = InputFile.jsonProblem(in: data) {
            throw LayeringError("\(file): not valid JSON (\(problem)); expected a JSON object")
        }
        do {
            return JSONNode(value: try JSONDecoder().decode(JSONValue.self, from: data), path: "", file: file)
        } catch {
            throw LayeringError("\(file): not valid JSON (\(PackageModel.describe(error))); expected a JSON object")
        }
    }

    /// Whether the key is absent or `null`.
    var isAbsent: Bool { value == nil || value == .null }

    /// The error for this node: `file: path: expected …, found …`.
    func mismatch(_ expected: String) -> LayeringError {
        LayeringError("\(file): \(path.isEmpty ? "the top level" : path): expected \(expected), found \(found)")
    }

    /// What the node holds, in words.
    private var found: String {
        switch value {
        case nil: "nothing (the key is missing)"
        case .null?: "null"
        case .string(let string)?: "the string \"\(string)\""
        case .array?: "an array"
        case .object?: "an object"
        case .bool(let bool)?: "\(bool)"
        case .number(let number)?: "the number \(number.formatted)"
        }
    }

    /// The object's members; every key must be one of `allowed` (a misspelt key is an error,
    /// not a silently ignored setting). Keys starting with `$` (`$comment`) are allowed anywhere.
    func object(allowing allowed: [String]) throws -> [String: JSONNode] {
        guard case .object(let dictionary)? = value else { throw mismatch("an object") }
        var members: [String: JSONNode] = [:]
        for (key, member) in dictionary where !key.hasPrefix("$") {
            let child = JSONNode(value: member, path: path.isEmpty ? key : "\(path).\(key)", file: file)
            guard allowed.contains(key) else {
                throw LayeringError("\(file): \(child.path): unknown key; expected one of \(allowed.joined(separator: ", "))")
            }
            members[key] = child
        }
        return members
    }

    /// The elements of an array, each with its index in the path.
    func array(of expected: String) throws -> [JSONNode] {
        guard case .array(let elements)? = value else { throw mismatch("an array of \(expected)") }
        return elements.indices.map { JSONNode(value: elements[$0], path: "\(path)[\($0)]", file: file) }
    }

    /// A non-empty string.
    func string() throws -> String {
        guard case .string(let string)? = value, !string.isEmpty else { throw mismatch("a non-empty string") }
        return string
    }

    /// A whole number.
    func int() throws -> Int {
        guard case .number(let number)? = value, let int = Int(exactly: number) else { throw mismatch("a whole number") }
        return int
    }

    /// `true` or `false`.
    func bool() throws -> Bool {
        guard case .bool(let bool)? = value else { throw mismatch("true or false") }
        return bool
    }

    /// An array of non-empty strings.
    func strings() throws -> [String] {
        try array(of: "strings").map { try $0.string() }
    }
}

extension [String: JSONNode] {
    /// The member `key`, which must be present (a node that reports the missing key otherwise).
    func required(_ key: String, in parent: JSONNode) throws -> JSONNode {
        if let node = self[key], !node.isAbsent { return node }
        let path = parent.path.isEmpty ? key : "\(parent.path).\(key)"
        throw JSONNode(value: nil, path: path, file: parent.file).mismatch("a value (this key is required)")
    }

    /// The member `key` when present and not `null`.
    func optional(_ key: String) -> JSONNode? {
        guard let node = self[key], !node.isAbsent else { return nil }
        return node
    }
}
