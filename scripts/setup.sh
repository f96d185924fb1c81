#!/usr/bin/env bash
# Install whatever Baroque's build and tests need and is missing. Idempotent: when everything is
# present it prints one line and changes nothing.
#
#   bash scripts/setup.sh                  everything (default; what `npm test` uses)
#   BAROQUE_SKIP_BROWSER=1 ...             no Chromium (what `npm start` uses)
#   BAROQUE_SKIP_WEB=1 ...                 engine and CLI only: no wasm-bindgen, wasm-pack,
#                                          npm packages or Chromium
#
# Installs: the wasm32-unknown-unknown Rust target, the rustfmt and clippy components,
# wasm-bindgen-cli at the exact version pinned in Cargo.lock, wasm-pack (cargo install), the npm
# dev packages (playwright-core, browser download disabled; binaryen, whose node_modules/.bin/wasm-opt
# is a WebAssembly build shipped inside the package: Debian's binaryen 108 is too old for our
# module), chromium + chromium-driver (apt-get).
# Never lets a tool download its own browser or prebuilt binaries: the npm packages `wasm-pack`
# and `wasm-opt` and playwright's browser download do not work on our machines.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

skip_web="${BAROQUE_SKIP_WEB:-0}"
skip_browser="${BAROQUE_SKIP_BROWSER:-0}"
[ "$skip_web" = 1 ] && skip_browser=1

did=0
say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }
installing() { did=1; say "installing $*"; }

# --- tools that must already exist -----------------------------------------------------------
command -v cargo >/dev/null || die "cargo not found: install Rust (https://rustup.rs) and retry"
command -v rustc >/dev/null || die "rustc not found: install Rust (https://rustup.rs) and retry"
if [ "$skip_web" != 1 ]; then
  command -v node >/dev/null || die "node not found: install Node.js 20 or later and retry"
  command -v npm >/dev/null || die "npm not found: install Node.js 20 (with npm) and retry"
fi

# --- apt-get (root, or sudo when not root) ---------------------------------------------------
apt_updated=0
apt_install() {
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to apt-get install $*"
    sudo=(sudo)
  fi
  command -v apt-get >/dev/null || die "apt-get not found: install $* with your package manager"
  if [ "$apt_updated" = 0 ]; then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
    apt_updated=1
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >&2
}

# --- Rust target and components --------------------------------------------------------------
if [ ! -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
  command -v rustup >/dev/null || die "the wasm32-unknown-unknown target is missing and rustup is not installed"
  installing "the Rust target wasm32-unknown-unknown (rustup)"
  rustup target add wasm32-unknown-unknown >&2
fi
missing_components=()
cargo fmt --version >/dev/null 2>&1 || missing_components+=(rustfmt)
cargo clippy --version >/dev/null 2>&1 || missing_components+=(clippy)
if [ "${#missing_components[@]}" -gt 0 ]; then
  command -v rustup >/dev/null || die "missing ${missing_components[*]} and rustup is not installed"
  installing "the Rust components ${missing_components[*]} (rustup)"
  rustup component add "${missing_components[@]}" >&2
fi

if [ "$skip_web" != 1 ]; then
  # --- wasm-bindgen-cli: exactly the version in Cargo.lock (wasm-pack insists on it) ---------
  wb_version="$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock 2>/dev/null || true)"
  if [ -n "$wb_version" ]; then
    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
    if [ "$have" != "$wb_version" ]; then
      installing "wasm-bindgen-cli $wb_version (found: ${have:-none}; cargo install takes about 6 minutes)"
      cargo install --force wasm-bindgen-cli --version "$wb_version" >&2
    fi
  else
    say "note: Cargo.lock names no wasm-bindgen yet; not installing wasm-bindgen-cli"
  fi

  # --- wasm-pack (from crates.io: the npm package downloads a binary and fails here) ----------
  if ! command -v wasm-pack >/dev/null; then
    installing "wasm-pack (cargo install takes about 7 minutes)"
    cargo install wasm-pack >&2
  fi
fi

if [ "$skip_browser" != 1 ]; then
  # --- Chromium for the browser tests (Debian's build; playwright never downloads one) --------
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    installing "chromium and chromium-driver with apt-get"
    apt_install chromium chromium-driver
  fi
  # A Chinese font, so that the screenshots of the zh-Hans/zh-Hant pages show characters (the
  # tests read text from the DOM and pass without it).
  if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
    installing "a Chinese font (fonts-wqy-microhei) with apt-get"
    apt_install fonts-wqy-microhei
  fi
  # The font `baroque diagram --png` sets its coordinates and captions in (crates/cli/src/diagram.rs).
  if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    installing "DejaVu Sans for baroque diagram --png (fonts-dejavu-core) with apt-get"
    apt_install fonts-dejavu-core
  fi
fi

if [ "$skip_web" != 1 ]; then
  # --- npm dev packages (playwright-core; binaryen for wasm-opt): install when node_modules is
  # missing or differs from package-lock.json --------------------------------------------------
  npm_ok=0
  if [ -d node_modules ]; then
    node -e '
      const fs = require("fs");
      const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
      for (const [path, meta] of Object.entries(lock.packages || {})) {
        if (!path) continue;
        let have;
        try { have = JSON.parse(fs.readFileSync(path + "/package.json", "utf8")).version; }
        catch { process.exit(1); }
        if (have !== meta.version) process.exit(1);
      }
    ' && npm_ok=1
  fi
  if [ "$npm_ok" != 1 ]; then
    installing "npm packages (npm ci)"
    npm ci --no-audit --no-fund --no-update-notifier --loglevel=error >&2
  fi
fi

if [ "$did" = 0 ]; then
  say "all tools present"
fi
