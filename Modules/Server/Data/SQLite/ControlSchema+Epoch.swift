import Foundation
import GRDB

/// The server's epoch in `control.sqlite` (see ``ServerDataLayer/epoch()``).
extension ControlSchema {
    /// Creates `server_identity`, one row holding a new random epoch.
    static func serverEpoch(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE server_identity (id INTEGER PRIMARY KEY CHECK (id = 1), epoch TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO server_identity (id, epoch) VALUES (1, ?)", arguments: [ServerEpoch.make()])
    }
}

/// Making and reading the server's epoch.
enum ServerEpoch {
    /// A new random epoch: 32 lowercase hex digits.
    static func make() -> String { UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") }

    /// The epoch stored in `db` (a control database), or `nil` before the migration ran.
    static func read(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT epoch FROM server_identity WHERE id = 1")
    }

    /// Stores a new epoch in `db` and returns it.
    static func renew(_ db: Database) throws -> String {
        let epoch = make()
        try db.execute(sql: "UPDATE server_identity SET epoch = ? WHERE id = 1", arguments: [epoch])
        return epoch
    }
}
