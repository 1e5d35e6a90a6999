// Routino's routing library (Debian: libroutino-dev): walking and wheelchair routes over a
// street network built by planetsplitter. Only Routing imports this module, internally; the
// library keeps process-wide state (Routino_errno, the parsed profiles), so Routing calls it
// under one lock (Sources/Routing/RoutinoLock.swift).
#include <routino.h>

/// Routino_errno, read through a function: Swift 6 refuses a C global variable (Routing reads
/// it under its lock, right after the call that set it).
static inline int croutino_errno(void) { return Routino_errno; }
