// The only C in locate: SQLite (linked) and PROJ's declarations. PROJ is not linked:
// Geo's ProjLibrary opens it with dlopen when a reprojection is needed, so a query never
// loads it. Only Storage and Geo import this module, internally.
#include <sqlite3.h>
#include <proj.h>

/// sqlite3_db_config is variadic, which Swift cannot call: enable C-API extension loading.
static inline int cspatial_enable_load_extension(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int *)0);
}

/// sqlite3_config is variadic too. Before SQLite's first use in the process: multi-thread
/// mode (GRDB already serialises each connection's use, so SQLite's per-call connection
/// mutex is pure cost), no memory statistics (a global mutex on every allocation) and URI
/// file names (`file:…?immutable=1` reads a database in a read-only folder).
/// Returns SQLITE_MISUSE, changing nothing, when SQLite is already initialised.
static inline int cspatial_configure_sqlite(void) {
    int rc = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (rc == SQLITE_OK) { rc = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
    if (rc == SQLITE_OK) { rc = sqlite3_config(SQLITE_CONFIG_URI, 1); }
    return rc;
}
