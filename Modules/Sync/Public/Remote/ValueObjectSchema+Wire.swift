public import StrataStore
public import StrataWire

extension ValueObjectSchema {
    /// `wire`, an object as the server sent it, as a typed value: its id, and each field the
    /// server holds (a field it does not hold keeps the value `Object()` gives it).
    ///
    /// The server holds every value in the clear (encryption is at rest, on this machine): an
    /// encrypted key is read like any other, and, as a pull reads it, may be null.
    ///
    /// - Throws: ``DataError`` `typeMismatch` naming the type, the object, the key, the value
    ///   and the type the schema declares.
    public func object(from wire: WireObject) throws -> Object {
        var object = Object()
        object.objectId = wire.objectId
        for field in fields {
            guard let sent = wire.values[field.key] else { continue }
            let value = field.type.normalized(FieldValue(wire: sent))
            if case .null = value, !field.isNullable, behaviour.encryptedKeys.contains(field.key) { continue }
            guard field.assign(value, to: &object) else {
                throw DataError(
                    .typeMismatch,
                    "\(typeName) '\(wire.objectId)'.\(field.key) is \(value) on the server, not a \(field.type.rawValue)"
                        + (field.isNullable ? "" : " (and the key is not optional)"))
            }
        }
        return object
    }
}
