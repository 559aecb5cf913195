import Foundation
import StrataBenchSupport

extension RawSQLite {
    /// The bytes of a plain SQLite file holding only `table`'s record columns (the six of
    /// `CaseRow`, keyed by `objectId`) with the same three indexes as the store's, filled from
    /// the store's rows: the baseline of the "size on disk" and "size with journal" figures.
    /// The file is made in `folder` and removed again.
    func plainTableBytes(of table: String, in folder: URL) throws -> Double {
        let plainPath = folder.appendingPathComponent("plain.sqlite").path
        defer { try? FileManager.default.removeItem(atPath: plainPath) }
        try exec("ATTACH DATABASE '\(plainPath)' AS plain")
        try exec(
            """
            CREATE TABLE plain.rows ("objectId" TEXT PRIMARY KEY, "patientName" TEXT, "age" INTEGER, "gender" INTEGER,
                "isFollow" INTEGER, "memo" TEXT, "createdAt" REAL)
            """)
        try exec(#"CREATE INDEX plain.rows_patientName ON rows ("patientName")"#)
        try exec(#"CREATE INDEX plain.rows_createdAt ON rows ("createdAt")"#)
        try exec(#"CREATE INDEX plain.rows_age_createdAt ON rows ("age", "createdAt" DESC, "objectId")"#)
        try exec(
            """
            INSERT INTO plain.rows SELECT "objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt"
            FROM main."\(table)" ORDER BY "objectId"
            """)
        try exec("DETACH DATABASE plain")
        return Double(fileSize(plainPath))
    }
}
