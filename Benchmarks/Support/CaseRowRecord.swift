public import StrataStore

/// A value object that stores one ``CaseRow`` under a type name and behaviour of its own: the
/// benchmarks' tables (indexed like CaseReport, without indexes, synced, expiring…) share the
/// row and its six fields instead of each declaring them again.
///
/// The row's columns read and write through the record (`record.memo`).
@dynamicMemberLookup
public protocol CaseRowRecord: ValueObject {
    /// The row's six columns.
    var row: CaseRow { get set }
}

extension CaseRowRecord {
    /// A column of ``row``.
    public subscript<Value>(dynamicMember column: WritableKeyPath<CaseRow, Value>) -> Value {
        get { row[keyPath: column] }
        set { row[keyPath: column] = newValue }
    }

    /// A record holding `row`, not yet stored.
    public init(row: CaseRow) {
        self.init()
        self.row = row
    }

    /// A record carrying only an id (what `delete` needs).
    public init(id: String) {
        self.init()
        objectId = id
    }

    /// The schema of type `name`: the six columns of ``CaseRow``, with `indexed` and
    /// `compoundIndexes`, and `behaviour` (local only by default).
    ///
    /// `fields`, when given, are the same six fields declared by the concrete type
    /// (`\ScaleRecord.row.age`): key paths through stored properties, as an app's own type has,
    /// which the store reads and writes at their offset. The default's `\Self.row.age`, written
    /// in this protocol extension, goes through the `row` requirement's witness (a computed key
    /// path, copying the whole row for each field).
    public static func caseRowSchema(
        _ name: String, indexed: [String] = CaseRow.caseReportIndexes, compoundIndexes: [CompoundIndex] = [],
        behaviour: ValueObjectBehaviour = ValueObjectBehaviour(persistentType: .localOnly),
        fields: [ValueObjectSchema<Self>.Field]? = nil
    ) -> ValueObjectSchema<Self> {
        ValueObjectSchema<Self>(
            name,
            fields: fields ?? [
                .field("patientName", \Self.row.patientName),
                .field("age", \Self.row.age),
                .field("gender", \Self.row.gender),
                .field("isFollow", \Self.row.isFollow),
                .field("memo", \Self.row.memo),
                .field("createdAt", \Self.row.createdAt),
            ],
            indexed: indexed, compoundIndexes: compoundIndexes, behaviour: behaviour)
    }
}
