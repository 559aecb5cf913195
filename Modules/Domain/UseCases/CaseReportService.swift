public import StrataStore

/// Use cases on case reports.
public protocol CaseReportService: Sendable {
    /// Validates and saves a new report; returns it with its id.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field (empty patient name, age
    ///   outside 0…150).
    func add(_ draft: CaseReportDraft) async throws -> CaseReport

    /// Applies the set fields of `change` to report `id`; returns the saved report.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id, `invalidInput` naming the field.
    func update(id: String, _ change: CaseReportChange) async throws -> CaseReport

    /// The report with this id.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id.
    func get(id: String) async throws -> CaseReport

    /// Reports of the page's scope, newest first, one page at a time.
    func list(_ page: PageRequest) async throws -> [CaseReport]

    /// Reports whose patient name or memo contains `text` (case-insensitive), newest first.
    ///
    /// An empty (or all-blank) `text` lists every report, as ``list(_:)`` does.
    ///
    /// - Important: patient names are encrypted at rest, so the store cannot search them:
    ///   every search reads and decrypts every stored report and filters in Swift. Its cost
    ///   grows with the number of reports, not with the page size or the number of matches.
    func search(_ text: String, _ page: PageRequest) async throws -> [CaseReport]

    /// Deletes report `id` and its follow-ups.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id.
    func delete(id: String) async throws

    /// The author and sync state of each of `reports` (by id; a report not stored, or without
    /// an id, has none), read in one query for the whole page.
    ///
    /// - Throws: ``DomainError`` `storage` carrying the data layer's message.
    func facts(of reports: [CaseReport]) async throws -> [String: RecordFacts]
}

/// The fields of a new case report: a report whose given fields are set (the others keep
/// their defaults). Each field is declared in ``CaseReport/declaredFields``.
@dynamicMemberLookup
public struct CaseReportDraft: Sendable, Hashable {
    /// The values given; ``CaseReportService/add(_:)`` applies each field's rule to them.
    public var values: CaseReport

    /// A draft of `values`.
    public init(values: CaseReport) {
        self.values = values
    }

    /// A draft with the original fields given.
    public init(patientName: String, age: Int, gender: Gender = .unspecified, isFollow: Bool = false, memo: String = "") {
        values = CaseReport()
        values.patientName = patientName
        values.age = age
        values.gender = gender
        values.isFollow = isFollow
        values.memo = memo
    }

    /// Any field of ``values``, read and written through the draft (`draft.age = 43`): the
    /// draft has no field list of its own to keep in step with ``CaseReport/declaredFields``.
    public subscript<Value>(dynamicMember field: WritableKeyPath<CaseReport, Value>) -> Value {
        get { values[keyPath: field] }
        set { values[keyPath: field] = newValue }
    }
}

/// A change to a case report: each field it sets (``keys``) replaces the stored one. Each
/// field is declared in ``CaseReport/declaredFields``.
public struct CaseReportChange: Sendable, Hashable {
    /// The new values of the fields in ``keys`` (the others are ignored).
    public private(set) var values = CaseReport()
    /// The stored keys of the fields the change sets (`isFollow`).
    public private(set) var keys: Set<String> = []

    /// A change setting the given fields.
    public init(patientName: String? = nil, age: Int? = nil, gender: Gender? = nil, isFollow: Bool? = nil, memo: String? = nil) {
        self.patientName = patientName
        self.age = age
        self.gender = gender
        self.isFollow = isFollow
        self.memo = memo
    }

    /// Sets `field` from `text` (as a URL parameter or a form gives it); an empty text that
    /// gives no value (a number, a flag, a choice) sets nothing.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field's ``DeclaredField/name``.
    public mutating func set(_ field: DeclaredField<CaseReport>, text: String) throws {
        if try field.parse(text, into: &values) { keys.insert(field.key) }
    }

    /// Whether the change sets nothing.
    public var isEmpty: Bool { keys.isEmpty }

    private func value<Value>(_ key: String, _ keyPath: KeyPath<CaseReport, Value>) -> Value? {
        keys.contains(key) ? values[keyPath: keyPath] : nil
    }

    private mutating func set<Value>(_ key: String, _ keyPath: WritableKeyPath<CaseReport, Value>, _ value: Value?) {
        if let value {
            values[keyPath: keyPath] = value
            keys.insert(key)
        } else {
            keys.remove(key)
        }
    }

    /// The new patient name (same rules as in a draft: ``CaseReport/checkedPatientName(_:)``), or `nil` to keep it.
    public var patientName: String? {
        get { value("patientName", \.patientName) }
        set { set("patientName", \.patientName, newValue) }
    }
    /// The new age in years (0…150), or `nil` to keep it.
    public var age: Int? {
        get { value("age", \.age) }
        set { set("age", \.age, newValue) }
    }
    /// The new gender, or `nil` to keep it.
    public var gender: Gender? {
        get { value("gender", \.gender) }
        set { set("gender", \.gender, newValue) }
    }
    /// Whether the case now needs follow-ups, or `nil` to keep it.
    public var isFollow: Bool? {
        get { value("isFollow", \.isFollow) }
        set { set("isFollow", \.isFollow, newValue) }
    }
    /// The new free text (trimmed when saved), or `nil` to keep it.
    public var memo: String? {
        get { value("memo", \.memo) }
        set { set("memo", \.memo, newValue) }
    }
}

/// Which page of a listing to return: `size` items, page `index` counting from 1.
public struct PageRequest: Sendable, Hashable {
    /// How many items a page holds (1 or more).
    public var size: Int
    /// Which page to return, counting from 1.
    public var index: Int
    /// Whose items the pages hold (the seed's `scopeType`): the signed-in user's (`mine`),
    /// theirs and their groups' (`group`), or every stored one (`all`, the default).
    public var scope: QueryScope

    /// A page of `size` items (default 50), page `index` (default 1), of `scope` (default all).
    public init(size: Int = 50, index: Int = 1, scope: QueryScope = .all) {
        self.size = size
        self.index = index
        self.scope = scope
    }

    /// The first page of 50.
    public static let first = PageRequest()

    /// The scope names a host accepts, in order: `mine`, `group`, `all`.
    public static let scopeNames = QueryScope.allCases.map(\.rawValue)

    /// The scope `name` names (`mine`, `group`, `all`), or `nil`.
    public static func scope(named name: String) -> QueryScope? { QueryScope(rawValue: name) }
}
