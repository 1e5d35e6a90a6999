#!/usr/bin/env bash
# Builds the named products (default: all) with the flags of `make release` (RELEASE_FLAGS
# in the Makefile), into .build/release: every benchmark measures the binaries that are
# released, and no two scripts rebuild .build/release with different flags in turn. Then
# checks what the flags promise: no release binary needs the shared libstdc++ (a link without
# the linker script of `make static-cxx` would fall back to it silently).
#   bash scripts/release-build.sh locate locate-bench
#   bash scripts/release-build.sh --check      the check alone (`make release` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
check() {
  local bad=0
  for bin in .build/release/locate .build/release/locate-serve .build/release/locate-read \
    .build/release/locate-fetch .build/release/locate-bench; do
    [ -x "$bin" ] || continue
    local dynamic
    dynamic=$(readelf -d "$bin") || { echo "release-build: readelf cannot read $bin (binutils)" >&2; return 1; }
    if grep -q 'NEEDED.*libstdc++' <<<"$dynamic"; then
      echo "release-build: $bin needs the shared libstdc++; RELEASE_FLAGS link it in (make static-cxx)" >&2
      bad=1
    fi
  done
  return $bad
}
if [ "${1:-}" = --check ]; then
  check
  exit
fi
make -s --no-print-directory static-cxx
read -r -a flags <<<"$(make -s --no-print-directory --eval='print-release-flags: ; @echo $(RELEASE_FLAGS)' print-release-flags)"
if [ "$#" -eq 0 ]; then
  swift build "${flags[@]}" >&2
else
  for product in "$@"; do swift build "${flags[@]}" --product "$product" >&2; done
fi
check
