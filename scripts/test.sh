#!/usr/bin/env bash
# The whole test suite, fail-fast: `npm test` runs this, and so does CI (.ci/run).
#
#   setup → rustfmt → clippy (native, and wasm32 for crates/web) → cargo test → fuzz crate's tests
#   → servers on PostgreSQL (crates/server/tests/cluster.rs) → no_std wasm check
#   → web build (scripts/build-web.sh) → type check of www/ (tsc) → browser tests (tests/e2e/)
#   → summary
#
# BAROQUE_SKIP_WEB=1 runs the engine and CLI stages only; BAROQUE_SKIP_BROWSER=1 skips only the
# browser tests. By default everything runs. CARGO_TARGET_DIR is respected.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$(pwd)"

# node_modules/.bin first: its wasm-opt (npm binaryen) is newer than Debian's (npm run adds it too).
export PATH="$(pwd)/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

skip_web="${BAROQUE_SKIP_WEB:-0}"
skip_browser="${BAROQUE_SKIP_BROWSER:-0}"
[ "$skip_web" = 1 ] && skip_browser=1

logdir="$(mktemp -d "${TMPDIR:-/tmp}/baroque-test.XXXXXX")"
log="$logdir/output.log"
: >"$log"

stage_names=()
stage_times=()
stage_notes=()
current=""
current_start=0
suite_start=$SECONDS

begin() {
  current="$1"
  current_start=$SECONDS
  printf '\n==> [%d] %s\n' "$((${#stage_names[@]} + 1))" "$current"
}
end() {
  stage_names+=("$current")
  stage_times+=("$((SECONDS - current_start))")
  stage_notes+=("${1:-ok}")
  current=""
}
skip() {
  printf 'SKIPPED: %s\n' "$*"
  end "skipped: $*"
}
# Run a command, echoing its output and keeping a copy to count test results.
run() {
  printf '$ %s\n' "$*"
  "$@" 2>&1 | tee -a "$log"
}

print_table() {
  local i
  printf '\n==> summary (%ds in all)\n' "$((SECONDS - suite_start))"
  for i in "${!stage_names[@]}"; do
    printf '  %-48s %5ss  %s\n' "${stage_names[$i]}" "${stage_times[$i]}" "${stage_notes[$i]}"
  done
}
on_exit() {
  local status=$?
  if [ "$status" != 0 ]; then
    if [ -n "$current" ]; then
      stage_names+=("$current")
      stage_times+=("$((SECONDS - current_start))")
      stage_notes+=("FAILED (exit $status)")
    fi
    print_table
    printf '\ntest.sh: FAILED in stage "%s" (exit status %d)\n' "${current:-?}" "$status"
  fi
  rm -rf "$logdir"
  exit "$status"
}
trap on_exit EXIT

# ------------------------------------------------------------------------------------------------
begin "setup (scripts/setup.sh)"
bash scripts/setup.sh
end

begin "rustfmt"
run cargo fmt --all -- --check
end

begin "clippy (native, all targets)"
run cargo clippy --workspace --all-targets -- -D warnings
end

begin "clippy (crates/web on wasm32-unknown-unknown)"
run cargo clippy -p baroque-web --target wasm32-unknown-unknown --all-targets -- -D warnings
end

begin "cargo test --workspace"
run cargo test --workspace
end

# The fuzz crate is not a workspace member; its tests run the fuzz targets' logic (the engine's
# shared invariant checks) on a small seed corpus on stable Rust: a few seconds, since
# --no-default-features leaves out libFuzzer's C++ runtime, which only the targets need.
begin "fuzz targets on stable (cargo test --manifest-path fuzz/Cargo.toml)"
run cargo fmt --manifest-path fuzz/Cargo.toml -- --check
run cargo test --manifest-path fuzz/Cargo.toml --no-default-features
end

# Several game servers on one PostgreSQL, behind nginx (issue 25). Debian's postgresql and nginx
# are installed if missing, as setup.sh installs Chromium; each test starts its own throwaway
# cluster on 127.0.0.1 in a temporary directory (scripts/pg.sh) and stops it. Skipped, with the
# reason, only when they cannot be installed.
begin "servers on PostgreSQL and nginx (cargo test --test cluster -- --ignored)"
pg_missing=""
have_pg=0; have_nginx=0
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && have_pg=1
{ command -v nginx || [ -x /usr/sbin/nginx ]; } >/dev/null 2>&1 && have_nginx=1
if [ "$have_pg" = 0 ] || [ "$have_nginx" = 0 ]; then
  echo "installing Debian's postgresql and nginx (apt-get)"
  if ! { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
      postgresql nginx-light; } >"$logdir/apt.log" 2>&1; then
    pg_missing="apt-get could not install postgresql and nginx-light ($(tail -1 "$logdir/apt.log"))"
  fi
fi
if [ -n "$pg_missing" ]; then
  skip "$pg_missing"
else
  run cargo test -p baroque-server --test cluster -- --ignored
  end
fi

begin "no_std engine builds for wasm32-unknown-unknown"
run cargo check -p baroque-engine --target wasm32-unknown-unknown
end

begin "web build (scripts/build-web.sh)"
if [ "$skip_web" = 1 ]; then
  skip "BAROQUE_SKIP_WEB=1"
elif [ ! -f scripts/build-web.sh ]; then
  skip "scripts/build-web.sh does not exist yet"
else
  run bash scripts/build-web.sh
  end
fi

# The page's scripts against the bindings' types (www/pkg/baroque_web.d.ts, written by the web
# build) and the seam's JSDoc types (www/engine/types.js): a wrong field name fails here.
begin "type check of the page's scripts (tsc --checkJs, tsconfig.json)"
if [ "$skip_web" = 1 ]; then
  skip "BAROQUE_SKIP_WEB=1"
else
  run node_modules/.bin/tsc -p tsconfig.json
  # The page's core (www/game, www/engine, www/pages) to stricter rules: noUnusedLocals, noImplicitAny.
  run node scripts/typecheck-strict.mjs
  end
fi

begin "browser tests (node --test tests/e2e/)"
if [ "$skip_browser" = 1 ]; then
  skip "BAROQUE_SKIP_WEB=1 or BAROQUE_SKIP_BROWSER=1"
elif [ ! -d tests/e2e ]; then
  skip "tests/e2e/ does not exist yet"
else
  # Node 20's runner only picks up *.test.mjs-style names from a folder; list every test file so
  # that *.spec.mjs files run too (helpers without .test/.spec in their name are not run).
  mapfile -t e2e_files < <(find tests/e2e -type f \( -name '*.spec.mjs' -o -name '*.spec.js' \
    -o -name '*.test.mjs' -o -name '*.test.js' -o -name '*.spec.cjs' -o -name '*.test.cjs' \) | sort)
  if [ "${#e2e_files[@]}" = 0 ]; then
    echo "error: tests/e2e/ exists but holds no *.spec.mjs or *.test.mjs file" >&2
    false
  fi
  if [ ! -f scripts/build-web.sh ] || [ ! -d www/pkg ]; then
    echo "error: the browser tests need the web build (scripts/build-web.sh → www/pkg)" >&2
    false
  fi
  run node --test "${e2e_files[@]}"
  end
fi

# ------------------------------------------------------------------------------------------------
# Count results from cargo ("test result: ok. N passed; M failed; K ignored") and node's runner
# ("# pass N" / "ℹ pass N").
read -r passed failed skipped < <(awk '
  /^test result:/ {
    for (i = 1; i <= NF; i++) {
      if ($(i+1) ~ /^passed/) p += $i
      if ($(i+1) ~ /^failed/) f += $i
      if ($(i+1) ~ /^ignored/) s += $i
    }
  }
  /^(# |ℹ )pass [0-9]+$/ { p += $NF }
  /^(# |ℹ )fail [0-9]+$/ { f += $NF }
  /^(# |ℹ )skipped [0-9]+$/ { s += $NF }
  END { printf "%d %d %d\n", p, f, s }
' "$log")

if [ "$failed" != 0 ]; then
  current="test results ($failed failed)"
  current_start=$SECONDS
  exit 1
fi
print_table
printf '\n%s passed, %s failed, %s skipped\n' "$passed" "$failed" "$skipped"
