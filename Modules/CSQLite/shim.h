// The system SQLite (Debian's libsqlite3-dev), wrapped for Swift.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: it tells SQLite to copy bound data.
static inline sqlite3_destructor_type strata_sqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}

// sqlite3_db_config is variadic, which Swift cannot call: keep a connection from checkpointing
// its WAL into the database file when it closes (store recovery never changes a damaged file).
static inline int strata_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// sqlite3_config is variadic too: how many bytes of a statement journal stay in memory before
// SQLite moves it to a temporary file (SQLITE_CONFIG_STMTJRNL_SPILL). Valid only before SQLite's
// first use in the process; SQLITE_MISUSE after.
static inline int strata_sqlite_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
