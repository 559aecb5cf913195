import Foundation
import StrataStore

/// A ward visit: declares compound indexes for its page queries (an equality key then a sort
/// key, either direction, one over an encrypted key), single-key indexes beside them, and a
/// lifespan (so every query also filters on `_storedAt`).
struct WardVisit: ValueObject, Equatable {
    var objectId: String?
    var ward = ""
    var age = 0
    var patient = ""
    var createdAt = Date(timeIntervalSince1970: 0)

    init() {}

    init(ward: String, age: Int, patient: String, createdAt: Double) {
        self.ward = ward
        self.age = age
        self.patient = patient
        self.createdAt = Date(timeIntervalSince1970: createdAt)
    }

    static let fields: [ValueObjectSchema<WardVisit>.Field] = [
        .field("ward", \.ward), .field("age", \.age), .field("patient", \.patient), .field("createdAt", \.createdAt),
    ]

    static let schema = ValueObjectSchema<WardVisit>(
        "WardVisit", fields: fields, indexed: ["ward", "createdAt"],
        compoundIndexes: [
            CompoundIndex(.ascending("age"), .descending("createdAt")),
            CompoundIndex("ward", "createdAt"),
            CompoundIndex("patient", "createdAt"),
            CompoundIndex("createdAt"),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 86_400 * 365, encrypted: ["patient"]))
}

/// `WardVisit` as an older build declared it: the single-key indexes only.
struct WardVisitBefore: ValueObject {
    var objectId: String?
    var visit = WardVisit()
    init() {}
    static let schema = ValueObjectSchema<WardVisitBefore>(
        "WardVisit",
        fields: [
            .field("ward", \.visit.ward), .field("age", \.visit.age), .field("patient", \.visit.patient),
            .field("createdAt", \.visit.createdAt),
        ],
        indexed: ["ward", "createdAt"],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 86_400 * 365, encrypted: ["patient"]))
}

/// `WardVisit` as a later build declares it: `(ward, createdAt)` kept, the others gone, one added.
struct WardVisitAfter: ValueObject {
    var objectId: String?
    var visit = WardVisit()
    init() {}
    static let schema = ValueObjectSchema<WardVisitAfter>(
        "WardVisit",
        fields: [
            .field("ward", \.visit.ward), .field("age", \.visit.age), .field("patient", \.visit.patient),
            .field("createdAt", \.visit.createdAt),
        ],
        indexed: ["ward", "createdAt"],
        compoundIndexes: [CompoundIndex("ward", "createdAt"), CompoundIndex("ward", "age")],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 86_400 * 365, encrypted: ["patient"]))
}

/// A schema declaring `indexes` over `WardVisit`'s fields (for the validation tests).
func wardVisitSchema(_ indexes: [CompoundIndex]) -> ValueObjectSchema<WardVisit> {
    ValueObjectSchema<WardVisit>(
        "WardVisit", fields: WardVisit.fields, compoundIndexes: indexes,
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, encrypted: ["patient"]))
}
