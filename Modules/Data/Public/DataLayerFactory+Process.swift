import CSQLite

extension DataLayerFactory {
    /// How many bytes of one statement's journal stay in memory (``prepareProcess()``): 120 KiB.
    ///
    /// Not more: when a statement's journal outgrows it, SQLite moves what it holds to a file
    /// in one write of this many bytes, and its Unix file layer writes at most 128 KiB − 1 in one
    /// call (`seekAndWriteFd` masks the length with `0x1ffff`), so a larger setting turned every
    /// statement whose journal outgrew it into `SQLITE_FULL`, "database or disk is full", on a
    /// disk with room: 4 MiB failed the lifespan purge of 20,000 objects and dropping a large
    /// index (`strata-bench-scale --paths purge --sizes 20000`).
    public static let statementJournalInMemory = 120 << 10

    /// Prepares this process's SQLite for the store; call it first in `main`, before any task
    /// or thread opens a store or a database.
    ///
    /// Every write statement inside a transaction (a save, a pulled object's upsert) keeps the
    /// pages it changes in a statement journal, so it can be undone alone. SQLite keeps 64 KiB
    /// of it in memory and moves the rest to a deleted file in `/var/tmp`, and one insert into
    /// a type with several indexes passes 64 KiB: a sync of 5,000 objects made 160,000 writes
    /// there. This keeps up to ``statementJournalInMemory`` (120 KiB) in memory, so a statement
    /// that changes a few rows writes no file, while one that changes a whole large table (a
    /// `deleteAll`, a purge) still spills and takes no more memory than that.
    ///
    /// SQLite takes this setting only before its first use in the process (its configuration is
    /// the library's, not a connection's). Returns whether it took it: `false`, and nothing
    /// changed, once anything in the process used SQLite (a test binary, whose tests run at once).
    @discardableResult
    public static func prepareProcess() -> Bool {
        strata_sqlite_statement_journal_spill(Int32(statementJournalInMemory)) == SQLITE_OK
    }
}
