#!/usr/bin/env bash
# Builds the web page's WebAssembly package: crates/web → www/pkg (wasm-pack, --target web, no
# bundler). Idempotent; honours CARGO_TARGET_DIR. `--dev` builds without optimisation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

profile=--release
if [ "${1:-}" = "--dev" ]; then
  profile=--dev
fi

if command -v wasm-pack >/dev/null 2>&1; then
  # wasm-pack would download its own wasm-opt: skip its step (--no-opt) and run the installed one.
  wasm-pack build crates/web "$profile" --target web --no-pack --no-opt \
    --out-dir ../../www/pkg --out-name baroque_web --mode no-install
elif command -v wasm-bindgen >/dev/null 2>&1; then
  # What wasm-pack does, by hand: the wasm32 build, then wasm-bindgen's JS glue.
  cargo build -p baroque-web --target wasm32-unknown-unknown "$profile"
  dir=release
  [ "$profile" = --dev ] && dir=debug
  wasm-bindgen "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$dir/baroque_web.wasm" --target web \
    --out-dir www/pkg --out-name baroque_web
else
  echo "error: neither wasm-pack nor wasm-bindgen is installed (see scripts/setup.sh)" >&2
  exit 2
fi

wasm=www/pkg/baroque_web_bg.wasm
# wasm-opt before version 117 corrupts modules that use reference types (wasm-bindgen's externref
# table), so only a recent one is used: the installed one if it is new enough, else the npm
# package `binaryen` when it is in node_modules. Without either the package is about 20% larger.
pick_wasm_opt() {
  if command -v wasm-opt >/dev/null 2>&1; then
    local v
    v="$(wasm-opt --version | grep -oE '[0-9]+' | head -1)"
    if [ "${v:-0}" -ge 117 ]; then
      command -v wasm-opt
      return
    fi
  fi
  if [ -x node_modules/binaryen/bin/wasm-opt ]; then
    echo node_modules/binaryen/bin/wasm-opt
  fi
}
if [ "$profile" = --release ]; then
  opt="$(pick_wasm_opt)"
  if [ -n "$opt" ]; then
    "$opt" -O3 --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-multivalue "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
  else
    echo "note: no wasm-opt of version 117 or later (npm install binaryen provides one); skipped" >&2
  fi
fi

# wasm-pack writes a .gitignore with "*" into the package; the repository ignores www/pkg itself.
rm -f www/pkg/.gitignore www/pkg/package.json www/pkg/README.md
# The page's one runtime library, @fluent/bundle (the message catalogs, www/services/i18n.js), is shipped
# as its own ES modules, copied from node_modules (npm ci installs it) without a bundler.
fluent=node_modules/@fluent/bundle/esm
if [ ! -f "$fluent/index.js" ]; then
  echo "error: $fluent is missing (run npm ci, or scripts/setup.sh)" >&2
  exit 2
fi
rm -rf www/vendor/fluent-bundle
mkdir -p www/vendor/fluent-bundle
cp "$fluent"/*.js www/vendor/fluent-bundle/
# Its type declarations too, for the type check of the page's scripts (tsconfig.json); never loaded.
cp "$fluent"/*.d.ts www/vendor/fluent-bundle/
# The QR code of an online game's invite (www/online/qr.js), uqr (MIT, no dependencies, from
# Project Nayuki's encoder): loaded only when the invite shows, so not in sw.js's list.
uqr=node_modules/uqr/dist
if [ ! -f "$uqr/index.mjs" ]; then
  echo "error: $uqr is missing (run npm ci, or scripts/setup.sh)" >&2
  exit 2
fi
rm -rf www/vendor/uqr
mkdir -p www/vendor/uqr
cp "$uqr/index.mjs" www/vendor/uqr/index.js
cp "$uqr/index.d.mts" www/vendor/uqr/index.d.ts
# The page's modules in folders (www/engine/, …), listed like www/*.js below.
mapfile -t page_modules < <(find www -mindepth 2 -name '*.js' -not -path 'www/pkg/*' -not -path 'www/vendor/*' \
  -not -path 'www/rules/*' | sort)
# sw.js caches for offline play what the offline pages need, and only that (the rule is in
# scripts/offline-set.mjs): a list that misses one of their modules, or names a file that does
# not exist, a server-only page or its modules, stops the build.
node scripts/offline-set.mjs

# The build's id names the service worker's cache (sw.js): a hash of the app shell, so a new
# build (or changed page files) replaces the cache that players have kept for offline use.
build_id="$(cat www/pkg/baroque_web.js www/pkg/baroque_web_bg.wasm index.html manifest.webmanifest www/icons/*.png www/*.js "${page_modules[@]}" www/*.css www/*.html \
  www/i18n/*.ftl www/vendor/fluent-bundle/*.js www/rules/* www/i18n/rules/*.ftl | sha256sum | cut -c1-16)"
printf "// Written by scripts/build-web.sh: names sw.js's cache.\nself.BAROQUE_BUILD = '%s';\n" "$build_id" \
  > www/pkg/build-id.js
ls -l www/pkg/*.wasm | awk '{print "built " $NF " (" $5 " bytes)"}'

# The page's file list and its brotli and gzip copies, made here once rather than per request:
# baroque-server serves exactly the listed files (crates/server/src/page.rs).
node scripts/precompress.mjs
