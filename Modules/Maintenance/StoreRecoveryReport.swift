/// What ``StoreMaintenance/recover()`` saved and what it could not.
public struct StoreRecoveryReport: Sendable, Hashable {
    /// One table's outcome.
    public struct Table: Sendable, Hashable {
        /// The table (a value-object type or one of Strata's `_strata_*` tables).
        public var name: String
        /// Rows copied into the new store.
        public var recovered: Int
        /// Rows the damaged file's indexes said it held, when they could still be counted.
        public var expected: Int?
        /// Whether reading the table met unreadable pages (rows on them are lost).
        public var metDamage: Bool

        /// Rows known to be lost: `expected - recovered` when that is known, else `nil`.
        public var lost: Int? { expected.map { max(0, $0 - recovered) } }

        /// A table outcome with the given parts.
        public init(name: String, recovered: Int, expected: Int?, metDamage: Bool) {
            self.name = name
            self.recovered = recovered
            self.expected = expected
            self.metDamage = metDamage
        }
    }

    /// The new store, in the damaged one's place.
    public var storePath: String
    /// Where the damaged file was kept (renamed, never deleted).
    public var keptDamagedFile: String
    /// Each table, in the store's order.
    public var tables: [Table]
    /// Schema objects (indexes, views, triggers) that could not be made again, with SQLite's reason.
    public var schemaProblems: [String]

    /// A report with the given parts.
    public init(storePath: String, keptDamagedFile: String, tables: [Table], schemaProblems: [String]) {
        self.storePath = storePath
        self.keptDamagedFile = keptDamagedFile
        self.tables = tables
        self.schemaProblems = schemaProblems
    }
}
