extension PostgresSchema {
    /// The admin console's columns: a user's disabled flag, a device's revocation time.
    static let adminColumns = [
        "ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT false",
        "ALTER TABLE devices ADD COLUMN revoked_at DOUBLE PRECISION",
    ]
}
