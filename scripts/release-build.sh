#!/usr/bin/env bash
# Builds the named products (default: all) with the flags of `make release` (RELEASE_FLAGS
# in the Makefile), into .build/release: every benchmark measures the binaries that are
# released, and no two scripts rebuild .build/release with different flags in turn.
#   bash scripts/release-build.sh locate locate-bench
set -euo pipefail
cd "$(dirname "$0")/.."
make -s --no-print-directory static-cxx
read -r -a flags <<<"$(make -s --no-print-directory --eval='print-release-flags: ; @echo $(RELEASE_FLAGS)' print-release-flags)"
if [ "$#" -eq 0 ]; then
  swift build "${flags[@]}" >&2
else
  for product in "$@"; do swift build "${flags[@]}" --product "$product" >&2; done
fi
