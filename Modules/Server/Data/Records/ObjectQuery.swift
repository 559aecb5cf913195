public import StrataWire

/// A filtered, sorted page of one type's live objects, as ``AppObjectStore/query(_:visibility:)``
/// runs it.
///
/// Each condition compares the value under its key with values of the same kind only (numbers,
/// text, bytes); null and missing values match only `eq` / `in` with ``WireValue/null`` and `ne`
/// with it (not null). Ties in the order go by object id.
public struct ObjectQuery: Sendable, Hashable {
    /// How a condition compares.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        /// Equal (with null: is null).
        case eq
        /// Not equal, same kind (with null: is not null).
        case ne
        /// Less than.
        case lt
        /// Less than or equal.
        case le
        /// Greater than.
        case gt
        /// Greater than or equal.
        case ge
        /// SQL `LIKE` on text (`%`, `_`; ASCII case-insensitive).
        case like
        /// Equal to one of the values.
        case `in`
    }

    /// `key op values[0]`, or `key in values`.
    public struct Condition: Sendable, Hashable {
        /// The value's key (see ``ObjectQuery/isKey(_:)``), or `objectId`.
        public var key: String
        /// The comparison.
        public var op: Operator
        /// One value, or the values of `in`.
        public var values: [WireValue]

        /// A condition.
        public init(key: String, op: Operator, values: [WireValue]) {
            self.key = key
            self.op = op
            self.values = values
        }
    }

    /// One sort key.
    public struct SortKey: Sendable, Hashable {
        /// The value's key, or `objectId`.
        public var key: String
        /// Largest first when `true`.
        public var descending: Bool

        /// A sort key.
        public init(key: String, descending: Bool) {
            self.key = key
            self.descending = descending
        }
    }

    /// The key that names the object's id rather than a value.
    public static let objectIdKey = "objectId"

    /// The value-object type.
    public var typeName: String
    /// The conditions, all of which must hold.
    public var conditions: [Condition]
    /// The order, most significant first.
    public var sortKeys: [SortKey]
    /// At most this many objects.
    public var limit: Int
    /// Skips this many matching objects first.
    public var offset: Int

    /// A query.
    public init(typeName: String, conditions: [Condition], sortKeys: [SortKey], limit: Int, offset: Int) {
        self.typeName = typeName
        self.conditions = conditions
        self.sortKeys = sortKeys
        self.limit = limit
        self.offset = offset
    }

    /// Whether `key` may name a value in a query: a letter or `_`, then letters, digits or `_`,
    /// at most 64 characters (ASCII).
    ///
    /// - Important: Stores build a JSON path from the key; only keys that pass this check may
    ///   reach them.
    public static func isKey(_ key: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 }
        guard let first = key.utf8.first, isLetter(first), key.utf8.count <= 64 else { return false }
        return key.utf8.allSatisfy { isLetter($0) || (48...57).contains($0) }
    }
}
