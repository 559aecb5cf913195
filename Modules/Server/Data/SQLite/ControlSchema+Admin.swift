import GRDB

extension ControlSchema {
    /// The admin console's columns: a user's disabled flag, a device's revocation time.
    static func adminColumns(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE devices ADD COLUMN revoked_at REAL;
                """)
    }
}
