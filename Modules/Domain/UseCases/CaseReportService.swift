public import StrataData

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
}

/// The fields of a new case report.
public struct CaseReportDraft: Sendable, Hashable {
    /// The patient's name: trimmed, 1 to 200 characters once trimmed.
    public var patientName: String
    /// The patient's age in years (0…150).
    public var age: Int
    /// The patient's gender.
    public var gender: Gender
    /// Whether the case needs follow-ups.
    public var isFollow: Bool
    /// Free text (trimmed when saved).
    public var memo: String

    /// A draft with every field given.
    public init(patientName: String, age: Int, gender: Gender = .unspecified, isFollow: Bool = false, memo: String = "") {
        self.patientName = patientName
        self.age = age
        self.gender = gender
        self.isFollow = isFollow
        self.memo = memo
    }
}

/// A change to a case report: each non-`nil` field replaces the stored one.
public struct CaseReportChange: Sendable, Hashable {
    /// The new patient name (same rules as ``CaseReportDraft/patientName``), or `nil` to keep it.
    public var patientName: String?
    /// The new age in years (0…150), or `nil` to keep it.
    public var age: Int?
    /// The new gender, or `nil` to keep it.
    public var gender: Gender?
    /// Whether the case now needs follow-ups, or `nil` to keep it.
    public var isFollow: Bool?
    /// The new free text (trimmed when saved), or `nil` to keep it.
    public var memo: String?

    /// A change setting the given fields.
    public init(patientName: String? = nil, age: Int? = nil, gender: Gender? = nil, isFollow: Bool? = nil, memo: String? = nil) {
        self.patientName = patientName
        self.age = age
        self.gender = gender
        self.isFollow = isFollow
        self.memo = memo
    }

    /// Whether the change sets nothing.
    public var isEmpty: Bool {
        patientName == nil && age == nil && gender == nil && isFollow == nil && memo == nil
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
