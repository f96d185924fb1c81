#!/usr/bin/env bash
# A throwaway PostgreSQL for tests and benchmarks: its own cluster in a temporary directory,
# listening on 127.0.0.1 at a free port, stopped and deleted by `stop`.
#
#   bash scripts/pg.sh start DIR   # initdb in DIR (created if missing), start, print the URL
#   bash scripts/pg.sh url DIR     # print the URL of the cluster running in DIR
#   bash scripts/pg.sh restart DIR # stop the cluster (fast: connections are cut) and start it again
#   bash scripts/pg.sh stop DIR    # stop the cluster and delete DIR
#
# The URL is postgres://postgres@127.0.0.1:PORT/postgres (trust authentication on loopback: a
# throwaway cluster, never a deployment). PostgreSQL refuses to run as root, so as root the
# cluster runs as the `postgres` user (Debian's package creates it). Installs Debian's
# `postgresql` when initdb is missing (scripts/setup.sh does the same for `npm test`).
set -euo pipefail

cmd="${1:-}"
dir="${2:-}"
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: pg.sh start|url|restart|stop DIR" >&2; exit 2; }

bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return; }
  done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return; }
  return 1
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

run_pg() {
  local bin="$1" dir="$2"
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null \
    || { cat "$dir/postgres.log" >&2; exit 1; }
}

case "$cmd" in
start)
  bin="$(bindir || true)"
  if [ -z "$bin" ]; then
    echo "pg.sh: installing Debian's postgresql (apt-get)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq postgresql >&2
    bin="$(bindir)"
  fi
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
    || node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
  as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # fsync off: a throwaway cluster; max_connections raised for multi-instance load runs.
  echo "$port" >"$dir/port"
  run_pg "$bin" "$dir"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
  ;;
restart)
  bin="$(bindir)"
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  run_pg "$bin" "$dir"
  ;;
url)
  echo "postgres://postgres@127.0.0.1:$(cat "$dir/port")/postgres"
  ;;
stop)
  bin="$(bindir)"
  [ -d "$dir/data" ] && as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: pg.sh start|url|restart|stop DIR" >&2
  exit 2
  ;;
esac
