// The only C in locate: SQLite (extension loading), PROJ and GeographicLib's geodesic
// routines as shipped inside PROJ. Only Storage and Geo import this module, internally.
#include <sqlite3.h>
#include <proj.h>
#include <geodesic.h>

/// sqlite3_db_config is variadic, which Swift cannot call: enable C-API extension loading.
static inline int cspatial_enable_load_extension(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int *)0);
}
