#!/usr/bin/env python3
"""Independent reference move generator for the Chess-Ultima Hybrid.

Written only from /work/shared/rules/hybrid.md (sections cited in comments), without
reading the engine's Rust code.  Plain Python 3.11, standard library only.

Usage:
  hybrid_ref.py perft DEPTH [--fen FEN] [--divide] [--moves M...]
  hybrid_ref.py moves [--fen FEN] [--moves M...]
"""
import argparse

START_FEN = "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1"
FILES = "abcdefghij"
SIZE = 10
DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = DIRS8[:4]
DIAG = DIRS8[4:]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
CAMEL = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
VKNIGHT = [(1, 2), (-1, 2), (1, -2), (-1, -2)]  # §7.7 +Q: (±1 file, ±2 ranks) only

PLAIN = set("KQRBNPACILWOUZD")
PROMOTED = set("QCARNBH")

# Piece representation: a string, 'K' or '+N' etc.; the case of the last letter gives
# the colour (upper = White).  kind() is the upper-case form ('+N', 'K', ...).


def on_board(f, r):
    return 0 <= f < SIZE and 0 <= r < SIZE


def sqname(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def parse_square(text):
    f = FILES.index(text[0])
    r = int(text[1:]) - 1
    if not on_board(f, r):
        raise ValueError("bad square " + text)
    return (f, r)


def colour(p):
    return "w" if p[-1].isupper() else "b"


def kind(p):
    return p.upper()


def make_piece(k, c):
    return k if c == "w" else k.lower()


def other(side):
    return "b" if side == "w" else "w"


def neighbours(sq):
    f, r = sq
    for df, dr in DIRS8:
        if on_board(f + df, r + dr):
            yield (f + df, r + dr)


def in_enemy_camp(sq, c):
    # §1: White's enemy camp is ranks 8-10, Black's ranks 1-3
    return sq[1] >= 7 if c == "w" else sq[1] <= 2


# castling data §7.2: right -> (king from, king to, rook from, rook to, must be empty, king crosses)
def S(n):
    return parse_square(n)


CASTLING = {
    "K": (S("f2"), S("i2"), S("j2"), S("h2"), [S("g2"), S("h2"), S("i2")], [S("g2"), S("h2"), S("i2")]),
    "Q": (S("f2"), S("c2"), S("a2"), S("d2"), [S("b2"), S("c2"), S("d2"), S("e2")], [S("e2"), S("d2"), S("c2")]),
    "k": (S("f9"), S("i9"), S("j9"), S("h9"), [S("g9"), S("h9"), S("i9")], [S("g9"), S("h9"), S("i9")]),
    "q": (S("f9"), S("c9"), S("a9"), S("d9"), [S("b9"), S("c9"), S("d9"), S("e9")], [S("e9"), S("d9"), S("c9")]),
}
RIGHT_SQUARES = {"K": (S("f2"), S("j2")), "Q": (S("f2"), S("a2")), "k": (S("f9"), S("j9")), "q": (S("f9"), S("a9"))}


class Position:
    def __init__(self, board, side, castling, ep):
        self.board = board        # dict (file, rank) -> piece string
        self.side = side          # 'w' / 'b'
        self.castling = castling  # str subset of KQkq
        self.ep = ep              # square passed over by the last two-step, or None

    @staticmethod
    def from_fen(fen):
        fields = fen.split()
        rows = fields[0].split("/")
        if len(rows) != SIZE:
            raise ValueError("FEN needs 10 ranks")
        board = {}
        for i, row in enumerate(rows):
            r = SIZE - 1 - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    n = int(row[j:k])
                    if not 1 <= n <= 10:
                        raise ValueError("bad empty count")
                    f += n
                    j = k
                    continue
                if ch == "+":
                    if j + 1 >= len(row) or row[j + 1].upper() not in PROMOTED:
                        raise ValueError("bad promoted piece")
                    board[(f, r)] = "+" + row[j + 1]
                    j += 2
                else:
                    if ch.upper() not in PLAIN:
                        raise ValueError("bad piece " + ch)
                    board[(f, r)] = ch
                    j += 1
                f += 1
            if f != SIZE:
                raise ValueError("rank %d does not total 10" % (r + 1))
        side = fields[1] if len(fields) > 1 else "w"
        castling = fields[2] if len(fields) > 2 and fields[2] != "-" else ""
        ep = parse_square(fields[3]) if len(fields) > 3 and fields[3] != "-" else None
        return Position(board, side, castling, ep)


def find_king(board, c):
    target = make_piece("K", c)
    for sq, p in board.items():
        if p == target:
            return sq
    return None


# ---------------------------------------------------------------- §6 freezing

def is_frozen(board, sq):
    p = board[sq]
    if kind(p) == "D":
        return False
    c = colour(p)
    for n in neighbours(sq):
        q = board.get(n)
        if q is not None and colour(q) != c and kind(q) == "I":
            return True
    return False


# ---------------------------------------------------------------- §7 piece moves
# Each generator yields (to, victims, promotion_choice) where promotion_choice is
# None for everything except pawn promotions ('r','n','b','z').

def disp_slides(board, s, c, dirs, limit=SIZE):
    out = []
    for d in dirs:
        f, r = s
        for _ in range(limit):
            f += d[0]
            r += d[1]
            if not on_board(f, r):
                break
            q = board.get((f, r))
            if q is None:
                out.append(((f, r), []))
                continue
            if colour(q) != c:
                out.append(((f, r), [(f, r)]))
            break
    return out


def disp_leaps(board, s, c, offsets):
    out = []
    for df, dr in offsets:
        t = (s[0] + df, s[1] + dr)
        if not on_board(*t):
            continue
        q = board.get(t)
        if q is None:
            out.append((t, []))
        elif colour(q) != c:
            out.append((t, [t]))
    return out


def empty_slides(board, s, d):
    f, r = s
    out = []
    while True:
        f += d[0]
        r += d[1]
        if not on_board(f, r) or (f, r) in board:
            return out
        out.append((f, r))


def chess_moves(board, s, p, c, k):
    if k == "K":
        return disp_slides(board, s, c, DIRS8, 1)
    if k == "Q":
        return disp_slides(board, s, c, DIRS8)
    if k == "R":
        return disp_slides(board, s, c, ORTH)
    if k == "B":
        return disp_slides(board, s, c, DIAG)
    if k == "N":
        return disp_leaps(board, s, c, KNIGHT)
    if k == "A":
        return disp_slides(board, s, c, DIAG) + disp_leaps(board, s, c, KNIGHT)
    if k == "C":
        return disp_slides(board, s, c, ORTH) + disp_leaps(board, s, c, KNIGHT)
    if k == "D":
        return disp_slides(board, s, c, DIAG, 3)  # §7.6
    if k == "+Q":
        return disp_slides(board, s, c, DIRS8) + disp_leaps(board, s, c, VKNIGHT)
    if k == "+C":
        return disp_slides(board, s, c, ORTH) + disp_leaps(board, s, c, KNIGHT) + disp_slides(board, s, c, DIAG, 1)
    if k == "+A":
        return disp_slides(board, s, c, DIAG) + disp_leaps(board, s, c, KNIGHT) + disp_slides(board, s, c, ORTH, 1)
    if k == "+R":
        return disp_slides(board, s, c, ORTH) + disp_slides(board, s, c, DIAG, 1)
    if k == "+N":
        return disp_leaps(board, s, c, KNIGHT) + disp_leaps(board, s, c, CAMEL)
    if k in ("+B", "+H"):
        return disp_slides(board, s, c, DIAG) + disp_slides(board, s, c, ORTH, 1)
    raise AssertionError(k)


def cannon_moves(board, s, c):
    """§7.5."""
    out = []
    for d in ORTH:
        f, r = s
        screen = False
        while True:
            f += d[0]
            r += d[1]
            if not on_board(f, r):
                break
            q = board.get((f, r))
            if q is None:
                out.append(((f, r), []))  # before the screen, or a hop after it
                continue
            if not screen:
                screen = True
                continue
            if colour(q) != c:
                out.append(((f, r), [(f, r)]))
            break
    return out


def pawn_moves(board, s, c, ep):
    """§7.4.  Returns (to, victims, choice) triples."""
    out = []
    fwd = 1 if c == "w" else -1
    start_rank = 2 if c == "w" else 7
    raw = []
    t = (s[0], s[1] + fwd)
    if on_board(*t) and t not in board:
        raw.append((t, []))
        t2 = (s[0], s[1] + 2 * fwd)
        if s[1] == start_rank and on_board(*t2) and t2 not in board:
            raw.append((t2, []))
    for df in (-1, 1):
        t = (s[0] + df, s[1] + fwd)
        if not on_board(*t):
            continue
        q = board.get(t)
        if q is not None and colour(q) != c:
            raw.append((t, [t]))
        elif q is None and ep is not None and t == ep:
            victim = (t[0], s[1])
            v = board.get(victim)
            if v is not None and colour(v) != c and kind(v) == "P":
                raw.append((t, [victim]))
    for t, v in raw:
        if in_enemy_camp(t, c):
            for ch in "rnbz":
                out.append((t, v, ch))
        else:
            out.append((t, v, None))
    return out


def ultima_moves(board, s, p, c, k):
    """§7.8 (I, L, W, O, U)."""
    out = []
    if k == "L":
        for d in DIRS8:
            f, r = s
            victims = []
            while True:
                f += d[0]
                r += d[1]
                if not on_board(f, r):
                    break
                q = board.get((f, r))
                if q is None:
                    out.append(((f, r), list(victims)))
                    continue
                if colour(q) != c:
                    nf, nr = f + d[0], r + d[1]
                    if on_board(nf, nr) and (nf, nr) not in board:
                        victims.append((f, r))
                        continue
                break
        return out
    own_king = find_king(board, c) if k == "O" else None
    for d in DIRS8:
        back = (s[0] - d[0], s[1] - d[1])
        qb = board.get(back)
        withdraw = [back] if (qb is not None and colour(qb) != c) else []
        for t in empty_slides(board, s, d):
            if k == "I":
                out.append((t, []))
            elif k == "W":
                out.append((t, list(withdraw)))
            elif k == "U":
                v = list(withdraw)
                ahead = (t[0] + d[0], t[1] + d[1])
                qa = board.get(ahead)
                if qa is not None and colour(qa) != c:
                    v.append(ahead)
                out.append((t, v))
            elif k == "O":
                v = []
                if own_king is not None and t[0] != own_king[0] and t[1] != own_king[1]:
                    # (own King's file, T's rank), then (T's file, own King's rank)
                    for sq in ((own_king[0], t[1]), (t[0], own_king[1])):
                        q = board.get(sq)
                        if q is not None and colour(q) != c:
                            v.append(sq)
                out.append((t, v))
            else:
                raise AssertionError(k)
    return out


def piece_targets(board, s, ep):
    """All (to, victims, choice) of the non-frozen piece on s, castling excluded."""
    p = board[s]
    c = colour(p)
    k = kind(p)
    if k == "P":
        return pawn_moves(board, s, c, ep)
    if k == "Z":
        return [(t, v, None) for t, v in cannon_moves(board, s, c)]
    if k in ("I", "L", "W", "O", "U"):
        return [(t, v, None) for t, v in ultima_moves(board, s, p, c, k)]
    return [(t, v, None) for t, v in chess_moves(board, s, p, c, k)]


# ---------------------------------------------------------------- moves

class Move:
    __slots__ = ("frm", "to", "victims", "choice", "castle", "suicide")

    def __init__(self, frm, to, victims, choice=None, castle=None, suicide=False):
        self.frm = frm
        self.to = to
        self.victims = victims
        self.choice = choice
        self.castle = castle
        self.suicide = suicide

    def text(self):
        return sqname(self.frm) + sqname(self.to) + (self.choice or "")


def pseudo_moves(pos):
    board = pos.board
    c = pos.side
    moves = []
    for s in list(board):
        p = board[s]
        if colour(p) != c:
            continue
        if is_frozen(board, s):
            if kind(p) != "K":  # §6 suicide (Dogs are never frozen)
                moves.append(Move(s, s, [s], suicide=True))
            continue
        for t, v, ch in piece_targets(board, s, pos.ep):
            moves.append(Move(s, t, v, ch))
    return moves


def make(pos, mv):
    """Play mv in full (§9.1): captures, promotion, Dog release, castling Rook."""
    board = dict(pos.board)
    c = pos.side
    if mv.suicide:
        del board[mv.frm]
        newep = None
    else:
        p = board.pop(mv.frm)
        for v in mv.victims:
            board.pop(v, None)
        k = kind(p)
        newp = p
        if k == "P" and mv.choice:
            newp = make_piece(mv.choice.upper(), c)          # §7.4: unpromoted
        elif k in ("Q", "C", "A", "R", "N", "B") and in_enemy_camp(mv.to, c):
            newp = make_piece("+" + k[-1], c)               # §8.2 forced promotion
        elif k == "+B":
            newp = make_piece("+H", c)                      # §8.3 Dog release
            board[mv.frm] = make_piece("D", c)
        board[mv.to] = newp
        if mv.castle:
            _, _, rf, rt, _, _ = CASTLING[mv.castle]
            board[rt] = board.pop(rf)
        newep = None
        if k == "P" and abs(mv.to[1] - mv.frm[1]) == 2:
            newep = (mv.frm[0], (mv.frm[1] + mv.to[1]) // 2)
    touched = {mv.frm, mv.to, *mv.victims}
    castling = "".join(r for r in pos.castling if not (set(RIGHT_SQUARES[r]) & touched))
    return Position(board, other(c), castling, newep)


def king_in_check(board, c):
    """§9.1: the opponent would have a pseudo-legal move that removes c's King
    (suicides and castling ignored; en passant never takes a King)."""
    ksq = find_king(board, c)
    if ksq is None:
        return False
    opp = other(c)
    for s in list(board):
        p = board[s]
        if colour(p) != opp or is_frozen(board, s):
            continue
        for t, v, ch in piece_targets(board, s, None):
            if ksq in v:
                return True
    return False


def castling_moves(pos):
    """§7.2."""
    out = []
    board = pos.board
    c = pos.side
    for right in pos.castling:
        if (right.isupper()) != (c == "w"):
            continue
        kf, kt, rf, rt, empty, crosses = CASTLING[right]
        if board.get(kf) != make_piece("K", c) or board.get(rf) != make_piece("R", c):
            continue
        if any(sq in board for sq in empty):
            continue
        if is_frozen(board, kf) or is_frozen(board, rf):
            continue
        if king_in_check(board, c):
            continue
        ok = True
        for sq in crosses:
            b2 = dict(board)
            b2[sq] = b2.pop(kf)
            if king_in_check(b2, c):
                ok = False
                break
        if ok:
            out.append(Move(kf, kt, [], castle=right))
    return out


def legal_moves(pos):
    moves = pseudo_moves(pos) + castling_moves(pos)
    return [mv for mv in moves if not king_in_check(make(pos, mv).board, pos.side)]


def play_text(pos, text):
    text = text.strip().replace("-", "").replace("x", "")
    for mv in legal_moves(pos):
        if mv.text() == text:
            return make(pos, mv)
    raise ValueError("illegal move " + text)


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, mv), depth - 1) for mv in moves)


def divide(pos, depth):
    return {mv.text(): perft(make(pos, mv), depth - 1) for mv in legal_moves(pos)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["perft", "moves"])
    ap.add_argument("depth", nargs="?", type=int, default=1)
    ap.add_argument("--fen", default=START_FEN)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--variant", default="hybrid")
    ap.add_argument("--option", action="append", default=[])
    a = ap.parse_args(argv)
    if a.option:
        raise SystemExit("error: the hybrid has no rule options (§11)")
    pos = Position.from_fen(a.fen)
    for m in a.moves:
        pos = play_text(pos, m)
    if a.command == "moves":
        for mv in sorted(legal_moves(pos), key=Move.text):
            print(mv.text(), ",".join(sqname(v) for v in mv.victims))
        return
    if a.divide:
        d = divide(pos, a.depth)
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print("Nodes searched: %d" % sum(d.values()))
    else:
        print("Nodes searched: %d" % perft(pos, a.depth))


if __name__ == "__main__":
    main()
