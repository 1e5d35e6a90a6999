#!/usr/bin/env bash
# The module table of docs/architecture.md's issue-38 note: per module of Sources/, its Swift
# lines, files and public declarations (lines starting with `public` or `open`, after
# indentation). `scripts/module-table.sh [REV]` reads the tree of git revision REV instead
# of the working tree (e.g. to compare before and after a refactor).
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-}"
list() {
    if [ -n "$rev" ]; then git ls-tree -r --name-only "$rev" -- Sources; else git ls-files -co --exclude-standard Sources; fi
}
show() { if [ -n "$rev" ]; then git show "$rev:$1"; else cat "$1"; fi; }
printf '| module | lines | files | public API |\n|---|---:|---:|---:|\n'
total_lines=0
for module in $(list | awk -F/ 'NF>2{print $2}' | sort -u); do
    lines=0 files=0 api=0
    while IFS= read -r f; do
        text="$(show "$f")"
        lines=$((lines + $(printf '%s\n' "$text" | wc -l)))
        api=$((api + $(printf '%s\n' "$text" | grep -cE '^\s*(public|open) ' || true)))
        files=$((files + 1))
    done < <(list | grep -E "^Sources/$module/.*\.swift$" || true)
    [ "$files" -eq 0 ] && continue
    total_lines=$((total_lines + lines))
    printf '| %s | %d | %d | %d |\n' "$module" "$lines" "$files" "$api"
done
printf '| (all) | %d | | |\n' "$total_lines"
