import StrataWire

/// What makes a change, a type name or an object id acceptable.
enum ChangeRules {
    /// The operations a change may name.
    static let operations: Set<String> = ["insert", "update", "delete", "deleteAll"]

    /// Why `change`, the batch's change number `index`, cannot be applied as written, or `nil`
    /// when it is well formed.
    static func problem(with change: WireChange, index: Int) -> String? {
        // A control character (U+0000 above all: SQLite would cut the text there) names the field.
        func control(_ text: String, _ field: String) -> String? {
            TextRules.firstControl(in: text).map {
                "changes[\(index)].\(field) contains a control character (\(TextRules.describe($0)))"
            }
        }
        if let problem = control(change.operationId, "operationId") ?? control(change.objectId, "objectId")
            ?? control(change.typeName, "typeName") ?? control(change.operation, "operation")
        {
            return problem
        }
        // Ids are compared byte for byte (SQL) and must never meet a twin that is canonically
        // equal but spelled in other bytes (`K` and U+212A KELVIN SIGN): only the NFC form is taken.
        if let problem = composedProblem(change.operationId, "changes[\(index)].operationId") { return problem }
        if change.operationId.isEmpty || change.operationId.count > 128 {
            return "operationId must be 1–128 characters"
        }
        if let problem = typeNameProblem(change.typeName) { return problem }
        guard operations.contains(change.operation) else {
            return "operation '\(change.operation)' is unknown; expected insert, update, delete or deleteAll"
        }
        if change.operation != "deleteAll",
            let problem = objectIdProblem(change.objectId) ?? composedProblem(change.objectId, "changes[\(index)].objectId")
        {
            return problem
        }
        guard (1...3).contains(change.scope) else {
            return "scope \(change.scope) is unknown; expected 1 (user), 2 (group) or 3 (all)"
        }
        if change.values.count > 500 { return "a change may carry at most 500 values, not \(change.values.count)" }
        for key in change.values.keys {
            if let control = TextRules.firstControl(in: key) {
                return "changes[\(index)].values has a key that contains a control character (\(TextRules.describe(control)))"
            }
            if !isComposed(key) {
                return "changes[\(index)].values has a key that is not in Unicode normalization form C (NFC)"
            }
        }
        return fieldsProblem(with: change, index: index) ?? parentProblem(with: change, index: index)
    }

    /// Why the ``WireChange/parentType`` and ``WireChange/parentId`` of `change` cannot be taken,
    /// or `nil`: both or neither, on an insert or update only, a type name and an id as the
    /// change's own are (an id NFC, 1–128 characters, no control character).
    static func parentProblem(with change: WireChange, index: Int) -> String? {
        guard change.parentType != nil || change.parentId != nil else { return nil }
        guard let type = change.parentType, let id = change.parentId else {
            return "changes[\(index)].parentType and parentId go together; one of them is missing"
        }
        guard change.operation == "insert" || change.operation == "update" else {
            return "changes[\(index)].parentType is only for an insert or an update, not for \(change.operation)"
        }
        if let problem = typeNameProblem(type) { return "changes[\(index)].parentType: \(problem)" }
        if let problem = objectIdProblem(id) { return "changes[\(index)].parentId: \(problem)" }
        return composedProblem(id, "changes[\(index)].parentId")
    }

    /// The most keys a change's `fields` may list (as many as its values).
    static let maxFields = 500

    /// Why the field-level parts of `change` (``WireChange/policy``, ``WireChange/fields``,
    /// ``WireChange/baseVersion``) cannot be taken, or `nil`.
    ///
    /// `fields` belongs to an update only; each key is named as a value key is (no control
    /// character, NFC) and listed once. A listed key may be absent from the values: the update
    /// removes that field (it reads as null).
    static func fieldsProblem(with change: WireChange, index: Int) -> String? {
        if let policy = change.policy, WireConflictPolicy(rawValue: policy) == nil {
            let shown = TextRules.firstControl(in: policy) == nil ? " '\(policy.prefix(64))'" : ""
            return "changes[\(index)].policy\(shown) is unknown; expected merge or fail-if-changed"
        }
        if let base = change.baseVersion, base < 0 {
            return "changes[\(index)].baseVersion must be 0 or more, not \(base)"
        }
        guard let fields = change.fields else { return nil }
        guard change.operation == "update" else {
            return "changes[\(index)].fields is only for an update, not for \(change.operation)"
        }
        if fields.count > maxFields {
            return "changes[\(index)].fields may list at most \(maxFields) keys, not \(fields.count)"
        }
        var seen: Set<[UInt8]> = []
        for field in fields {
            if field.isEmpty || field.utf8.count > 256 {
                return "changes[\(index)].fields has a key that is empty or longer than 256 bytes"
            }
            if let control = TextRules.firstControl(in: field) {
                return "changes[\(index)].fields has a key that contains a control character (\(TextRules.describe(control)))"
            }
            if !isComposed(field) {
                return "changes[\(index)].fields has a key that is not in Unicode normalization form C (NFC)"
            }
            // Byte for byte, as the databases compare keys.
            if !seen.insert(Array(field.utf8)).inserted {
                return "changes[\(index)].fields lists '\(field.prefix(64))' twice"
            }
        }
        return nil
    }

    /// Why `text`, an id called `field`, is not in Unicode normalization form C, or `nil`.
    ///
    /// Canonically equivalent texts (`\u{E9}` and `e\u{301}`; `K` and U+212A KELVIN SIGN; `が`
    /// and `か\u{3099}`) are equal for Swift's `==` but two keys for the databases, which compare
    /// bytes. Taking ids in NFC only makes the two agree: two NFC texts are canonically equal
    /// exactly when their bytes are. An id in another form is refused, never normalized, so the
    /// client's id and the server's stay the same bytes.
    static func composedProblem(_ text: String, _ field: String) -> String? {
        if isComposed(text) { return nil }
        return "\(field) is not in Unicode normalization form C (NFC); send the id composed, as ids are compared byte for byte"
    }

    /// Whether `text` is in Unicode normalization form C, compared byte for byte
    /// (``TextRules/isNFC(_:)``: the standard library's NFC, the tables `String ==` uses).
    static func isComposed(_ text: String) -> Bool {
        TextRules.isNFC(text)
    }

    /// Why `name` is no type name (`[A-Za-z][A-Za-z0-9_]{0,63}`), or `nil`.
    static func typeNameProblem(_ name: String) -> String? {
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        let bytes = name.utf8
        guard let first = bytes.first, isLetter(first), bytes.count <= 64,
            bytes.allSatisfy({ isLetter($0) || (48...57).contains($0) || $0 == UInt8(ascii: "_") })
        else {
            return "type name '\(name.prefix(80))' is not valid; expected a letter then up to 63 letters, digits or _"
        }
        return nil
    }

    /// Why `id` is no object id (1–128 characters, no control character), or `nil`; see also
    /// ``composedProblem(_:_:)``.
    static func objectIdProblem(_ id: String) -> String? {
        if id.isEmpty || id.count > 128 { return "objectId must be 1–128 characters" }
        return TextRules.nameProblem(id, field: "objectId")
    }
}
