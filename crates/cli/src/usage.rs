//! The text of `baroque help`.

/// Usage of every command, printed by `baroque help`, `--help` and `-h`.
pub const USAGE: &str = "\
baroque: Ultima (Baroque Chess), Omega Chess and the Chess-Ultima Hybrid

USAGE:
    baroque perft <depth> [SETUP] [--divide] [--moves M...]
    baroque moves [SETUP] [--moves M...]
    baroque status [SETUP] [--moves M...]
    baroque pgn [SETUP] [--tag Name=value]... [--result R] [--moves M...]
    baroque uci
    baroque bench [depth] [--movetime MS] [--hash MB] [--threads N] [--wins FILE]...
                  [--iterations FILE]...
    baroque match [--variant ID|all] [--games N] [--a SPEC] [--b SPEC] ...
    baroque sprt [--variant ID] --nodes N|--movetime MS [--base PATH] [--concurrency N]
                 [--elo0 E] [--elo1 E] [--alpha A] [--beta B] [--model logistic|normalized]
                 [--max-pairs N] [--book FILE] [--a SPEC] [--b SPEC] ...
    baroque datagen [--variant ID|all] [--games N] [--nodes N] [--out FILE] [--seed S]
    baroque diagram --svg|--png [SETUP] [--ply N] [--marks M] [--caption T] [--size PX]
                    [--orientation white|black] [--coordinates on|off]
                    [--theme light|dark] [--board wood|slate] [--font FILE]...
                    [--out FILE] [--moves M...]
    baroque bot --server URL --token TOKEN [--level N]
    baroque bot --server URL --token bq_TOKEN [--level N] [--upgrade] [--games LIST]
                [--clocks live,days,unlimited] [--modes rated,casual] [--min-base S]
                [--max-base S] [--max-increment S] [--concurrency N]
                [--seek LIST] [--seek-clock M+S]
    baroque help

SETUP:
    --variant ID      ultima (default), omega or hybrid
    --fen FEN         start from this position instead of the start position
    --option k=v      set a rule option (repeatable), e.g. --option win=capture
    --pgn FILE        start from the last position of a game record (PGN, at most
                      64 MiB; '-' reads stdin) instead of --fen/--option; --variant is
                      the game of a record without a Variant tag
    --game N          with --pgn: the N-th game of the record (default 1)
    --moves M...      play these moves first (move text such as g4d4, e8e9q, c4c4);
                      must come last: it takes every remaining argument
    Flags also accept the form --flag=value.

COMMANDS:
    perft    count the leaf nodes of the legal move tree; --divide prints
             '<move>: <count>' per root move; always ends 'Nodes searched: <N>'
             (time and speed go to stderr)
    moves    print each legal move as one JSON object per line
    status   print the game's status as one JSON object
    pgn      print the game as a PGN record (docs/pgn.md): --tag adds or replaces a
             tag (White=Ann, TimeControl=300+3), --result 1-0|0-1|1/2-1/2|* gives
             the result (a resignation); with --pgn, the record written again
    uci      speak the UCI protocol on stdin/stdout (UCI_Variant and the rule options
             are UCI options; 'go perft N' and 'd' are supported)
    diagram  write the position (after --ply moves; default all) as a standalone SVG
             in the page's look: last move, captured squares, frozen pieces, check,
             --marks 'd3 d5:red d2>d8:blue' (squares and arrows, colours green, red,
             blue, yellow) and --caption; to stdout or --out FILE. --png renders
             the same SVG (--size pixels wide) with resvg; its text is set in the
             --font files (at most 32 MiB each), else in DejaVu Sans with WenQuanYi Micro Hei or Noto Sans
             CJK for Chinese (Debian's font paths; docs/web.md)
    bench    search fixed positions of every game and print nodes, time and speed
             (--threads N: with N threads); --wins FILE (repeatable; the game from
             the name wins-GAME.txt or --variant) times the search on a set of
             forced short wins instead: the depth, nodes and time each is found at;
             --iterations FILE (repeatable; a wins or puzzle set) searches each
             position to the depth and prints how each iteration grew
    match    play games between two players (engine levels, limits such as movetime=MS
             or a chess clock tc=BASE+INC in seconds, or an external
             UCI engine with cmd=...) and print the score and Elo difference;
             --option k=v|k=random|random (repeatable) sets the rules of the games,
             --fen FEN, --start-array ID|random or --pgn FILE [--game N] their
             start, --pgn-out FILE writes them as PGN; --resign movecount=N,score=CP
             and --draw movenumber=M,movecount=N,score=CP end a game once both
             players' scores agree (as cutechess-cli's options of those names)
    sprt     the test bench: game pairs (one book opening, colours swapped) between
             this engine and --base PATH (another baroque binary, over UCI) or --b
             SPEC, --concurrency at a time (default 2), stopped by fishtest's
             pentanomial SPRT (default elo0 0, elo1 5, alpha = beta = 0.05, logistic
             Elo); prints the LLR after each pair, then the verdict and the Elo with
             its 95% interval (docs/ai.md, 'The test bench')
    datagen  self-play positions for the evaluation's tuner: quiet positions with
             the search's score and the game's result, appended to --out (default
             datagen-<game>.txt; docs/ai.md, 'Data and the fitted evaluation')
    bot      play the seat of an online game that --token holds on baroque-server
             --server URL with the engine at --level N (1-8, default 4), through
             the server's Board API; with a bot account's API token (bq_...), run
             as a lichess bot: accept the challenges the options allow (declining
             the others with lichess's reason), play up to --concurrency games at
             once (default 2), reconnect after a drop, stop on SIGINT/SIGTERM
             resigning nothing; --upgrade makes the account a bot (docs/online.md);
             --seek LIST keeps an open seek per game in the lobby while it has
             room (--seek-clock, default 5+3; rated only if --modes rated);
             without --token, the token is read from BAROQUE_TOKEN (kept out of
             the process list)

Rule options (Ultima only): win=checkmate|capture, stalemate=loss|draw,
immobilizer=classic|pure, suicide=on|off, chameleon=combined|pure, leaper=multi|single.

A wrong argument, FEN, option or move exits with status 2 and one 'error:' line on stderr.
";
