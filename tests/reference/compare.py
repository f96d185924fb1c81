#!/usr/bin/env python3
"""Cross-check the engine's move generation against the independent Python references.

For every position of positions.txt (and optionally random positions reached by seeded
random legal play), compare
  * perft --divide at each depth up to the listed one; on a difference, descend with
    --moves into the first differing root move until the exact position and move are found;
  * the set of captured squares of every legal move (`baroque moves` vs the reference).

Usage:
  compare.py [--engine PATH] [--positions FILE] [--max-depth N] [--random N] [--seed S]
             [--random-depth D] [--variant ultima|hybrid] [--skip-list]
Exit status 1 if any difference was found.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hybrid_ref  # noqa: E402
import ultima_ref  # noqa: E402

DEFAULT_ENGINE = os.environ.get("BAROQUE", "/work/target-verifier/release/baroque")
LINE = re.compile(r"^(\S+): (\d+)$")


class Case:
    def __init__(self, variant, depth, fen, options, why, lineno):
        self.variant = variant
        self.depth = depth
        self.fen = fen
        self.options = options
        self.why = why
        self.lineno = lineno


def read_positions(path):
    cases = []
    why = []
    for n, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line:
            why = []
            continue
        if line.startswith("#"):
            why.append(line.lstrip("# "))
            continue
        toks = line.split()
        variant, depth = toks[0], int(toks[1])
        opts = [t for t in toks[2:] if "=" in t]
        fen_toks = [t for t in toks[2:] if "=" not in t]
        fen = " ".join(fen_toks) if fen_toks and fen_toks[0] != "start" else None
        cases.append(Case(variant, depth, fen, opts, " ".join(why), n))
        why = []
    return cases


# ------------------------------------------------------------------ engine side

def engine_cmd(engine, sub, variant, fen, opts, moves, depth=None):
    cmd = [engine, sub]
    if depth is not None:
        cmd.append(str(depth))
    cmd += ["--variant", variant]
    if fen:
        cmd += ["--fen", fen]
    for o in opts:
        cmd += ["--option", o]
    if sub == "perft":
        cmd.append("--divide")
    if moves:
        cmd += ["--moves"] + list(moves)
    return cmd


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("engine failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr.strip()))
    return p.stdout


def engine_divide(engine, variant, fen, opts, moves, depth):
    out = run(engine_cmd(engine, "perft", variant, fen, opts, moves, depth))
    d = {}
    total = None
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
            continue
        m = LINE.match(line.strip())
        if m:
            d[m.group(1)] = int(m.group(2))
    return d, total


def engine_moves(engine, variant, fen, opts, moves, fields=False):
    out = run(engine_cmd(engine, "moves", variant, fen, opts, moves))
    res = {}
    for line in out.splitlines():
        line = line.strip()
        if line:
            j = json.loads(line)
            if fields:
                res[j["move"]] = (j["promotion"], j["suicide"])
            else:
                res[j["move"]] = tuple(j["captures"])  # in the engine's order
    return res


# ------------------------------------------------------------------ reference side

def ref_position(variant, fen, opts, moves):
    if variant == "ultima":
        o = ultima_ref.parse_options(opts)
        pos = ultima_ref.Position.from_fen(fen or ultima_ref.START_FEN)
        for m in moves:
            pos = ultima_ref.play_text(pos, m, o)
        return pos, o
    pos = hybrid_ref.Position.from_fen(fen or hybrid_ref.START_FEN)
    for m in moves:
        pos = hybrid_ref.play_text(pos, m)
    return pos, None


def ref_divide(variant, fen, opts, moves, depth):
    pos, o = ref_position(variant, fen, opts, moves)
    if variant == "ultima":
        return ultima_ref.divide(pos, depth, o)
    return hybrid_ref.divide(pos, depth)


def ref_moves(variant, fen, opts, moves):
    pos, o = ref_position(variant, fen, opts, moves)
    # in the order the rule book prescribes for the JSON `captures` field
    if variant == "ultima":
        return {ultima_ref.move_text(mv): tuple(ultima_ref.captures_sorted(mv))
                for mv in ultima_ref.legal_moves(pos, o)}
    return {mv.text(): tuple(hybrid_ref.sqname(v) for v in mv.victims)
            for mv in hybrid_ref.legal_moves(pos)}


def ref_fields(variant, fen, opts, moves):
    """`promotion` and `suicide` JSON fields as the rule book defines them."""
    pos, o = ref_position(variant, fen, opts, moves)
    if variant == "ultima":
        # ultima.md §9: promotion is always null; suicide only for a suicide
        return {ultima_ref.move_text(mv): (None, mv[0] == mv[1]) for mv in ultima_ref.legal_moves(pos, o)}
    res = {}
    for mv in hybrid_ref.legal_moves(pos):
        p = pos.board[mv.frm]
        k = hybrid_ref.kind(p)
        promo = None
        if mv.choice:
            promo = mv.choice                                   # hybrid.md §10: "r" "n" "b" "z"
        elif not mv.suicide and k in ("Q", "C", "A", "R", "N", "B") and hybrid_ref.in_enemy_camp(mv.to, pos.side):
            promo = "+" + k.lower()                             # forced: "+q" ... "+b"
        res[mv.text()] = (promo, mv.suicide)
    return res


def compare_fields(engine, variant, fen, opts, moves, rep):
    e = engine_moves(engine, variant, fen, opts, moves, fields=True)
    r = ref_fields(variant, fen, opts, moves)
    ok = True
    for m in sorted(set(e) & set(r)):
        if e[m] != r[m]:
            rep.diff("%s: move %s (promotion, suicide) engine=%s rule book=%s" % (
                describe(variant, fen, opts, moves), m, e[m], r[m]))
            ok = False
    return ok


def ref_random_line(variant, fen, opts, plies, rng):
    """Random legal play from fen with the reference; returns the move list."""
    pos, o = ref_position(variant, fen, opts, [])
    line = []
    for _ in range(plies):
        if variant == "ultima":
            ms = ultima_ref.legal_moves(pos, o)
            if not ms:
                break
            mv = rng.choice(ms)
            line.append(ultima_ref.move_text(mv))
            pos = ultima_ref.play(pos, mv)
        else:
            ms = hybrid_ref.legal_moves(pos)
            if not ms:
                break
            mv = rng.choice(ms)
            line.append(mv.text())
            pos = hybrid_ref.make(pos, mv)
    return line


# ------------------------------------------------------------------ comparison

class Reporter:
    def __init__(self):
        self.diffs = []

    def diff(self, text):
        self.diffs.append(text)
        print("DIFF " + text, flush=True)


def describe(variant, fen, opts, moves):
    s = "%s fen=%r" % (variant, fen or "start")
    if opts:
        s += " options=" + " ".join(opts)
    if moves:
        s += " moves=" + " ".join(moves)
    return s


def compare_captures(engine, variant, fen, opts, moves, rep):
    e = engine_moves(engine, variant, fen, opts, moves)
    r = ref_moves(variant, fen, opts, moves)
    where = describe(variant, fen, opts, moves)
    ok = True
    for m in sorted(set(e) - set(r)):
        rep.diff("%s: move %s (captures %s) only in ENGINE" % (where, m, list(e[m])))
        ok = False
    for m in sorted(set(r) - set(e)):
        rep.diff("%s: move %s (captures %s) only in REFERENCE" % (where, m, list(r[m])))
        ok = False
    for m in sorted(set(e) & set(r)):
        if sorted(e[m]) != sorted(r[m]):
            rep.diff("%s: move %s captures engine=%s reference=%s" % (where, m, list(e[m]), list(r[m])))
            ok = False
        elif e[m] != r[m]:
            # same set, different order: the order is part of the JSON contract
            # (ultima.md §9: sorted by file then rank; hybrid.md §10: the table's order)
            rep.diff("%s: move %s captures ORDER engine=%s rule-book order=%s" % (where, m, list(e[m]), list(r[m])))
            ok = False
    return ok


def compare_perft(engine, variant, fen, opts, moves, depth, rep, descend=True):
    """Returns (agreed, total)."""
    e, etotal = engine_divide(engine, variant, fen, opts, moves, depth)
    r = ref_divide(variant, fen, opts, moves, depth)
    rtotal = sum(r.values())
    if e == r and etotal == rtotal:
        return True, rtotal
    where = describe(variant, fen, opts, moves)
    rep.diff("%s: perft(%d) engine=%s reference=%d" % (where, depth, etotal, rtotal))
    only_e = sorted(set(e) - set(r))
    only_r = sorted(set(r) - set(e))
    if only_e or only_r:
        # root move lists differ: the capture comparison shows the moves themselves
        compare_captures(engine, variant, fen, opts, moves, rep)
        return False, rtotal
    if not descend:
        return False, rtotal
    for m in sorted(e):
        if e[m] != r[m]:
            rep.diff("%s: after %s: engine=%d reference=%d -> descending" % (where, m, e[m], r[m]))
            if depth > 1:
                compare_perft(engine, variant, fen, opts, moves + [m], depth - 1, rep)
            break
    return False, rtotal


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=DEFAULT_ENGINE)
    ap.add_argument("--positions", default=os.path.join(HERE, "positions.txt"))
    ap.add_argument("--max-depth", type=int, default=99, help="cap on the depth listed per position")
    ap.add_argument("--variant", choices=["ultima", "hybrid"], default=None)
    ap.add_argument("--skip-list", action="store_true", help="skip positions.txt")
    ap.add_argument("--random", type=int, default=0, help="random positions per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-depth", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=60)
    ap.add_argument("--min-plies", type=int, default=4)
    ap.add_argument("--listed-fraction", type=float, default=0.3,
                    help="share of random games that start from a listed position instead of a start array")
    args = ap.parse_args()
    rep = Reporter()
    t0 = time.time()
    checked = 0
    if not args.skip_list:
        for case in read_positions(args.positions):
            if args.variant and case.variant != args.variant:
                continue
            t = time.time()
            counts = []
            try:
                ok = compare_captures(args.engine, case.variant, case.fen, case.options, [], rep)
                ok = compare_fields(args.engine, case.variant, case.fen, case.options, [], rep) and ok
                for d in range(1, min(case.depth, args.max_depth) + 1):
                    agreed, total = compare_perft(args.engine, case.variant, case.fen, case.options, [], d, rep)
                    ok = ok and agreed
                    counts.append(str(total))
                    if not agreed:
                        break
            except Exception as exc:  # an engine error or a reference exception is a finding too
                rep.diff("%s: ERROR %s" % (describe(case.variant, case.fen, case.options, []), exc))
                ok = False
            checked += 1
            print("%s line %d %s %s [%s] perft %s (%.1fs)%s" % (
                "ok  " if ok else "FAIL", case.lineno, case.variant, case.fen or "start",
                " ".join(case.options), ",".join(counts), time.time() - t,
                "  # " + case.why if case.why else ""), flush=True)
    if args.random:
        rng = random.Random(args.seed)
        ultima_option_sets = [[], ["immobilizer=pure", "suicide=off"], ["win=capture"],
                              ["chameleon=pure", "leaper=single"], ["immobilizer=pure"],
                              ["suicide=off", "stalemate=draw"]]
        for variant in ("ultima", "hybrid"):
            if args.variant and variant != args.variant:
                continue
            for i in range(args.random):
                t = time.time()
                listed = [c for c in read_positions(args.positions) if c.variant == variant and c.fen]
                if rng.random() < args.listed_fraction and listed:
                    # random play from one of the constructed positions, with its options
                    case = rng.choice(listed)
                    fen, opts = case.fen, case.options
                else:
                    opts = rng.choice(ultima_option_sets) if variant == "ultima" else []
                    fen = None
                    if variant == "ultima":
                        # one of the 16 legal start arrays of §2
                        w = rng.choice(["ILXKWXLC", "ILXWKXLC", "CLXKWXLI", "CLXWKXLI"])
                        b = rng.choice(["clxwkxli", "clxkwxli", "ilxwkxlc", "ilxkwxlc"])
                        fen = "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w - - 0 1" % (b, w)
                plies = rng.randint(args.min_plies, args.max_plies)
                line = ref_random_line(variant, fen, opts, plies, rng)
                try:
                    ok = compare_captures(args.engine, variant, fen, opts, line, rep)
                    ok = compare_fields(args.engine, variant, fen, opts, line, rep) and ok
                    for d in range(1, args.random_depth + 1):
                        agreed, total = compare_perft(args.engine, variant, fen, opts, line, d, rep)
                        ok = ok and agreed
                        if not agreed:
                            break
                except Exception as exc:
                    rep.diff("%s: ERROR %s" % (describe(variant, fen, opts, line), exc))
                    ok = False
                checked += 1
                print("%s random %s #%d %s [%s] moves %s (%.1fs)" % (
                    "ok  " if ok else "FAIL", variant, i, fen or "start", " ".join(opts), " ".join(line),
                    time.time() - t), flush=True)
    print("checked %d positions in %.1fs, %d difference lines" % (checked, time.time() - t0, len(rep.diffs)))
    sys.exit(1 if rep.diffs else 0)


if __name__ == "__main__":
    main()
