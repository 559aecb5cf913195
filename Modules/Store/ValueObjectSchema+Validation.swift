extension ValueObjectSchema {
    /// The longest type name or key accepted.
    package static var maximumNameLength: Int { 64 }

    /// Checks names, duplicates and index keys; every store runs this on registration.
    ///
    /// - Throws: ``DataError`` `invalidSchema` naming the type and the offending key.
    package func validate() throws {
        guard Self.isIdentifier(typeName), !typeName.hasPrefix("_") else {
            throw DataError(
                .invalidSchema,
                "value-object type name '\(typeName)' is not allowed; expected an ASCII identifier "
                    + "([A-Za-z][A-Za-z0-9_]*, at most \(Self.maximumNameLength) characters)")
        }
        guard !fields.isEmpty else {
            throw DataError(.invalidSchema, "\(typeName) has no fields; list at least one with .field(_:_:)")
        }
        var seen: Set<String> = []
        for field in fields {
            guard Self.isIdentifier(field.key) else {
                throw DataError(
                    .invalidSchema,
                    "\(typeName): key '\(field.key)' is not allowed; expected an ASCII identifier "
                        + "([A-Za-z_][A-Za-z0-9_]*, at most \(Self.maximumNameLength) characters)")
            }
            guard !field.key.hasPrefix("_") else {
                throw DataError(
                    .invalidSchema, "\(typeName): key '\(field.key)' starts with '_', which is reserved for Strata's own columns")
            }
            guard field.key.lowercased() != "objectid" else {
                throw DataError(.invalidSchema, "\(typeName): key 'objectId' is reserved for the object's id")
            }
            guard seen.insert(field.key.lowercased()).inserted else {
                throw DataError(.invalidSchema, "\(typeName): key '\(field.key)' is listed twice")
            }
        }
        for key in indexedKeys + uniqueKeys where field(forKey: key) == nil {
            throw DataError(
                .invalidSchema, "\(typeName): index key '\(key)' is not a field; expected one of: \(keyList)")
        }
        try validateCompoundIndexes()
        for key in behaviour.encryptedKeys where field(forKey: key) == nil {
            throw DataError(
                .invalidSchema, "\(typeName): encrypted key '\(key)' is not a field; expected one of: \(keyList)")
        }
        for dependency in dependencies {
            guard let field = field(forKey: dependency.key), field.type == .text else {
                throw DataError(
                    .invalidSchema,
                    "\(typeName): the key '\(dependency.key)' naming its \(dependency.parentType) parent is not a text field; "
                        + "expected one of: \(keyList)")
            }
            guard Self.isIdentifier(dependency.parentType) else {
                throw DataError(
                    .invalidSchema, "\(typeName): parent type name '\(dependency.parentType)' is not an ASCII identifier")
            }
        }
        let sharing = dependencies.filter { $0.sharesVisibility }.map { $0.parentType }
        if sharing.count > 1 {
            throw DataError(
                .invalidSchema,
                "\(typeName): \(sharing.count) parents share their visibility (\(sharing.joined(separator: ", "))); expected at most one")
        }
        if let lifespan = behaviour.lifespan, !(lifespan > 0) {
            throw DataError(.invalidSchema, "\(typeName): lifespan is \(lifespan) s; expected a positive number of seconds")
        }
        if let refresh = behaviour.autoRefresh, !(refresh.interval > 0) {
            throw DataError(
                .invalidSchema, "\(typeName): auto-refresh interval is \(refresh.interval) s; expected a positive number of seconds")
        }
    }

    /// Checks each compound index: at least one key, every key a field (or an owner key,
    /// ``CompoundIndex/ownerUser`` / ``CompoundIndex/ownerGroup``) listed once (not `objectId`,
    /// which ends every index), encrypted keys ascending, no index declared twice.
    private func validateCompoundIndexes() throws {
        var declared: Set<[SortKey]> = []
        for index in compoundIndexes {
            guard !index.keys.isEmpty else {
                throw DataError(.invalidSchema, "\(typeName): a compound index lists no keys; expected one key or more")
            }
            var seen: Set<String> = []
            for sortKey in index.keys {
                let key = sortKey.key
                guard key != "objectId" else {
                    throw DataError(
                        .invalidSchema,
                        "\(typeName): compound index \(index.description) lists 'objectId', which cannot be declared: "
                            + "every index already ends with it")
                }
                guard field(forKey: key) != nil || CompoundIndex.ownerKeys.contains(key) else {
                    throw DataError(
                        .invalidSchema,
                        "\(typeName): compound index \(index.description) key '\(key)' is not a field; expected one of: \(keyList), "
                            + "\(CompoundIndex.ownerUser), \(CompoundIndex.ownerGroup)")
                }
                guard seen.insert(key).inserted else {
                    throw DataError(
                        .invalidSchema, "\(typeName): compound index \(index.description) lists key '\(key)' twice")
                }
                if isEncrypted(key), sortKey.order == .descending {
                    throw DataError(
                        .invalidSchema,
                        "\(typeName): compound index \(index.description) sorts encrypted key '\(key)' descending; an encrypted "
                            + "key is indexed through its keyed hash, which cannot be sorted: list it ascending")
                }
            }
            guard declared.insert(index.keys).inserted else {
                throw DataError(.invalidSchema, "\(typeName): compound index \(index.description) is declared twice")
            }
        }
    }

    /// Whether `key` is stored encrypted.
    package func isEncrypted(_ key: String) -> Bool { behaviour.encryptedKeys.contains(key) }

    /// The keys, for error messages.
    package var keyList: String { fields.map(\.key).joined(separator: ", ") }

    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= maximumNameLength else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 }
        func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || isDigit($0) }
    }
}
