#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
public import StrataDomain

/// The stable JSON shape of a case report: what the Reports micro-app prints for `format=json`
/// (`--json`), and the `report` a due follow-up carries in the FollowUps micro-app's JSON.
///
/// Keys: `id`, then each field of ``CaseReport/declaredFields`` under its name — today
/// `patientName`, `age`, `gender` (a name), `follow`, `memo`, `createdAt` and `updatedAt`
/// (ISO 8601 instants in UTC). Every key is always present.
public struct CaseReportJSON: Encodable, Equatable, Sendable {
    /// The report's object id (empty for a report never saved).
    public var id: String
    /// Each declared field's name and value, in declaration order.
    public var fields: [Entry]

    /// One key and its value.
    public struct Entry: Equatable, Sendable {
        /// The key (the field's name).
        public var key: String
        /// The value.
        public var value: DeclaredJSONValue
    }

    /// The JSON shape of `report`.
    public init(_ report: CaseReport) {
        id = report.objectId ?? ""
        fields = CaseReport.declaredFields.map { Entry(key: $0.name, value: $0.jsonValue(in: report)) }
    }

    /// The value under `key`, or `nil` when the shape has no such key.
    public subscript(key: String) -> DeclaredJSONValue? {
        key == "id" ? .string(id) : fields.first { $0.key == key }?.value
    }

    /// Writes `id` and every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: Key("id"))
        for entry in fields {
            try container.encode(entry.value, forKey: Key(entry.key))
        }
    }

    /// A key named at run time.
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
