#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests: a cluster in a temp directory, on a free
# localhost port, trusted local connections only. Prints the URL the tests read as
# RGMEM_TEST_POSTGRES (`export RGMEM_TEST_POSTGRES=$(scripts/postgres/start.sh)`); `stop.sh`
# with the same directory ends it. initdb refuses to run as root, so as root the cluster is run
# by the `postgres` user (created where missing). PostgreSQL is installed with apt where missing.
set -euo pipefail
dir="${RGMEM_PG_DIR:-/tmp/rgmem-pg}"

bindir=""
for d in /usr/local/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bindir="$d"; break; fi
done
if [ -z "$bindir" ]; then
    { apt-get update -qq && apt-get install -y -qq postgresql; } >&2
    for d in /usr/lib/postgresql/*/bin; do
        if [ -x "$d/initdb" ]; then bindir="$d"; break; fi
    done
fi
if [ -z "$bindir" ]; then
    echo "no initdb/pg_ctl found, and apt could not install postgresql" >&2
    exit 1
fi

as_owner=()
if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    as_owner=(runuser -u postgres --)
fi

# A free port: the kernel picks one for a socket bound to port 0.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

rm -rf "$dir"
mkdir -p "$dir"
[ "${#as_owner[@]}" = 0 ] || chown postgres "$dir"
"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U rgmem --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >&2 \
    || { cat "$dir/server.log" >&2; exit 1; }
echo "$bindir" >"$dir/bindir"
echo "postgres://rgmem@127.0.0.1:$port/postgres"
