// Nettle's SHA-256 (nettle-dev). Linked from its static archive on Linux (Package.swift,
// Digests' linkerSettings): no shared library to load and bind at every start of locate.
#include <nettle/sha2.h>
#include <nettle/version.h>

/// Writes the 32 digest bytes and resets the context. Nettle 4 dropped the length argument
/// of its digest functions (always the whole digest); Debian 12 has 3.8.
static inline void locate_sha256_digest(struct sha256_ctx *context, uint8_t *digest) {
#if NETTLE_VERSION_MAJOR >= 4
    nettle_sha256_digest(context, digest);
#else
    nettle_sha256_digest(context, SHA256_DIGEST_SIZE, digest);
#endif
}
