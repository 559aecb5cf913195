public import Foundation
public import StrataData

/// A case report: one patient's case, as in the AppPot sample (seed `003_*`).
public struct CaseReport: ValueObject, Hashable, Codable {
    /// The store's id for this report; `nil` until it is first saved.
    public var objectId: String?
    /// The patient's name. Sensitive: encrypted at rest once the store supports it.
    public var patientName: String = ""
    /// The patient's age in years (0…150).
    public var age: Int = 0
    /// The patient's gender.
    public var gender: Gender = .unspecified
    /// Whether the case needs follow-ups.
    public var isFollow: Bool = false
    /// Free text.
    public var memo: String = ""
    /// When the report was first saved.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// When the report was last changed.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// An empty report (every field at its default).
    public init() {}

    /// The stored fields; `patientName` and `createdAt` are indexed for search and listing.
    public static let schema = ValueObjectSchema<CaseReport>(
        "CaseReport",
        fields: [
            .field("patientName", \.patientName),
            .field("age", \.age),
            .field("gender", \.gender),
            .field("isFollow", \.isFollow),
            .field("memo", \.memo),
            .field("createdAt", \.createdAt),
            .field("updatedAt", \.updatedAt),
        ],
        indexed: ["patientName", "createdAt"]
    )
}
