#!/usr/bin/env bash
# `npm start`: install what is missing, build the release CLI and the web page, then serve the game.
# Arguments are passed to scripts/serve.mjs (e.g. `npm start -- --port 9000`).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# node_modules/.bin first: its wasm-opt (npm binaryen) is newer than Debian's (npm run adds it too).
export PATH="$(pwd)/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf '==> %s\n' "$*" >&2; }

say "checking tools (scripts/setup.sh)"
# Chromium is only needed by the tests.
BAROQUE_SKIP_BROWSER=1 bash scripts/setup.sh

say "building the CLI (cargo build --release -p baroque-cli → ${CARGO_TARGET_DIR:-target}/release/baroque)"
cargo build --release -p baroque-cli

say "building the web page (scripts/build-web.sh)"
bash scripts/build-web.sh

say "serving the game (scripts/serve.mjs; Ctrl-C stops it)"
exec node scripts/serve.mjs "$@"
