#!/usr/bin/env bash
# Stops the server `start.sh` started (same RGMEM_PG_DIR) and removes its directory.
set -euo pipefail
dir="${RGMEM_PG_DIR:-/tmp/rgmem-pg}"
[ -f "$dir/bindir" ] || exit 0
bindir=$(cat "$dir/bindir")
as_owner=()
[ "$(id -u)" = 0 ] && as_owner=(runuser -u postgres --)
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
rm -rf "$dir"
