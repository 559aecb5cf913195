/// What the store keeps of a value-object type: its name, its fields and its indexes.
///
/// The type name becomes the table name and each field key a column; both must be ASCII
/// identifiers (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters), which registration checks.
/// `objectId` is reserved for the id column.
public struct ValueObjectSchema<Object: ValueObject>: Sendable {
    /// The type's name: its table name and the name used in every error message.
    public let typeName: String
    /// The stored fields, in column order.
    public let fields: [Field]
    /// Each field's reader, in ``fields`` order, made once with the schema, for code that reads
    /// every field of many objects: called straight from this array, where reading through
    /// ``Field/value(in:)`` copies the field (its key and both closures) for every value when
    /// the caller is not specialized for `Object`.
    public let readers: [@Sendable (Object) -> FieldValue]
    /// Keys that get an index because queries filter or sort on them.
    public let indexedKeys: [String]
    /// Keys whose value may be stored at most once in the table (a unique index).
    public let uniqueKeys: [String]
    /// Indexes over several keys, for queries that filter on some keys and sort on another
    /// (see ``CompoundIndex``).
    public let compoundIndexes: [CompoundIndex]
    /// Where the objects live, how long local copies last, their scope, encrypted keys.
    public let behaviour: ValueObjectBehaviour
    /// The parents this type's objects cannot outlive (see ``ValueObjectDependency``).
    public let dependencies: [ValueObjectDependency]
    /// How this type settles a refused change itself (``ConflictResolver``), or `nil` to leave
    /// every conflict to the user.
    public let resolver: ConflictResolver?

    /// Describes a value-object type.
    ///
    /// - Parameters:
    ///   - typeName: the table name, an ASCII identifier.
    ///   - fields: each stored field, made with ``Field/field(_:_:)``.
    ///   - indexed: keys to index for queries.
    ///   - unique: keys whose values must be unique; saving a second object with the same
    ///     value fails with ``DataError/Code/duplicate``.
    ///   - compoundIndexes: indexes over several keys, each ending with `objectId`, for the
    ///     queries that filter and sort (equality keys first, then the sort key).
    ///   - behaviour: persistent type, auto refresh, lifespan, scope and encrypted keys
    ///     (default: the seed's defaults — server only, group scope).
    ///   - dependsOn: the parents whose deletion by a pull deletes this type's rows naming
    ///     them (each key a text field; see ``ValueObjectDependency``).
    ///   - resolver: how the type settles a conflict itself (see ``ConflictResolver``).
    public init(
        _ typeName: String, fields: [Field], indexed: [String] = [], unique: [String] = [],
        compoundIndexes: [CompoundIndex] = [], behaviour: ValueObjectBehaviour = .default,
        dependsOn dependencies: [ValueObjectDependency] = [], resolver: ConflictResolver? = nil
    ) {
        self.resolver = resolver
        self.typeName = typeName
        self.fields = fields
        self.readers = fields.map { $0.read }
        self.indexedKeys = indexed
        self.uniqueKeys = unique
        self.compoundIndexes = compoundIndexes
        self.behaviour = behaviour
        self.dependencies = dependencies
    }

    /// One stored field: a key, its declared type, and how to read and write it.
    public struct Field: Sendable {
        /// The key: the column name and the name queries use.
        public let key: String
        /// The declared type.
        public let type: FieldType
        /// Whether the field may hold null (an `Optional` property).
        public let isNullable: Bool
        @usableFromInline let read: @Sendable (Object) -> FieldValue
        @usableFromInline let write: @Sendable (inout Object, FieldValue) -> Bool

        @usableFromInline
        init(
            key: String, type: FieldType, isNullable: Bool, read: @escaping @Sendable (Object) -> FieldValue,
            write: @escaping @Sendable (inout Object, FieldValue) -> Bool
        ) {
            (self.key, self.type, self.isNullable, self.read, self.write) = (key, type, isNullable, read, write)
        }

        /// A field stored under `key`, read from and written to `keyPath`.
        ///
        /// Inlinable, with the reader and writer it makes: the closures are then compiled in the
        /// module declaring the type, specialized for it and for `Value`. The store's own code is
        /// generic and reached through `any ValueObjectStore`, never specialized; made here, the
        /// closures would look up `Value`'s metadata (its `Optional`, its pointer) at run time for
        /// every field of every row.
        @inlinable
        public static func field<Value: FieldValueConvertible>(
            _ key: String, _ keyPath: any WritableKeyPath<Object, Value> & Sendable
        ) -> Field {
            Field(
                key: key,
                type: Value.fieldType,
                isNullable: Value.isNullable,
                read: reader(for: keyPath),
                write: writer(for: keyPath)
            )
        }

        /// How to set the field: straight into the property's storage when the key path names a
        /// stored property laid out inline (the store sets every field of every row it reads),
        /// else through the key path.
        @inlinable
        static func writer<Value: FieldValueConvertible>(
            for keyPath: any WritableKeyPath<Object, Value> & Sendable
        ) -> @Sendable (inout Object, FieldValue) -> Bool {
            guard let offset = MemoryLayout<Object>.offset(of: keyPath as PartialKeyPath<Object>) else {
                return { object, stored in
                    guard let value = Value(fieldValue: stored) else { return false }
                    object[keyPath: keyPath] = value
                    return true
                }
            }
            // As for `reader(for:)`: a non-nil offset names inline storage bound to `Value`, and
            // assigning through the typed pointer releases the old value and keeps the new one.
            return { object, stored in
                guard let value = Value(fieldValue: stored) else { return false }
                withUnsafeMutableBytes(of: &object) { bytes in
                    bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
                }
                return true
            }
        }

        /// How to read the field: straight from the property's storage when the key path names
        /// a stored property (the store reads every field of every row it saves, and the key
        /// path runtime costs several times more), else through the key path.
        @inlinable
        static func reader<Value: FieldValueConvertible>(
            for keyPath: any WritableKeyPath<Object, Value> & Sendable
        ) -> @Sendable (Object) -> FieldValue {
            guard let offset = MemoryLayout<Object>.offset(of: keyPath as PartialKeyPath<Object>) else {
                return { $0[keyPath: keyPath].fieldValue }
            }
            // `offset(of:)` is non-nil only for a stored property laid out inline in `Object`,
            // whose memory is bound to `Value`: reading it through that offset is its
            // documented use.
            return { object in
                withUnsafeBytes(of: object) { bytes in
                    bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee.fieldValue
                }
            }
        }

        /// This field's value in `object`.
        public func value(in object: Object) -> FieldValue { read(object) }

        /// Sets this field of `object` from a stored value; `false` when the value has the wrong type.
        public func assign(_ value: FieldValue, to object: inout Object) -> Bool { write(&object, value) }
    }

    /// The field stored under `key`, or `nil`.
    public func field(forKey key: String) -> Field? {
        fields.first { $0.key == key }
    }
}
