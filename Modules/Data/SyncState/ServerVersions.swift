import StrataStore

/// The server version each pulled row was last written at (``InternalTables/serverVersions``),
/// read and written inside the caller's transaction: pulls and refetches record it, every
/// removal of a row forgets it, and an update records it as its change's base version.
enum ServerVersions {
    /// The version `objectID` of `typeName` was last pulled at, or `nil` when unknown.
    static func known(_ typeName: String, _ objectID: String, in connection: SQLiteConnection) throws -> Int64? {
        try connection.withStatement(
            #"SELECT "version" FROM "_strata_server_versions" WHERE "typeName" = ?1 AND "objectId" = ?2"#
        ) { statement in
            statement.bind(typeName, at: 1)
            statement.bind(objectID, at: 2)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    /// What ``record(_:_:version:using:)`` runs: the server's `version` of one object.
    static let recordSQL = #"""
        INSERT INTO "_strata_server_versions" ("typeName", "objectId", "version") VALUES (?1, ?2, ?3)
        ON CONFLICT ("typeName", "objectId") DO UPDATE SET "version" = excluded."version"
        """#

    /// Records that `objectID` of `typeName` now holds the server's `version`.
    static func record(_ typeName: String, _ objectID: String, version: Int64, in connection: SQLiteConnection) throws {
        try connection.withStatement(recordSQL) { statement in
            try record(typeName, objectID, version: version, using: statement)
        }
    }

    /// Records one version with `statement`, prepared from ``recordSQL`` and held by the caller
    /// for a page of rows (each run rewinds it first, so a failed one does not stop the next).
    static func record(_ typeName: String, _ objectID: String, version: Int64, using statement: SQLiteStatement) throws {
        statement.rewind()
        statement.bind(typeName, at: 1)
        statement.bind(objectID, at: 2)
        statement.bind(.integer(version), at: 3)
        try statement.step()
    }

    /// Forgets the versions of `ids` of `typeName` (their rows went).
    static func forget(_ typeName: String, _ ids: [String], in connection: SQLiteConnection) throws {
        guard !ids.isEmpty else { return }
        try connection.withStatement(#"DELETE FROM "_strata_server_versions" WHERE "typeName" = ?1 AND "objectId" = ?2"#) {
            statement in
            for id in ids {
                statement.rewind()
                statement.bind(typeName, at: 1)
                statement.bind(id, at: 2)
                try statement.step()
            }
        }
    }

    /// Forgets every version of `typeName` (all its rows went).
    static func forgetAll(_ typeName: String, in connection: SQLiteConnection) throws {
        try connection.withStatement(#"DELETE FROM "_strata_server_versions" WHERE "typeName" = ?1"#) { statement in
            statement.bind(typeName, at: 1)
            try statement.step()
        }
    }

    /// Forgets the versions of `typeName`'s ids whose rows are gone (after a purge of expired
    /// rows, which deletes without naming them).
    static func forgetMissing(_ typeName: String, table: String, in connection: SQLiteConnection) throws {
        try connection.withStatement(
            #"""
            DELETE FROM "_strata_server_versions" WHERE "typeName" = ?1 AND NOT EXISTS (
                SELECT 1 FROM \#(table) AS row WHERE row."objectId" = "_strata_server_versions"."objectId")
            """#
        ) { statement in
            statement.bind(typeName, at: 1)
            try statement.step()
        }
    }
}
