import StrataData

/// One stored object: each column's value by key (`objectId` is the row's key in ``Table/rows``).
typealias Row = [String: FieldValue]

extension Row {
    /// The column values of `object`, as SQLite would store them (a NaN double becomes null).
    init<Object: ValueObject>(of object: Object) {
        self.init(minimumCapacity: Object.schema.fields.count)
        for field in Object.schema.fields {
            var value = field.value(in: object)
            if case .real(let number) = value, number.isNaN { value = .null }
            self[field.key] = value
        }
    }

    /// The value a query sees under `key` for the object `id` (a missing column reads as null).
    func value(forKey key: String, id: String) -> FieldValue {
        key == "objectId" ? .text(id) : self[key] ?? .null
    }

    /// The object this row stores, with every field of the schema read back.
    ///
    /// - Throws: `DataError` `typeMismatch` naming the type, key, id and value when a stored
    ///   value cannot be read as the field's type.
    func object<Object: ValueObject>(id: String) throws -> Object {
        var object = Object()
        object.objectId = id
        for field in Object.schema.fields {
            guard let value = self[field.key] else { continue }
            guard field.assign(value, to: &object) else {
                throw DataError(
                    .typeMismatch,
                    "\(Object.schema.typeName).\(field.key) of object '\(id)' holds \(value); "
                        + "expected a \(field.isNullable ? "nullable " : "")\(field.type.rawValue) value")
            }
        }
        return object
    }
}
