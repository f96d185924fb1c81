#!/usr/bin/env bash
# `npm start`: install what is missing, build the release CLI, the game server and the web page,
# then run baroque-server, which serves the page and the online games and prints its URL on its
# first line. Arguments are passed to it (e.g. `npm start -- --port 0 --db sqlite://other.sqlite`;
# `npm start -- --help` lists them); the database defaults to data/baroque.sqlite here.
# Beside the server it runs the house bots (BAROQUE_HOUSE_BOTS=2,4,6 by default, empty for
# none): bot accounts made by `baroque-server house-bots`, each a supervised `baroque bot`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# node_modules/.bin first: its wasm-opt (npm binaryen) is newer than Debian's (npm run adds it too).
export PATH="$(pwd)/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf '==> %s\n' "$*" >&2; }

say "checking tools (scripts/setup.sh)"
# Chromium is only needed by the tests.
BAROQUE_SKIP_BROWSER=1 bash scripts/setup.sh

target="${CARGO_TARGET_DIR:-target}"
say "building the CLI and the server (cargo build --release → $target/release/baroque, baroque-server)"
cargo build --release -p baroque-cli -p baroque-server

say "building the web page (scripts/build-web.sh)"
bash scripts/build-web.sh

# The server with its house bots (scripts/serve.sh; BAROQUE_HOUSE_BOTS, default 2,4,6).
export BAROQUE_BIN="$target/release"
exec bash scripts/serve.sh "$@"
