#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataDomain

/// The stable JSON shape of a value object whose fields are declared once
/// (``StrataDomain/DeclaredObject``): `id`, then each declared field under its JSON name, in
/// declaration order. Every key is always present (`null` for a missing value).
public struct DeclaredObjectJSON<Object: DeclaredObject>: Encodable, Equatable, Sendable {
    /// The object's id (empty for one never saved).
    public var id: String
    /// Each declared field's JSON name and value, in declaration order.
    public var fields: [Entry]

    /// One key and its value.
    public struct Entry: Equatable, Sendable {
        /// The key (the field's JSON name).
        public var key: String
        /// The value.
        public var value: DeclaredJSONValue
    }

    /// The JSON shape of `object`, a day as in the Gregorian calendar of the process's time zone.
    public init(_ object: Object) {
        self.init(object, calendar: Calendar(identifier: .gregorian))
    }

    /// The JSON shape of `object`, a day (a follow-up's `date`) as in `calendar`.
    public init(_ object: Object, calendar: Calendar) {
        id = object.declaredID
        fields = Object.declaredFields.map { Entry(key: $0.jsonName, value: $0.jsonValue(in: object, calendar: calendar)) }
    }

    /// The value under `key`, or `nil` when the shape has no such key.
    public subscript(key: String) -> DeclaredJSONValue? {
        key == "id" ? .string(id) : fields.first { $0.key == key }?.value
    }

    /// Writes `id` and every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DeclaredJSONKey.self)
        try encode(into: &container)
    }

    /// Writes `id` and every field into `container` (a shape that adds keys of its own).
    func encode(into container: inout KeyedEncodingContainer<DeclaredJSONKey>) throws {
        try container.encode(id, forKey: DeclaredJSONKey("id"))
        for entry in fields {
            try container.encode(entry.value, forKey: DeclaredJSONKey(entry.key))
        }
    }
}

/// The stable JSON shape of a case report: what the Reports micro-app prints for `format=json`
/// (`--json`), and the `report` a due follow-up carries in the FollowUps micro-app's JSON.
///
/// Keys: `id`, then each field of ``CaseReport/declaredFields`` under its name — today
/// `patientName`, `age`, `gender` (a name), `follow`, `memo`, `createdAt` and `updatedAt`
/// (ISO 8601 instants in UTC). Every key is always present.
public typealias CaseReportJSON = DeclaredObjectJSON<CaseReport>

/// A JSON key named at run time.
struct DeclaredJSONKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
