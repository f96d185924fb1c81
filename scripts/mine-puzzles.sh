#!/usr/bin/env bash
# Mines puzzles from self-play for every game (crates/cli/examples/mine_puzzles.rs explains how
# a position qualifies and how it is verified) and appends them to tests/data/mined-<game>.txt.
# It is slow by design and runs under `nice`; an interrupted run resumes where its file stops
# (give a new SEED to look at new games).
#   bash scripts/mine-puzzles.sh [COUNT] [SEED] [GAMES...]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-60}"
seed="${2:-1}"
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(ultima omega hybrid)
nice -n 19 cargo build --release -q -p baroque-cli --example mine_puzzles
pids=()
for g in "${games[@]}"; do
  nice -n 19 target/release/examples/mine_puzzles "$g" "$count" "$seed" "tests/data/mined-$g.txt" \
    > "target/mine-$g.log" 2>&1 &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
for g in "${games[@]}"; do
  echo "$g: $(grep -vc '^#' "tests/data/mined-$g.txt") puzzles in tests/data/mined-$g.txt"
done
exit $status
