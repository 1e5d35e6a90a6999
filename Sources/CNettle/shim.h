// Nettle's SHA-256 (nettle-dev). Linked from its static archive (Package.swift, Digests'
// linkerSettings): no shared library to load and bind at every start of locate.
#include <nettle/sha2.h>
