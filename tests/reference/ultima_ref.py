#!/usr/bin/env python3
"""Independent reference move generator for Ultima (Baroque Chess).

Written only from /work/shared/rules/ultima.md (sections cited in comments), without
reading the engine's Rust code.  Plain Python 3.11, standard library only.

Usage:
  ultima_ref.py perft DEPTH [--fen FEN] [--option k=v]... [--divide] [--moves M...]
  ultima_ref.py moves [--fen FEN] [--option k=v]... [--moves M...]
"""
import argparse

START_FEN = "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1"
FILES = "abcdefgh"
SIZE = 8
DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = DIRS8[:4]

DEFAULT_OPTIONS = {
    "win": "checkmate",        # checkmate | capture          (§7.2 / §7.3)
    "stalemate": "loss",       # loss | draw (no effect on move generation)
    "immobilizer": "classic",  # classic | pure               (§6.1 / §6.2)
    "suicide": "on",           # on | off                     (§6.3)
    "chameleon": "combined",   # combined | pure              (§5.7)
    "leaper": "multi",         # multi | single               (§5.3)
}
OPTION_VALUES = {
    "win": ("checkmate", "capture"),
    "stalemate": ("loss", "draw"),
    "immobilizer": ("classic", "pure"),
    "suicide": ("on", "off"),
    "chameleon": ("combined", "pure"),
    "leaper": ("multi", "single"),
}


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
    return "w" if p.isupper() else "b"


def kind(p):
    return p.upper()


def neighbours(sq):
    f, r = sq
    for df, dr in DIRS8:
        if on_board(f + df, r + dr):
            yield (f + df, r + dr)


class Position:
    def __init__(self, board, side):
        self.board = board  # dict (file, rank) -> piece letter; absent = empty
        self.side = side    # 'w' or 'b'

    @staticmethod
    def from_fen(fen):
        fields = fen.split()
        rows = fields[0].split("/")
        if len(rows) != SIZE:
            raise ValueError("FEN needs 8 ranks")
        board = {}
        for i, row in enumerate(rows):
            r = SIZE - 1 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    if ch.upper() not in "KPLWCIX":
                        raise ValueError("bad piece " + ch)
                    board[(f, r)] = ch
                    f += 1
            if f != SIZE:
                raise ValueError("rank %d does not total 8" % (r + 1))
        side = fields[1] if len(fields) > 1 else "w"
        return Position(board, side)

    def king(self, side):
        target = "K" if side == "w" else "k"
        for sq, p in self.board.items():
            if p == target:
                return sq
        return None


def other(side):
    return "b" if side == "w" else "w"


# ---------------------------------------------------------------- §6 freezing

def is_frozen(board, sq, opts):
    p = board[sq]
    c = colour(p)
    if opts["immobilizer"] == "classic":
        # §6.1: (a) an enemy Immobilizer next to it, or (b) it is an Immobilizer
        # and an enemy Chameleon stands next to it.
        for n in neighbours(sq):
            q = board.get(n)
            if q is None or colour(q) == c:
                continue
            if kind(q) == "I":
                return True
            if kind(p) == "I" and kind(q) == "X":
                return True
        return False
    # §6.2 pure: (a) it is an immobiliser adjacent to an enemy chameleon; (b) it is
    # adjacent to an enemy immobiliser next to which is no friendly chameleon or
    # immobiliser other than X (placement only; frozen neutralisers count).
    for n in neighbours(sq):
        q = board.get(n)
        if q is None or colour(q) == c:
            continue
        if kind(p) == "I" and kind(q) == "X":
            return True
        if kind(q) == "I":
            neutralised = False
            for m in neighbours(n):
                if m == sq:
                    continue
                z = board.get(m)
                if z is not None and colour(z) == c and kind(z) in "XI":
                    neutralised = True
                    break
            if not neutralised:
                return True
    return False


# ---------------------------------------------------------------- §5 pieces

def slide_targets(board, s, d):
    """Empty squares reached by sliding from s in direction d (§4 'slide')."""
    f, r = s
    out = []
    while True:
        f += d[0]
        r += d[1]
        if not on_board(f, r) or (f, r) in board:
            return out
        out.append((f, r))


def leaper_walk(board, s, d, c, may_jump, single):
    """§5.3 walk.  Returns list of (destination, victims jumped before it)."""
    out = []
    victims = []
    f, r = s
    while True:
        f += d[0]
        r += d[1]
        if not on_board(f, r):
            break
        q = board.get((f, r))
        if q is None:
            out.append(((f, r), list(victims)))
            continue
        if colour(q) != c and may_jump(q) and not (single and victims):
            nf, nr = f + d[0], r + d[1]
            if on_board(nf, nr) and (nf, nr) not in board:
                victims.append((f, r))
                continue  # the walk goes on from the empty square beyond
        break  # friendly piece, blocked enemy, or (leaper=single) second piece
    return out


def after_get(board, s, t, p):
    """Placement after the move, before any victim is removed (G2): the mover stands
    on t and s is empty.  Returns a lookup function (avoids copying the board)."""
    def get(sq):
        if sq == t:
            return p
        if sq == s:
            return None
        return board.get(sq)
    return get


def pincer_victims(get, t, c, pawns_only):
    """§5.2 (and the Chameleon's pawn row of §5.7), judged on the placement `get`
    after the move: an adjacent enemy with a friendly piece directly beyond."""
    victims = []
    for df, dr in ORTH:
        a = (t[0] + df, t[1] + dr)
        b = (t[0] + 2 * df, t[1] + 2 * dr)
        if not on_board(*b):
            continue
        qa = get(a)
        if qa is None or colour(qa) == c:
            continue
        if pawns_only and kind(qa) != "P":
            continue
        qb = get(b)
        if qb is not None and colour(qb) == c:
            victims.append(a)
    return victims


def coordinator_victims(get, t, c, king_sq, coordinators_only):
    """§5.5: enemy pieces on (fT, rK) and (fK, rT)."""
    if king_sq is None:
        return []
    victims = []
    for sq in ((t[0], king_sq[1]), (king_sq[0], t[1])):
        if sq == t or sq == king_sq:
            continue
        q = get(sq)
        if q is not None and colour(q) != c and (not coordinators_only or kind(q) == "C"):
            if sq not in victims:
                victims.append(sq)
    return victims


def piece_moves(board, s, opts, target=None):
    """Pseudo-legal moves of the (non-frozen) piece on s: list of (s, t, victims).
    If `target` is given (check test), victims are only guaranteed to be complete
    as far as `target` is concerned: a Pawn's pincer victims are orthogonal
    neighbours of its destination, so other destinations are not examined."""
    p = board[s]
    c = colour(p)
    k = kind(p)
    moves = []
    if k == "K":
        # §5.1 one step, onto an empty square or an enemy piece
        for t in neighbours(s):
            q = board.get(t)
            if q is None:
                moves.append((s, t, []))
            elif colour(q) != c:
                moves.append((s, t, [t]))
        return moves
    if k == "L":
        for d in DIRS8:
            for t, v in leaper_walk(board, s, d, c, lambda q: True, opts["leaper"] == "single"):
                moves.append((s, t, v))
        return moves
    if k == "X":
        return chameleon_moves(board, s, c, opts)
    dirs = ORTH if k == "P" else DIRS8
    own_king = None
    if k == "C":
        own_king = find_king(board, c)
    for d in dirs:
        for t in slide_targets(board, s, d):
            if k == "I":
                moves.append((s, t, []))
                continue
            if k == "P" and target is not None and abs(t[0] - target[0]) + abs(t[1] - target[1]) != 1:
                moves.append((s, t, []))
                continue
            after = after_get(board, s, t, p)
            if k == "P":
                v = pincer_victims(after, t, c, False)
            elif k == "W":
                back = (s[0] - d[0], s[1] - d[1])
                q = board.get(back)
                v = [back] if (q is not None and colour(q) != c) else []
            elif k == "C":
                v = coordinator_victims(after, t, c, own_king, False)
            else:
                raise AssertionError(k)
            moves.append((s, t, v))
    return moves


def find_king(board, c):
    target = "K" if c == "w" else "k"
    for sq, p in board.items():
        if p == target:
            return sq
    return None


def chameleon_moves(board, s, c, opts):
    """§5.7."""
    moves = []
    own_king = find_king(board, c)
    single = opts["leaper"] == "single"
    pure = opts["chameleon"] == "pure"
    p = board[s]
    for d in DIRS8:
        orth = d in ORTH
        back = (s[0] - d[0], s[1] - d[1])
        qb = board.get(back)
        withdraw = [back] if (qb is not None and colour(qb) != c and kind(qb) == "W") else []
        for t, leaped in leaper_walk(board, s, d, c, lambda q: kind(q) == "L", single):
            if pure and leaped:
                moves.append((s, t, list(leaped)))
                continue
            after = after_get(board, s, t, p)
            v = list(leaped) + withdraw
            if orth:
                v += pincer_victims(after, t, c, True)
            v += coordinator_victims(after, t, c, own_king, True)
            moves.append((s, t, dedupe(v)))
        # King-taking step onto an adjacent enemy King, combined with the other rows
        t = (s[0] + d[0], s[1] + d[1])
        q = board.get(t)
        if q is not None and colour(q) != c and kind(q) == "K":
            after = after_get(board, s, t, p)
            v = [t] + withdraw
            if orth:
                v += pincer_victims(after, t, c, True)
            v += coordinator_victims(after, t, c, own_king, True)
            moves.append((s, t, dedupe(v)))
    return moves


def dedupe(v):
    out = []
    for x in v:
        if x not in out:
            out.append(x)
    return out


# ---------------------------------------------------------------- move lists

def pseudo_moves(board, side, opts, include_suicide=True):
    moves = []
    for s in list(board):
        p = board[s]
        if colour(p) != side:
            continue
        if is_frozen(board, s, opts):
            # §6.3 suicide of a frozen non-King piece
            if include_suicide and opts["suicide"] == "on" and kind(p) != "K":
                moves.append((s, s, [s]))
            continue
        moves.extend(piece_moves(board, s, opts))
    return moves


def make(board, mv):
    s, t, victims = mv
    after = dict(board)
    p = after.pop(s)
    for v in victims:
        after.pop(v, None)
    if s != t:
        after[t] = p
    return after


def king_capturable(board, side, opts):
    """§7.1: would the opponent of `side` have a pseudo-legal move capturing side's King?"""
    ksq = find_king(board, side)
    if ksq is None:
        return False
    opp = other(side)
    for s in list(board):
        p = board[s]
        if colour(p) != opp or is_frozen(board, s, opts):
            continue
        for _, _, v in piece_moves(board, s, opts, ksq):
            if ksq in v:
                return True
    return False


def legal_moves(pos, opts):
    board = pos.board
    if find_king(board, "w") is None or find_king(board, "b") is None:
        return []  # §7.3/§7.5: a position without one of the Kings has no moves
    moves = pseudo_moves(board, pos.side, opts)
    if opts["win"] == "capture":
        return moves
    return [mv for mv in moves if not king_capturable(make(board, mv), pos.side, opts)]


def move_text(mv):
    return sqname(mv[0]) + sqname(mv[1])


def play(pos, mv):
    return Position(make(pos.board, mv), other(pos.side))


def play_text(pos, text, opts):
    text = text.strip().replace("-", "").replace("x", "")
    for mv in legal_moves(pos, opts):
        if move_text(mv) == text:
            return play(pos, mv)
    raise ValueError("illegal move " + text)


def perft(pos, depth, opts):
    if depth == 0:
        return 1
    moves = legal_moves(pos, opts)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, mv), depth - 1, opts) for mv in moves)


def divide(pos, depth, opts):
    return {move_text(mv): perft(play(pos, mv), depth - 1, opts) for mv in legal_moves(pos, opts)}


def captures_sorted(mv):
    # §9: sorted by file then rank = plain string order of the names
    return sorted((sqname(v) for v in mv[2]), key=lambda n: (n[0], int(n[1:])))


def parse_options(pairs):
    opts = dict(DEFAULT_OPTIONS)
    for kv in pairs or []:
        k, _, v = kv.partition("=")
        if k not in OPTION_VALUES or v not in OPTION_VALUES[k]:
            raise ValueError("bad option " + kv)
        opts[k] = v
    return opts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["perft", "moves"])
    ap.add_argument("depth", nargs="?", type=int, default=1)
    ap.add_argument("--fen", default=START_FEN)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--moves", nargs="*", default=[])
    ap.add_argument("--variant", default="ultima")
    a = ap.parse_args(argv)
    opts = parse_options(a.option)
    pos = Position.from_fen(a.fen)
    for m in a.moves:
        pos = play_text(pos, m, opts)
    if a.command == "moves":
        for mv in sorted(legal_moves(pos, opts), key=move_text):
            print(move_text(mv), ",".join(captures_sorted(mv)))
        return
    if a.divide:
        d = divide(pos, a.depth, opts)
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print("Nodes searched: %d" % sum(d.values()))
    else:
        print("Nodes searched: %d" % perft(pos, a.depth, opts))


if __name__ == "__main__":
    main()
