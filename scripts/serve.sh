#!/usr/bin/env bash
# Runs baroque-server with the house bots beside it (issue 36; `npm start` runs this after its
# build, scripts/start.sh). Arguments go to the server; its URL is the first line of output.
#
# House bots (docs/online.md "Playing the computer online"): one bot account per level in
# BAROQUE_HOUSE_BOTS (default 2,4,6; empty: none), each a `baroque bot` process beside the server,
# never inside it. `baroque-server house-bots` makes the accounts (or keeps them) and writes fresh
# tokens to $BAROQUE_DATA/house-bots.tokens (mode 0600; the old tokens stop working). Each bot has
# a supervisor that starts it again when it ends; Ctrl-C or SIGTERM stops the bots and the server.
#
# BAROQUE_HOUSE_BOT_SEEKS: games (like omega,ultima) each bot keeps an open seek for in the
# lobby while it has room (`baroque bot --seek`; default none: players challenge them from "Play
# the computer online"), on the clock BAROQUE_HOUSE_BOT_SEEK_CLOCK (default 5+3).
# BAROQUE_BIN: the folder of baroque-server and baroque (default target/release);
# BAROQUE_DATA: the folder of the tokens and the bots' logs (default data).
set -euo pipefail

say() { printf '==> %s\n' "$*" >&2; }

bin="${BAROQUE_BIN:-target/release}"
data="${BAROQUE_DATA:-data}"
server="$bin/baroque-server"
for arg in "$@"; do
  case "$arg" in -h|--help) exec "$server" "$@" ;; esac
done
levels="${BAROQUE_HOUSE_BOTS-2,4,6}"
seek_args=()
if [ -n "${BAROQUE_HOUSE_BOT_SEEKS:-}" ]; then
  seek_args=(--seek "$BAROQUE_HOUSE_BOT_SEEKS" --seek-clock "${BAROQUE_HOUSE_BOT_SEEK_CLOCK:-5+3}")
fi
if [ -z "$levels" ]; then
  say "serving the game ($server; Ctrl-C stops it)"
  exec "$server" "$@"
fi
db="sqlite://data/baroque.sqlite"
host=""
prev=""
for arg in "$@"; do
  case "$prev" in --db) db="$arg" ;; --host) host="$arg" ;; esac
  case "$arg" in --db=*) db="${arg#--db=}" ;; --host=*) host="${arg#--host=}" ;; esac
  prev="$arg"
done
mkdir -p "$data"
tokens="$data/house-bots.tokens"
"$server" house-bots --db "$db" --levels "$levels" --out "$tokens" >&2

say "serving the game ($server) with house bots at levels $levels (logs: $data/baroque-level-N.log; Ctrl-C stops all)"
fifo="$(mktemp -u)"
mkfifo "$fifo"
"$server" "$@" >"$fifo" &
server_pid=$!
exec 3<"$fifo"
rm -f "$fifo"
if ! IFS= read -r url <&3; then
  wait "$server_pid"
  exit $?
fi
printf '%s
' "$url"
cat <&3 &

# The bots reach the server where it listens (an address given by --host, else 127.0.0.1).
case "$host" in
  "" | 0.0.0.0 | "::" | localhost) bot_host="127.0.0.1" ;;
  *:*) bot_host="[$host]" ;;
  *) bot_host="$host" ;;
esac
port="${url##*:}"
port="${port%%/*}"
bot_url="http://$bot_host:$port"

# One supervisor per bot: runs it, and runs it again when it ends (a crash, a server gone at
# its start), after a pause that grows while it keeps failing; the token goes by the
# environment, never on a command line.
supervise() {
  local level="$1" name="$2" child="" pause=1 started
  export BAROQUE_TOKEN="$3"
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait; exit 0' INT TERM
  while kill -0 "$server_pid" 2>/dev/null; do
    started=$SECONDS
    "$bin/baroque" bot --server "$bot_url" --level "$level" --concurrency 4 \
      --clocks live --max-base 1800 --max-increment 60 ${seek_args[@]+"${seek_args[@]}"} \
      >>"$data/$name.log" 2>&1 &
    child=$!
    wait "$child" || true
    child=""
    if (( SECONDS - started > 30 )); then pause=1; else pause=$(( pause < 30 ? pause * 2 : 30 )); fi
    sleep "$pause" & wait $! || true
  done
}

supervisors=()
stop() {
  trap - INT TERM EXIT
  kill "${supervisors[@]}" "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT
while read -r level name token; do
  case "$level" in "" | "#"*) continue ;; esac
  supervise "$level" "$name" "$token" &
  supervisors+=("$!")
done <"$tokens"
status=0
wait "$server_pid" || status=$?
exit "$status"
