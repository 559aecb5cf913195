/// The server's epoch in PostgreSQL (see ``ServerDataLayer/epoch()``).
extension PostgresSchema {
    /// `server_identity`: one row holding a new random epoch (32 hex digits).
    static let serverEpoch = [
        "CREATE TABLE server_identity (id INTEGER PRIMARY KEY CHECK (id = 1), epoch TEXT NOT NULL)",
        "INSERT INTO server_identity (id, epoch) VALUES (1, md5(random()::text || clock_timestamp()::text))",
    ]

    /// The statement that gives the database a new epoch (a restore runs it).
    static let renewEpoch = "UPDATE server_identity SET epoch = md5(random()::text || clock_timestamp()::text) WHERE id = 1"
}
