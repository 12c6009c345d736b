#!/usr/bin/env bash
# The official MCP inspector's CLI (`@modelcontextprotocol/inspector --cli`, pinned) against
# `rgmem serve`, over stdio and streamable HTTP: the tools and their annotations, remember →
# recall → correct → recall without the retired fact → undo. The inspector comes from the npm
# registry into target/mcp-inspector; with no registry (or no npm) the check is SKIPPED, loudly.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=2.12.0
PREFIX=target/mcp-inspector
skip() {
    echo "SKIPPED: the MCP inspector check did not run: $*" >&2
    exit 0
}

command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || skip "node and npm are not installed"
if [ ! -x "$PREFIX/node_modules/.bin/mcp-inspector" ]; then
    timeout 60 npm view "@modelcontextprotocol/inspector@$VERSION" version >/dev/null 2>&1 ||
        skip "the npm registry ($(npm config get registry)) is unreachable"
    mkdir -p "$PREFIX"
    timeout 300 npm install --prefix "$PREFIX" --no-audit --no-fund --silent \
        "@modelcontextprotocol/inspector@$VERSION" >/dev/null
fi
INSPECTOR="$PREFIX/node_modules/.bin/mcp-inspector"

cargo build --quiet
RGMEM="$PWD/target/debug/rgmem"
WORK=$(mktemp -d)
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
DB="$WORK/m.db"

# inspect ARGS…: one inspector call against a stdio server on $DB; prints its JSON.
inspect() {
    timeout 120 "$INSPECTOR" --cli "$RGMEM" --db "$DB" serve --person Kim "$@"
}
# check JSON JS-EXPRESSION MESSAGE: fails with MESSAGE unless the expression over `r` is true.
check() {
    node -e '
        const r = JSON.parse(process.argv[1]);
        const ok = (new Function("r", "return (" + process.argv[2] + ");"))(r);
        if (!ok) { console.error("FAILED: " + process.argv[3] + "\n" + process.argv[1].slice(0, 2000)); process.exit(1); }
    ' "$1" "$2" "$3"
}

tools=$(inspect --method tools/list --strict)
check "$tools" '["remember","recall","profile","history","correct"].every(n => r.tools.some(t => t.name === n))' "the five tools are listed"
check "$tools" 'r.tools.find(t => t.name === "recall").annotations.readOnlyHint === true' "recall is read-only"
check "$tools" 'r.tools.find(t => t.name === "correct").annotations.destructiveHint === true' "correct is destructive"

turns='[{"speaker":"user","text":"I am Kim. I work as a baker at a small bakery in Porto.","time":"2024-05-02T08:00:00Z"},{"speaker":"assistant","text":"Early mornings then!","time":"2024-05-02T08:01:00Z"},{"speaker":"user","text":"Yes, and I swim in the sea every morning before my shift.","time":"2024-05-02T08:02:00Z"}]'
stored=$(inspect --method tools/call --tool-name remember --tool-arg "turns=$turns")
check "$stored" 'r.structuredContent.turns_stored === 3 && r.structuredContent.new_facts.length > 0' "remember stores the turns"

recall() { inspect --method tools/call --tool-name recall --tool-arg "question=Where does Kim work as a baker?"; }
before=$(recall)
check "$before" 'r.structuredContent.items.some(i => i.layer === "fact" && i.text.includes("bakery in Porto"))' "recall finds the fact"
fact=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.structuredContent.items.find(i => i.layer === "fact" && i.text.includes("bakery in Porto")).item)' "$before")

corrected=$(inspect --method tools/call --tool-name correct --tool-arg "item=$fact" "reason=Kim moved; the bakery is in Lisbon now")
check "$corrected" 'r.structuredContent.status === "retired" && r.structuredContent.correction === "k0"' "correct retires $fact"

after=$(recall)
check "$after" '!JSON.stringify(r.structuredContent.items).includes("bakery in Porto")' "the retired fact never returns in recall"

missing=$(inspect --method tools/call --tool-name correct --tool-arg item=e999 reason=nothing 2>&1 || true)
case "$missing" in *"no fact e999"*) ;; *) echo "FAILED: a missing item gets a clear error: $missing" >&2; exit 1 ;; esac

undone=$(inspect --method tools/call --tool-name undo_correction --tool-arg correction=k0)
check "$undone" 'r.structuredContent.undone === "k0"' "undo_correction takes it back"
check "$(recall)" 'JSON.stringify(r.structuredContent.items).includes("bakery in Porto")' "after the undo the fact is back"

# Streamable HTTP on 127.0.0.1: the server prints where it listens.
"$RGMEM" --db "$DB" serve --http 0 2>"$WORK/http.log" &
SERVER=$!
for _ in $(seq 1 100); do
    grep -q "http://127.0.0.1:" "$WORK/http.log" 2>/dev/null && break
    sleep 0.1
done
url=$(grep -o 'http://127.0.0.1:[0-9]*/mcp' "$WORK/http.log" || true)
[ -n "$url" ] || { echo "FAILED: serve --http printed no address: $(cat "$WORK/http.log")" >&2; exit 1; }
overhttp=$(timeout 120 "$INSPECTOR" --cli "$url" --transport http --method tools/call --tool-name profile)
check "$overhttp" 'r.structuredContent.name === "Kim"' "profile over streamable HTTP"

echo "MCP inspector $VERSION against rgmem serve (stdio and streamable HTTP): ok"
