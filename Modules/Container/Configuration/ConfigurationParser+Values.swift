import Foundation

/// Reading one value of the expected kind, or failing with the file, the key and what was found.
extension ConfigurationParser {
    func readRoot(_ data: Foundation.Data, format: ConfigurationFormat) throws -> Any {
        do {
            switch format {
            case .propertyList: return try PropertyListSerialization.propertyList(from: data, format: nil)
            case .json: return try JSONSerialization.jsonObject(with: data)
            }
        } catch {
            // Foundation's debug description says where parsing stopped; its error code means nothing to people.
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String).map { ": \($0)" } ?? ""
            let kind = format == .json ? "JSON" : "property list"
            throw ContainerError(.malformedConfiguration, "\(source): not a valid \(kind)\(detail)")
        }
    }

    func malformed(_ path: String, _ problem: String) -> ContainerError {
        ContainerError(.malformedConfiguration, "\(source): \(path): \(problem)")
    }

    func describe(_ value: Any) -> String {
        switch value {
        case let text as String: "the string \"\(text)\""
        case is [Any]: "a list"
        case is [String: Any]: "a dictionary"
        default: "\(value)"
        }
    }

    func checkKeys(_ entry: [String: Any], allowed: Set<String>, at path: String?) throws {
        for key in entry.keys.sorted() where !allowed.contains(key) {
            let place = path.map { "\($0).\(key)" } ?? key
            throw malformed(place, "unknown key; expected one of: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    func required<T>(_ entry: [String: Any], _ key: String, at path: String, _ read: (Any, String) throws -> T)
        throws -> T
    {
        guard let value = entry[key] else { throw malformed("\(path).\(key)", "missing; it is required") }
        return try read(value, "\(path).\(key)")
    }

    func dictionary(_ value: Any, at path: String) throws -> [String: Any] {
        guard let entry = value as? [String: Any] else {
            throw malformed(path, "expected a dictionary, found \(describe(value))")
        }
        return entry
    }

    func array(_ value: Any, at path: String) throws -> [Any] {
        guard let items = value as? [Any] else { throw malformed(path, "expected a list, found \(describe(value))") }
        return items
    }

    func string(_ value: Any, at path: String) throws -> String {
        guard let text = value as? String else { throw malformed(path, "expected a string, found \(describe(value))") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw malformed(path, "must not be empty") }
        return text
    }

    func strings(_ value: Any, at path: String) throws -> [String] {
        try array(value, at: path).enumerated().map { index, item in try string(item, at: "\(path)[\(index)]") }
    }

    func bool(_ value: Any, at path: String) throws -> Bool {
        guard !(value is String), let flag = value as? Bool else {
            throw malformed(path, "expected a boolean (true or false), found \(describe(value))")
        }
        return flag
    }

    func seconds(_ value: Any, at path: String) throws -> Duration {
        guard !(value is String), !(value is Bool && "\(type(of: value))" == "Bool"), let number = value as? Double,
            number >= 0, number.isFinite
        else {
            throw malformed(path, "expected a number of seconds (0 or more), found \(describe(value))")
        }
        return .milliseconds(Int64((number * 1000).rounded()))
    }
}
