#!/usr/bin/env bash
# Regenerates docs/cli.md from the real `--help` texts of every command (built tests needed:
# `make build-tests`). The test CLIReferenceTests fails when docs/cli.md is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_CLI_DOC=1 swift test --skip-build --filter CLIReferenceTests
