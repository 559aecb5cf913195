/// What readiness says when a database's schema version is not this server's, on either
/// engine: an older schema wants `strata-server migrate`; a newer one was migrated by a newer
/// server, which `migrate` cannot undo, so this server wants upgrading.
enum SchemaVersionCheck {
    /// Throws unless `version` is `expected`; `database` names it (`control.sqlite`, `the database`).
    ///
    /// - Throws: ``ServerDataError`` `cannotOpen` (the schema is not one this server can use:
    ///   a fact to show, not a fault to hide) naming both versions and what to do.
    static func check(_ database: String, version: Int, expected: Int) throws {
        if version < expected {
            throw ServerDataError(
                .cannotOpen, "\(database) has schema version \(version), this server expects \(expected); run strata-server migrate")
        }
        if version > expected {
            throw ServerDataError(
                .cannotOpen,
                "\(database) has schema version \(version), newer than this server's \(expected): a newer strata-server "
                    + "migrated it; upgrade this server (migrate cannot go back)")
        }
    }
}
