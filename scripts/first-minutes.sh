#!/usr/bin/env bash
# A newcomer's first minutes, on a fresh clone of this checkout's HEAD: `npm ci && npm start` reaches a healthy
# server whose terminal shows the address and the demo logins; with --test, `npm ci && npm test` passes too.
# Prints how long each command took and its last lines. Used by .ci/run.
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pidfile="$work/start.pid"
cleanup() {
  [ -s "$pidfile" ] && kill -TERM -- "-$(cat "$pidfile")" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "primeiros minutos: $*"; exit 1; }
elapsed() { echo $(($(date +%s) - $1)); }

git clone -q "$src" "$work/balcao" || fail "git clone falhou"
cd "$work/balcao" || exit 1

t=$(date +%s)
npm ci --no-audit --no-fund >"$work/ci.log" 2>&1 || { tail -n 20 "$work/ci.log"; fail "npm ci falhou"; }
# A clean install has nothing to say: no dependency's engine unmet, no install script left undecided.
if grep -E "EBADENGINE|install-scripts" "$work/ci.log"; then fail "npm ci avisou (engine ou install scripts)"; fi
echo "npm ci: $(elapsed "$t") s"

port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
t=$(date +%s)
# Under a pseudo-terminal, as a person runs it: the readable lines, not JSON. The embedded default, no servers.
(
  unset DATABASE_URL REDIS_URL LOG_FORMAT
  PORT=$port DATA_DIR="$work/data" setsid script -qefc "npm start" "$work/start.out" >/dev/null 2>&1 &
  echo $! >"$pidfile"
)
healthy=""
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/backend/health" >/dev/null 2>&1; then healthy=yes; break; fi
  sleep 1
done
[ -n "$healthy" ] || { tail -n 20 "$work/start.out"; fail "npm start não ficou saudável em 300 s"; }
echo "npm start: saudável em $(elapsed "$t") s (build incluído); últimas linhas:"
# The banner is written right after listening; give the terminal a moment to flush it.
for _ in $(seq 1 20); do grep -q 'senha balcao-demo' "$work/start.out" && break; sleep 0.5; done
out=$(sed 's/\x1b\[[0-9;]*m//g; s/\r//g' "$work/start.out")
echo "$out" | grep -v '^Script ' | tail -n 4 | sed 's/^/  /'
echo "$out" | grep -q "http://localhost:$port" || fail "o terminal não mostra o endereço http://localhost:$port"
echo "$out" | grep -q 'master@demo.local' || fail "o terminal não mostra os logins de demonstração"
echo "$out" | grep -q '"level":' && fail "o terminal mostra JSON em vez de linhas legíveis"
kill -TERM -- "-$(cat "$pidfile")" 2>/dev/null
: >"$pidfile"

if [ "${1:-}" = "--test" ]; then
  t=$(date +%s)
  npm test >"$work/test.log" 2>&1
  rc=$?
  echo "npm test: $(elapsed "$t") s, código $rc; última linha: $(tail -n 1 "$work/test.log")"
  [ "$rc" -eq 0 ] || fail "npm test falhou"
fi
echo "ok: primeiros minutos"
