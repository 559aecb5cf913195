// The system SQLite (Debian's libsqlite3-dev), wrapped for Swift.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: it tells SQLite to copy bound data.
static inline sqlite3_destructor_type strata_sqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}
