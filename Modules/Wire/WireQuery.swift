/// `POST /v1/objects/{type}/query`: a filtered, sorted page of one type's live objects, within
/// the caller's scope.
///
/// Every condition must hold (they are joined with AND). A condition compares the value stored
/// under `key` with values of the same kind only: integers and reals are one kind (compared
/// numerically, `["i", 2]` equals `["r", 2.0]`), text another (compared by UTF-8 bytes), bytes a
/// third (equality only). A missing key reads as null, and null never matches a comparison with a
/// non-null value; `eq` / `ne` with `["n"]` test for null / not null. The key `objectId` means the
/// object's id (text).
///
/// Sorting puts null and missing values first (ascending), then numbers, then text; ties, and
/// the end of every order, go by object id, so pages are stable.
///
/// - Important: `ne` matches only values of the same kind that differ: `ne ["i", 5]` skips text
///   values and objects without the key, as SQL's `<>` skips NULL.
public struct QueryRequest: Sendable, Hashable, Codable {
    /// The conditions (`where` in JSON), all of which must hold; at most 20.
    public var conditions: [WireCondition]
    /// The order, most significant first; at most 5 keys.
    public var sort: [WireSortKey]
    /// The page size: 1…1000 (default 100).
    public var limit: Int
    /// How many matching objects to skip: 0 or more (default 0).
    public var offset: Int

    /// A query; every part has the documented default.
    public init(conditions: [WireCondition] = [], sort: [WireSortKey] = [], limit: Int = 100, offset: Int = 0) {
        self.conditions = conditions
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }

    enum CodingKeys: String, CodingKey {
        case conditions = "where"
        case sort, limit, offset
    }

    /// Decodes a query; absent fields take their defaults (an explicit `null` is an error).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = QueryRequest()
        conditions = try container.decode(.conditions, absent: defaults.conditions)
        sort = try container.decode(.sort, absent: defaults.sort)
        limit = try container.decode(.limit, absent: defaults.limit)
        offset = try container.decode(.offset, absent: defaults.offset)
    }
}

/// One condition of a ``QueryRequest``: `key op value`, or `key in values`.
public struct WireCondition: Sendable, Hashable, Codable {
    /// The value's key: a letter or `_`, then letters, digits or `_`; at most 64 characters.
    public var key: String
    /// `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `like` (text only: `%` any run, `_` one character,
    /// ASCII case-insensitive; pattern at most 256 characters) or `in`.
    public var op: String
    /// The value to compare with (every operator but `in`).
    public var value: WireValue?
    /// The values for `in`: 1–100, of any kinds (`["n"]` matches null or missing).
    public var values: [WireValue]?

    /// A condition.
    public init(key: String, op: String, value: WireValue? = nil, values: [WireValue]? = nil) {
        self.key = key
        self.op = op
        self.value = value
        self.values = values
    }
}

/// One sort key of a ``QueryRequest``.
public struct WireSortKey: Sendable, Hashable, Codable {
    /// The value's key (or `objectId`).
    public var key: String
    /// Largest first when `true`.
    public var descending: Bool

    /// A sort key.
    public init(key: String, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    enum CodingKeys: String, CodingKey { case key, descending }

    /// Decodes a sort key; `descending` defaults to `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        descending = try container.decode(.descending, absent: false)
    }
}

/// The answer to a ``QueryRequest``: one page of live objects.
public struct QueryResponse: Sendable, Hashable, Codable {
    /// The matching objects in the requested order (the same shape as a pull's).
    public var objects: [WireObject]
    /// Whether more matching objects follow this page (ask again with `offset + limit`).
    public var hasMore: Bool

    /// A query answer.
    public init(objects: [WireObject], hasMore: Bool) {
        self.objects = objects
        self.hasMore = hasMore
    }
}

extension KeyedDecodingContainer {
    /// The value under `key`, or `absent` when the key is missing; unlike `decodeIfPresent`, a
    /// `null` is a type error naming the key.
    func decode<T: Decodable>(_ key: Key, absent: T) throws -> T {
        contains(key) ? try decode(T.self, forKey: key) : absent
    }
}

extension WirePaths {
    /// `POST /v1/objects/{type}/query`: ``QueryRequest`` → ``QueryResponse``.
    public static func query(typeName: String) -> String { "\(objects)/\(typeName)/query" }
}
