# Baroque's words in English: the reference catalog. zh-Hans.ftl and zh-Hant.ftl carry the same
# message ids (tests/e2e/i18n.test.mjs fails when one is missing, or when a script or index.html
# uses an id that is not here). Format: Fluent (https://projectfluent.org/fluent/guide/).
#
# Conventions (docs/i18n.md has the full list and the Chinese glossary):
# - Ids are kebab-case and start with the area they belong to:
#     btn-*       buttons                        ng-*       the new-game dialog
#     status-*    the status line                check-*    the check explanation
#     result-*    game-over sentences            say-*      announcements (live region)
#     move-*      move sentences (describe.rs)   pos-*      position descriptions (describe.rs)
#     game-*      game titles, by game id        role-*     piece names, by role id (the glyph key)
#     legend-*    the pieces panel               option-*   rule options and their values
#     level-*     the computer's levels          error-*    the page's own error messages
#     engine-*    engine errors, by the engine's error code (SetupError::code() etc.)
#     embed-*     the <baroque-board> element    boot-*     messages before the engine runs
# - An element of index.html names its message with data-i18n="id"; the message's value is its
#   text and its attributes (.aria-label, .title, .placeholder) fill the attributes listed in
#   data-i18n-attr. A message may have attributes only.
# - Variables are lowercase kebab-case ($square, $from, $to, $piece, $side); square names, move
#   text, notation and FEN pass through unchanged: coordinates stay as the rule book writes them.
# - A side is passed as $side = "white" | "black" and chosen with a selector, never concatenated.

## Language switch

lang-select =
    .aria-label = Language
    .title = Language

error-unknown-language = Unknown language “{ $value }” (the page speaks { $languages }); using another.
error-unknown-parameter = The link’s parameter “{ $name }” is neither a setting of the page nor a rule option of this game; it was ignored.

## Before the engine runs

boot-file = This page has to be served over http: run “npm start” and open the address it prints.
boot-slow = The game is taking long to start. If nothing happens, this browser may lack module scripts or WebAssembly.

## Header and board

nav-game =
    .aria-label = Game
btn-new = New game
btn-undo = Undo
btn-flip = Flip board
btn-cancel = Cancel
board-area =
    .aria-label = Board
board-canvas =
    .aria-roledescription = game board
    .aria-label = Loading the board…
board-help = Click or drag to move. Keyboard: focus the board, move with the arrow keys, Enter picks up and puts down, Esc lets go. Hover a destination to see what it captures.
promotion-dialog =
    .aria-label = Choose a piece
promotion-title = Promote to

## Panel

status-loading = Loading…
thinking = The computer is thinking…
btn-move-now = Move now
btn-suicide = Remove it (suicide)
move-input-label = Type a move
btn-play = Play
moves-heading = Moves
move-list =
    .aria-label = Moves played (click one to see the position after it)
btn-back-to-game = Back to the game
position-heading = Position
fen-label = FEN of the current position
btn-copy = Copy
share-link = Link to this game
pieces-heading = Pieces

## Online play (www/online/, www/pages/game/online.js, the new-game dialog's online choice)
error-opponent-turn = It is your opponent’s move.
error-not-your-turn = It is not the network’s move.
result-win-abandonment = { $winner ->
        [white] White wins: Black left the game.
       *[black] Black wins: White left the game.
    }
players-online = Online: { $seat ->
        [white] you play White
        [black] you play Black
       *[spectator] you are watching
    }{ $days ->
        [0] { "" }
        [one] , { $days } day per move
       *[other] , { $days } days per move
    }.
ng-online = Play a friend online
ng-online-color = You play
ng-online-rated = Rated (both players need accounts)
ng-online-random = Random
ng-online-time = Time
ng-online-live = Live, with the clock below
ng-online-days = { $days ->
        [one] Correspondence: { $days } day per move
       *[other] Correspondence: { $days } days per move
    }
ng-online-checking = Looking for the game server…
ng-online-ready = The game server is ready: “Make the invite” gives you a link for your friend.
ng-online-unreachable = The game server is not reachable from this page, so online play is not available here (it needs the page served by baroque-server).
ng-online-start = Make the invite
online-invite-title = Invite a friend
online-invite-note = Send this link to your friend: it works once, for the first who opens it, who then plays the other side. Your own seat stays in this browser: the Games list brings you back to the game.
online-invite-link = Your friend’s link
online-spectator-link = Link for spectators
online-copy = Copy
online-share = Share
online-copied = Link copied.
online-copy-by-hand = Copying was refused: select the link and copy it by hand.
online-qr-label = QR code of your friend’s link
online-qr-failed = The QR code could not be made; the link above works the same.
online-invite-done = Done
online-connection-connecting = Connecting to the game server…
online-connection-open = Connected.
online-connection-offline = Connection lost: trying again… Your moves are sent when it is back.
online-connection-closed = Disconnected.
online-your-move = Your move.
online-their-move = Waiting for your opponent’s move.
online-watching = { $side ->
        [white] Watching: White to move.
       *[black] Watching: Black to move.
    }
online-crowd = { $count ->
        [one] { $count } spectator
       *[other] { $count } spectators
    }
online-offer-draw = Your opponent offers a draw.
online-offer-takeback = Your opponent asks to take back a move.
online-offer-rematch = Your opponent wants a rematch.
online-offered-draw = You offered a draw.
online-offered-takeback = You asked to take back your move.
online-offered-rematch = You asked for a rematch.
online-rating-change = Ratings: White { $white } ({ $whiteDiff }), Black { $black } ({ $blackDiff })
online-player-side = { $side ->
        [white] White:
       *[black] Black:
    }
online-player-anonymous = Anonymous
online-accept = Accept
online-decline = Decline
online-claim = Claim the win (opponent gone)
online-offline = Not connected to the game server: try again when the connection is back.
online-refused = The server refused: { $code }.
online-refused-illegal-move = The server refused the move: it is not legal.
online-refused-not-your-turn = It is not your move.
online-refused-game-over = The game is over.
online-refused-cannot-claim = Your opponent has not been gone long enough to claim the game.
online-refused-no-takeback = There is no move to take back.
online-refused-stale-ply = The game moved on: your move came too late.
online-refused-unreachable = The game server is not reachable.
online-create-failed = The game could not be created: { $error }
games-online-name = { $game } (online)
games-online-facts = { $seat ->
        [white] You play White
        [black] You play Black
       *[spectator] Watched
    }{ $days ->
        [0] { "" }
        [one] , { $days } day per move
       *[other] , { $days } days per move
    } · { $date } · { $state }
games-online-your-move = your move
games-online-their-move = { $moves ->
        [one] waiting for the opponent ({ $moves } move)
       *[other] waiting for the opponent ({ $moves } moves)
    }
games-forget = Forget

## Sides

side-white = White
side-black = Black

## New-game dialog

ng-game = Game
ng-players = Players
ng-hotseat = Two players at this screen
ng-computer = Against the computer
ng-you-play = You play
ng-level = Level
ng-autoflip = Turn the board for the player to move
ng-setup = Start array
ng-options = Rule options
ng-fen = Start position (optional)
ng-fen-input =
    .placeholder = FEN; empty for the start position
ng-start = Start

## Games and pieces

game-ultima = Ultima (Baroque Chess)
game-omega = Omega Chess
game-hybrid = Chess–Ultima Hybrid
header-game-title = — { $game }
page-title = { $game } — Baroque
role-king = King
role-pincer = Pincer Pawn
role-long-leaper = Long Leaper
role-withdrawer = Withdrawer
role-coordinator = Coordinator
role-immobilizer = Immobilizer
role-chameleon = Chameleon
role-pawn = Pawn
role-queen = Queen
role-rook = Rook
role-bishop = Bishop
role-knight = Knight
role-champion = Champion
role-wizard = Wizard
role-archbishop = Archbishop
role-chancellor = Chancellor
role-cannon = Cannon
role-dog = Dog
role-pushme-pullyu = Pushme-pullyu
role-promoted-queen = promoted Queen
role-promoted-chancellor = promoted Chancellor
role-promoted-archbishop = promoted Archbishop
role-promoted-rook = promoted Rook
role-promoted-knight = promoted Knight
role-promoted-bishop = promoted Bishop
role-dragon-horse = promoted Bishop (Dog released)

## The pieces panel

legend-king-moves = One step in any direction.
legend-king-captures = Steps onto an enemy piece.
legend-pincer-moves = Slides like a rook, along ranks and files.
legend-pincer-captures = Pins: an enemy piece orthogonally next to where it lands, with a friendly piece just beyond, is taken.
legend-long-leaper-moves = Slides like a queen to an empty square.
legend-long-leaper-captures = Jumps over enemy pieces on its line, landing on the empty square beyond each; takes every piece jumped.
legend-withdrawer-moves = Slides like a queen to an empty square.
legend-withdrawer-captures = Moves directly away from an adjacent enemy piece and takes it.
legend-coordinator-moves = Slides like a queen to an empty square.
legend-coordinator-captures = Takes enemy pieces on the two corners of the rectangle it forms with its own King (its file × King's rank, King's file × its rank).
legend-immobilizer-moves = Slides like a queen to an empty square.
legend-immobilizer-captures = Never captures. Freezes every adjacent enemy piece: a frozen piece cannot move (it may remove itself instead).
legend-chameleon-moves = Slides like a queen to an empty square.
legend-chameleon-captures = Takes each enemy piece by that piece's own method (pins Pawns, jumps Leapers, withdraws from Withdrawers, coordinates against Coordinators, steps onto the King) and freezes an enemy Immobilizer.
legend-pawn-moves = One step forward (two or more from its start rank).
legend-pawn-captures = One step diagonally forward; en passant; promotes on the last rank.
legend-queen-moves = Slides along ranks, files and diagonals.
legend-queen-captures = Displaces the enemy piece it lands on.
legend-rook-moves = Slides along ranks and files.
legend-rook-captures = Displaces the enemy piece it lands on.
legend-bishop-moves = Slides along diagonals.
legend-bishop-captures = Displaces the enemy piece it lands on.
legend-knight-moves = Leaps to the far corner of a 2×3 rectangle.
legend-knight-captures = Displaces the enemy piece it lands on.
legend-champion-moves = Leaps one or two squares straight, or two squares diagonally (jumping).
legend-champion-captures = Displaces the enemy piece it lands on.
legend-wizard-moves = Steps one square diagonally, or leaps like a camel (1×3). Stays on its colour.
legend-wizard-captures = Displaces the enemy piece it lands on.
legend-archbishop-moves = Bishop + Knight.
legend-archbishop-captures = Displaces the enemy piece it lands on.
legend-chancellor-moves = Rook + Knight.
legend-chancellor-captures = Displaces the enemy piece it lands on.
legend-cannon-moves = Slides like a rook, and may hop over one piece to an empty square beyond.
legend-cannon-captures = Hops over exactly one piece (the screen) to take the next piece beyond.
legend-dog-moves = Slides 1–3 squares diagonally. Never frozen.
legend-dog-captures = Displaces the enemy piece it lands on.
legend-pushme-pullyu-moves = Slides like a queen to an empty square.
legend-pushme-pullyu-captures = Withdraws from an adjacent enemy piece and approaches the one just beyond its landing square: takes either or both.
legend-promoted-queen-moves = Queen + the four upright knight leaps (1 file, 2 ranks).
legend-promoted-queen-captures = Displacement.
legend-promoted-chancellor-moves = Rook + Knight + one diagonal step.
legend-promoted-chancellor-captures = Displacement.
legend-promoted-archbishop-moves = Bishop + Knight + one orthogonal step.
legend-promoted-archbishop-captures = Displacement.
legend-promoted-rook-moves = Rook + one diagonal step (Dragon King).
legend-promoted-rook-captures = Displacement.
legend-promoted-knight-moves = Knight + Camel leaps (1×3).
legend-promoted-knight-captures = Displacement.
legend-promoted-bishop-moves = Bishop + one orthogonal step. Its first move leaves a Dog behind (paw mark).
legend-promoted-bishop-captures = Displacement.
legend-dragon-horse-moves = Bishop + one orthogonal step (its Dog is released).
legend-dragon-horse-captures = Displacement.
legend-moves = Moves: { $text }
legend-captures = Captures: { $text }
legend-note-ultima = Captures happen as a side effect of the move and are automatic. A frozen piece (snowflake) cannot move.
legend-note-omega = Chess on 10×10 with four wizard squares (w1–w4, purple) beyond the corners. Pawns may step 1–3 squares from their start rank; castling is the king's two-square move.
legend-note-hybrid = Chess pieces capture by displacement, Ultima pieces by their own methods. Pieces that end a move in the enemy camp (the last three ranks) promote; promoted pieces carry a red + badge.

## Status, results and checks

status-turn = { $side ->
        [white] White
       *[black] Black
    } to move{ $check ->
        [yes] { " — check!" }
       *[no] { "" }
    }{ $computer ->
        [yes] { " (computer)" }
       *[no] { "" }
    }
status-unavailable = Not available
result-draw-stalemate = Draw by stalemate.
result-draw-repetition = Draw by threefold repetition.
result-draw-fifty-move = Draw by the fifty-move rule.
result-draw-insufficient-material = Draw: only the two Kings are left.
result-draw-no-moves = Draw: { $side ->
        [white] White
       *[black] Black
    } has no legal move.
result-draw-other = Draw ({ $reason }).
result-win-checkmate = { $winner ->
        [white] White
       *[black] Black
    } wins by checkmate.
result-win-king-captured = { $winner ->
        [white] White wins: the Black King was captured.
       *[black] Black wins: the White King was captured.
    }
result-win-no-moves = { $winner ->
        [white] White wins: Black has no legal move.
       *[black] Black wins: White has no legal move.
    }
result-win-other = { $winner ->
        [white] White
       *[black] Black
    } wins ({ $reason }).
check-info = { $side ->
        [white] White's
       *[black] Black's
    } King is in check from { $checkers }.
check-checker = the { $piece } on { $from } ({ $from }–{ $to } would take it by { $method })
check-method-king = stepping onto it
check-method-pincer = pinning it against a friendly piece
check-method-long-leaper = jumping over it
check-method-withdrawer = withdrawing from it
check-method-coordinator = coordinating with its own King
check-method-chameleon = stepping onto it, as a King would
check-method-pushme-pullyu = withdrawal or approach
check-method-cannon = hopping over a screen
check-method-default = landing on it
moves-empty = No moves yet.

## Move sentences and positions (describe.rs)

move-step = { $side ->
        [white] White
       *[black] Black
    } { $piece } { $from } to { $to }
move-suicide = { $side ->
        [white] White
       *[black] Black
    } { $piece } on { $square } removes itself (suicide)
move-castles = , castles
move-victim = { $piece } { $square }
move-captures = , captures { $victims }
move-captures-en-passant = , captures { $victims } en passant
move-becomes = , becomes a { $piece }
move-releases = , releases its { $piece } on { $square }
move-check = , check
move-end = .
pos-turn = { $game }, { $side ->
        [white] White
       *[black] Black
    } to move{ $check ->
        [yes] , in check
       *[no] { "" }
    }.
pos-group = { $piece } { $squares }
pos-group-join = { "; " }
pos-side = { $side ->
        [white] White
       *[black] Black
    }: { $groups }.
pos-side-empty = { $side ->
        [white] White
       *[black] Black
    }: no pieces.
pos-frozen = Frozen: { $squares }.
pos-join = { " " }
move-input-example = { $text } or { $notation }

## The page (main.js)

say-join = { " " }
rules-info = Rule options: { $options }
players-computer = You play { $side ->
        [white] White
       *[black] Black
    } against the computer (level { $level }, { $name }).
players-hotseat = Two players at this screen{ $autoflip ->
        [yes] ; the board turns for the player to move
       *[no] { "" }
    }.
say-new-game = New game: { $game }. { $position }
error-not-ready = The game is not ready.
error-wait-computer = Wait for the computer’s move (or press “Move now”).
error-game-over = The game is over. Start a new game or undo.
error-computer-turn = It is the computer’s turn.
btn-try-again = Try again
error-computer-no-move = it found no move
error-computer-move = The computer’s move { $move } was not played: { $error }
error-computer-failed = The computer could not move: { $error }.
error-computer-player = Computer player: { $error }
error-computer-load = the engine did not load in the worker ({ $message })
error-computer-stopped = the computer player stopped ({ $message })
error-computer-no-position = no position was given before the search
error-computer-unavailable = the engine is not available
error-computer-bad-message = the worker got an unknown message ({ $type })
figures-computer = Computer: depth { $depth }, { $nodes } nodes, { $knps } k nodes/s in this browser
say-took-back = Took back { $moves }. { $side ->
        [white] White
       *[black] Black
    } to move.
say-board-turned = Board turned: { $side ->
        [white] White
       *[black] Black
    } at the bottom.
viewing-start = Start position
viewing-after = After { $number }{ $black ->
        [yes] …
       *[no] .
    } { $notation }
viewing-text = { $what } (move { $ply } of { $last }).
say-viewing = { $what }. { $position }
say-back-to-game = Back to the game. { $side ->
        [white] White
       *[black] Black
    } to move.
selection-frozen-suicide = The { $piece } on { $square } is frozen. { $input ->
        [touch] Tap
       *[other] Click
    } it again to remove it from the board (suicide).
selection-frozen = The { $piece } on { $square } is frozen and cannot move.
cursor-piece = { $square }: { $side ->
        [white] White
       *[black] Black
    } { $piece }{ $frozen ->
        [yes] , frozen
       *[no] { "" }
    }.
cursor-empty = { $square }: empty.
cursor-captures = Moving { $from } here captures { $victims }.
cursor-can-move = { $from } can move here.
error-move-empty = Type a move first, e.g. { $example }.
say-fen-copied = FEN copied.
say-fen-copy-by-hand = Select the FEN and copy it with Ctrl+C.
error-engine-load = The game engine could not be loaded: { $error }. This page needs a browser with WebAssembly.
score-mate = { $side ->
        [white] White
       *[black] Black
    } mates in { $moves }
score-cp = { $pawns } pawns for { $side ->
        [white] White
       *[black] Black
    }
score-even = the sides are level
thinking-depth = The computer is thinking… { $depth } { $depth ->
        [one] half-move
       *[other] half-moves
    } ahead: { $score }
error-unknown-variant = Unknown variant “{ $value }”: the variants are { $variants }. Showing { $game } instead.
error-unknown-mode = Unknown mode “{ $value }” (use mode=hotseat or mode=computer).
error-unknown-side = Unknown side “{ $value }” (use side=white or side=black).
error-bad-level = Level “{ $value }” is not a number from 1 to { $max }.
error-url-move = Move “{ $move }” from the URL was not played: { $error }

## Engine errors, by code

engine-unknown = { $message }.
engine-variant-unknown = Unknown variant “{ $variant }”; the variants are { $variants }.
engine-option-none = { $variant } has no rule options (“{ $name }” was given).
engine-option-unknown = There is no rule option “{ $name }”; the options are { $options }.
engine-option-bad-value = The option { $name }={ $value } is not allowed; use { $allowed }.
engine-option-syntax = A rule option is written name=value, not “{ $text }”.
engine-fen-board = The FEN’s board is wrong: { $detail }.
engine-fen-side = The FEN’s side to move is wrong: { $detail }.
engine-fen-castling = The FEN’s castling field is wrong: { $detail }.
engine-fen-en-passant = The FEN’s en passant field is wrong: { $detail }.
engine-fen-halfmove = The FEN’s halfmove clock is wrong: { $detail }.
engine-fen-fullmove = The FEN’s move number is wrong: { $detail }.
engine-fen-extra = The FEN has too many fields: { $detail }.
engine-fen-position = The FEN is no possible position: { $detail }.
engine-move-text-empty = The move is empty.
engine-move-text-bad-from = “{ $text }” does not start with a square of this board.
engine-move-text-bad-to = “{ $text }” does not end with a square of this board.
engine-move-text-trailing = “{ $text }” has more after the move.
engine-move-no-piece = Illegal move “{ $text }”: there is no piece on { $square }.
engine-move-not-your-piece = Illegal move “{ $text }”: the piece on { $square } is { $owner ->
        [white] White’s
       *[black] Black’s
    }, and { $to_move ->
        [white] White
       *[black] Black
    } is to move.
engine-move-no-suicide = Illegal move “{ $text }”: the { $role } on { $square } may not remove itself.
engine-move-no-move-to = Illegal move “{ $text }”: the { $role } on { $from } has no legal move to { $to }.
engine-move-must-promote = Illegal move “{ $text }”: it must promote; add one of { $letters }.
engine-move-not-a-promotion-choice = Illegal move “{ $text }”: { $letter } is no choice here; choose one of { $letters }.
engine-move-promotion-not-allowed = Illegal move “{ $text }”: this move cannot promote ({ $letter }).
engine-move-no-promotion = Illegal move “{ $text }”: there is no promotion { $letter } in this game.
engine-internal = { $message }

## New-game dialog: choices, options and levels

ng-level-choice = { $level } — { $name }
ng-level-depth = looks { $depth } { $depth ->
        [one] half-move
       *[other] half-moves
    } ahead
ng-level-nodes = weighs at most { $nodes } positions a move
ng-level-time = thinks up to { $seconds } s a move
ng-level-join = { ", " }
ng-level-about = strength { $elo } on the levels' scale: it wins about { $score }% of the points against level { $below }
ng-level-about-first = strength { $elo } on the levels' scale (each level above is measured against the one below it)
ng-option-default = { $value } (default)
ng-setup-custom = A FEN is given below, so it decides the start position.
ng-choice-wIC = White: Immobilizer and Coordinator swapped
ng-choice-wKW = White: King and Withdrawer swapped
ng-choice-bIC = Black: Immobilizer and Coordinator swapped
ng-choice-bKW = Black: King and Withdrawer swapped
option-win = Win
option-win-checkmate = checkmate
option-win-capture = capture the King
option-stalemate = Stalemate
option-stalemate-loss = loss
option-stalemate-draw = draw
option-immobilizer = Immobilizer
option-immobilizer-classic = classic
option-immobilizer-pure = pure
option-suicide = Suicide
option-suicide-on = allowed
option-suicide-off = not allowed
option-chameleon = Chameleon
option-chameleon-combined = combined
option-chameleon-pure = pure
option-leaper = Long Leaper
option-leaper-multi = several per leap
option-leaper-single = one per leap
level-1 = Beginner
level-2 = Novice
level-3 = Casual
level-4 = Club
level-5 = Strong
level-6 = Expert
level-7 = Master
level-8 = Maximum

## The embed element and its page

embed-error = Board error: { $error }
embed-page-title = Baroque — embedded boards
embed-heading = Embedded boards
embed-intro = Each board is a <baroque-board> element; see www/baroque-board.js.
embed-caption-pincer = Ultima §10 A: select the pawn on g4 and point at d4 to see what it captures.
embed-caption-wizard = Omega: after e1–e4 and Black's Wizard w4–a7, seen from Black.
embed-caption-broken = A wrong attribute shows the engine's message.

## Appearance, keyboard and touch (www/views/theme.js, www/views/a11y.js, www/views/touch.js)

btn-describe = Describe the position
    .title = Say the whole position aloud (key D)
appearance-heading = Appearance
theme-label = Theme
theme-system = As the system
theme-light = Light
theme-dark = Dark
board-set-label = Board colours
board-set-wood = Wood
board-set-slate = Slate
board-help-touch = Tap a piece, then where it goes, or drag it. Touch and hold a piece to see its name and moves.
say-theme = Theme: { $theme }. Board colours: { $set }.
piece-card =
    .aria-label = About this piece
piece-card-title = { $side ->
        [white] White
       *[black] Black
    } { $piece } on { $square }

## Threats mode (www/views/threats.js): what the opponent could capture or freeze next move

btn-threats = Threats
    .title = Show which pieces the opponent could capture or freeze with its next move
threats-heading = Threats
threats-none = No { $side ->
        [white] White
       *[black] Black
    } piece can be captured or frozen next move.
threats-summary = Against { $side ->
        [white] White
       *[black] Black
    }: { $captures } { $captures ->
        [one] piece
       *[other] pieces
    } could be captured, { $freezes } frozen. Point at a mark to see the move.
threats-history = Threats are shown for the current position only.
threat-capture = { $piece } { $from }–{ $to } ({ $notation }) would capture the { $victim } on { $square } by { $method }.
threat-freeze = { $piece } { $from }–{ $to } ({ $notation }) would freeze the { $victim } on { $square }.
threat-method-pincer = pincer
threat-method-withdrawal = withdrawal
threat-method-leap = leap
threat-method-coordination = coordination
threat-method-approach = approach
threat-method-chameleon = chameleon capture
threat-method-cannon = cannon hop
threat-method-displacement = displacement
threat-method-ordinary = ordinary capture
say-threats-on = Threats mode on.
say-threats-off = Threats mode off.

## Account (www/account.html, www/pages/account.js, www/account/client.js)

link-account = Account
link-lobby = Lobby
account-page-title = Baroque — account
account-heading = Account
account-nav =
    .aria-label = Account
account-back = Play a game
account-leaderboards = Leaderboards
account-player-page = Your player page: ratings, chart, games
account-optional = An account is optional: games by link work without one.
account-login-heading = Log in
account-name-label = Name
account-password-label = Password
account-login = Log in
account-signup-heading = Create an account
account-name-rule = 3 to 20 letters, digits, _ or -.
account-password-rule = At least 8 characters.
account-signup = Create the account
account-logged-in-as = Logged in as { $name }
account-ratings-caption = Ratings (Glicko-2; ? while provisional)
account-ratings-game = Game
account-ratings-rating = Rating
account-ratings-games = Rated games
account-logout = Log out
account-logged-out = You are logged out.
account-welcome = Welcome! Your account is made and you are logged in.
account-password-heading = Change the password
account-old-password-label = Current password
account-new-password-label = New password
account-password-change = Change the password
account-password-changed = The password is changed. { $sessions ->
    [0] No other session was open.
    [one] One other session was logged out.
   *[other] { $sessions } other sessions were logged out.
}
account-tokens-heading = API tokens
account-tokens-intro = A token lets a script or a bot act as this account (Authorization: Bearer). It is shown once.
account-token-description-label = What it is for
account-token-make = Make a token
account-token-new-label = Your new token (copy it now: it is not shown again)
account-token-made = The token is made: copy it now.
account-tokens-none = No tokens.
account-token-item = { $description } (made { $date }, id { $id })
account-token-revoke = Revoke
account-token-revoked = The token is revoked.
account-error-bad-username = A name has 3 to 20 characters: letters a–z, digits, _ and -.
account-error-bad-password = The password needs 8 to 1,024 characters and must not be the name.
account-error-name-taken = An account has this name already (names ignore upper and lower case).
account-error-bad-credentials = Wrong name or password.
account-error-rate-limited = Too many attempts. Try again in { $minutes } min.
account-error-bad-origin = Refused: the request did not come from this site's page.
account-error-not-logged-in = You are not logged in.
account-error-session-needed = This needs a logged-in page, not a token.
account-error-too-many-tokens = This account holds its most tokens: revoke one first.
account-error-no-token = No such token.
account-error-network = The server cannot be reached.
account-error-other = The server refused (HTTP { $status }).

## Puzzles (www/puzzles.html, www/pages/puzzles.js)

link-puzzles = Puzzles
puzzles-page-title = Baroque — puzzles
puzzles-heading = Puzzles
puzzles-nav =
    .aria-label = Puzzles
puzzles-back = Play a game
puzzles-game-label = Game
puzzles-retry = Try again
puzzles-solution = Show the solution
puzzles-next = Next puzzle
puzzles-progress-heading = Progress
puzzles-title = Puzzle { $id } ({ $number } of { $total }): { $side ->
        [white] White
       *[black] Black
    } to move
puzzles-goal-mate = Mate in { $moves }.
puzzles-goal-capture = Find the move that captures { $pieces } pieces.
puzzles-goal-win = Find the only move that wins clearly.
puzzles-progress = { $game }: { $solved } of { $total } solved.
puzzles-rating = Your puzzle rating: { $rating }
puzzles-none = No puzzles for { $game } yet.
puzzles-score-cp = { $pawns } pawns for { $side ->
        [white] White
       *[black] Black
    }
puzzles-wrong = { $notation } is not the answer. Try again.
puzzles-wrong-allows = { $notation } is not the answer: it allows { $reply } ({ $score }). Try again.
puzzles-right-continue = { $notation }: right. The defence is { $reply }; go on.
puzzles-solved = { $notation }: solved!
puzzles-solved-defence = { $notation }: solved! The best defence was { $reply }.
puzzles-solution-is = The solution is { $notation }.

## Analysis board (www/views/analysis.js)

btn-analysis = Analysis
    .title = Let the engine analyse the position: evaluation, best lines and best move
analysis-heading = Analysis
analysis-lines-label = Lines
analysis-cp = { $pawns }
analysis-mate = Mate in { $moves } for { $side ->
        [white] White
       *[black] Black
    }
analysis-stats = { $depth } { $depth ->
        [one] half-move
       *[other] half-moves
    } ahead, { $speed } positions a second; scores from White's side
analysis-stats-start = { $depth } { $depth ->
        [one] half-move
       *[other] half-moves
    } ahead; scores from White's side
analysis-play-line = Play this line
analysis-game-over = The game is over.

## Hints (www/views/hint.js)

btn-hint = Hint
    .title = Press once for the piece to move, again for the move (the game notes each hint)
hint-thinking = Looking for a good move…
hint-piece = Hint: move the { $piece } on { $square }.
hint-move = Hint: { $notation }.
hints-used = Hints used in this game: { $count }
## Saved games, game records, results and clocks (www/services/store.js, www/views/games-list.js, main.js)

btn-games = Games
btn-close = Close
games-heading = Games
games-empty = No saved games yet: a game is saved from its first move.
games-name = Name of this game
games-open = Open
games-rename = Rename
games-export = Export PGN
games-delete = Delete
games-undo = Undo
games-deleted = Deleted “{ $name }”.
games-players-hotseat = two players
games-players-computer = you ({ $side ->
        [white] White
       *[black] Black
    }) against the computer, level { $level }
games-facts = { $game } · { $players } · { $date } · { $result }
games-in-progress = in progress, { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }
games-result = { $result ->
        [white] 1-0
        [black] 0-1
       *[draw] ½-½
    }
games-aside = { $count ->
        [one] One stored record could not be read; it is kept, untouched, under: { $keys }
       *[other] { $count } stored records could not be read; they are kept, untouched, under: { $keys }
    }
store-corrupt = A saved game under “{ $key }” could not be read (damaged data); it was kept aside under “{ $aside }”.
store-foreign = The data under “{ $key }” is not a game this page saved; it was kept aside under “{ $aside }”.
store-newer = The saved game under “{ $key }” was written by a newer version of this page (format { $format }; this one reads up to { $supported }); it is left as it is.
store-full = The browser’s storage is full: the last move was not saved. Delete some saved games (Games) to make room; nothing saved before was lost.
store-unavailable = This browser does not let the page save games (storage is off); the game goes on but is not saved.
store-forked = This game was changed in another tab; this tab’s moves were saved as a new game, and the other tab’s game is kept as it was.
pgn-you = You
pgn-computer = Baroque (level { $level })
engine-pgn-bad-tag = Game { $game }, line { $line }: “{ $tag }” is not a tag; a tag is written [Name "value"].
engine-pgn-unknown-variant = Game { $game }, line { $line }: the Variant tag names “{ $variant }”, which is none of the games.
engine-pgn-bad-option = Game { $game }, line { $line }: the tag [{ $tag } "{ $value }"] is refused: { $reason }
engine-pgn-bad-fen = Game { $game }, line { $line }: the FEN tag is refused: { $reason }
engine-pgn-bad-move = Game { $game }, line { $line }: move { $number } ({ $color ->
        [white] White
       *[black] Black
    }) “{ $move }” is refused: { $reason }
engine-pgn-unterminated = Game { $game }, line { $line }: the text ends inside { $what ->
        [comment] a comment
        [variation] a variation
       *[other] a tag
    }.
engine-pgn-unexpected = Game { $game }, line { $line }: “{ $char }” has no place here.
engine-pgn-no-game = There is no game { $wanted }: the text holds { $found }.
btn-redo = Redo
btn-resign = Resign
btn-draw = Offer a draw
btn-draw-accept = Accept the draw
btn-draw-decline = Decline
draw-offered = { $side ->
        [white] White offers a draw. Black: accept or decline?
       *[black] Black offers a draw. White: accept or decline?
    }
say-draw-declined = The draw offer was declined; the game goes on.
say-took-back-end = The end of the game was taken back; the game goes on.
say-redone = Played again: { $moves }.
moves-result = { $score } { $reason }
go-heading = Game over
go-rematch = Rematch
result-win-resign = { $winner ->
        [white] White wins: Black resigned.
       *[black] Black wins: White resigned.
    }
result-draw-agreement = Draw by agreement.
result-win-time = { $winner ->
        [white] White wins on time.
       *[black] Black wins on time.
    }
result-draw-time = { $side ->
        [white] Draw: White’s time ran out, but Black cannot win.
       *[black] Draw: Black’s time ran out, but White cannot win.
    }
ng-clock = Clock
ng-clock-choice = Time control (minutes + seconds per move)
ng-clock-none = No clock
ng-clock-custom = Custom…
ng-clock-minutes = Minutes each
ng-clock-increment = Seconds added per move
clock-side = { $side ->
        [white] White
       *[black] Black
    } { $time }
error-bad-clock = The link’s clock “{ $value }” is not a time control (minutes+seconds, such as 5+3); the game has no clock.
btn-copy-pgn = Copy PGN
btn-download-pgn = Download PGN
btn-upload-pgn = Open a PGN file…
btn-download-png = Download PNG
ng-pgn = Game record (PGN, optional)
ng-more = More: start position, rules, game record
ng-pgn-input =
    .placeholder = Paste a PGN to continue its game
say-pgn-copied = The game record (PGN) was copied.
say-pgn-copy-failed = The PGN could not be copied; use Download PGN instead.
error-pgn-file = The file “{ $name }” was not opened: { $error }
result-win-record = { $winner ->
        [white] White won, as the game record says.
       *[black] Black won, as the game record says.
    }
result-draw-record = Drawn, as the game record says.
pref-sound = Sounds
pref-coordinates = Coordinates
pref-animation = Animation

## Wiki boards: the <baroque-board> modes, the iframe page, the editor and the rules pages (issue 12)

wiki-first = First
wiki-previous = Previous
wiki-next = Next
wiki-last = Last
wiki-reset = Reset
wiki-step-counter = Move { $ply } of { $total }
wiki-move-list = Moves
wiki-mode-diagram = { $game } diagram
wiki-mode-steps = { $game } moves, step by step (← → Home End)
wiki-mode-try = { $game }: try moves from this position
wiki-mode-play = { $game }: play the computer from this position
error-wiki-bad-mode = Unknown mode “{ $value }”: use diagram, steps, try or play.
error-wiki-bad-lang = Unknown language “{ $value }”: use en, zh-Hans or zh-Hant.
error-wiki-bad-ply = The ply “{ $value }” is not a whole number (the line has { $total } moves).
error-marks-bad = Bad mark “{ $mark }”: write a square (d5) or an arrow (d2>d8), optionally with :green, :red, :blue or :yellow.
wiki-embed-title = Baroque board
wiki-boards-caption-steps = Hybrid: three moves, step by step, with marks.

## Board pictures: Download SVG / PNG of the board (issue 12, www/services/download.js)

btn-download-svg = Download SVG
say-picture-failed = The picture could not be made: { $error }

## Rules pages: the legend's link to www/rules/<game>.html (issue 12)

legend-rules-link = The rules of { $game }, with examples

## Game review and recorded hints (www/review/review.js, www/views/hint.js; issue 13)

btn-review = Review
    .title = Review the game: the engine judges every move and draws the evaluation over the game
btn-review-game = Review the game
games-review = Review
review-heading = Game review
review-preset-label = Strength
review-preset-quick = Quick (depth 3)
review-preset-normal = Normal (depth 5)
review-preset-deep = Deep (depth 7)
review-start = Review the game
review-progress = Position { $done } of { $total } analysed
review-cancelled = The review was cancelled.
review-failed = The review stopped: { $error }
review-done = { $preset ->
        [quick] Quick review
        [deep] Deep review
       *[normal] Normal review
    } (depth { $depth }) of { $plies } moves{ $partial ->
        [yes] , the game went on after it.
       *[no] .
    }
review-graph-label = Evaluation over the game, from White's view (arrow keys go through the moves)
review-legend = White's share of the game is under the line: higher is better for White. Dots mark ?! inaccuracies, ? mistakes and ?? blunders; click or use the arrow keys to go to a move.
review-move = { $number }.{ $black ->
        [yes] ..
       *[no] {""}
    } { $notation }
review-point-start = Start: { $score }
review-point = { $move }: { $score }
review-point-judged = { $move }: { $score }, { $kind ->
        [blunder] a blunder
        [mistake] a mistake
       *[inaccuracy] an inaccuracy
    }; better was { $best }
review-score-over = { $winner ->
        [white] White won
        [black] Black won
       *[draw] Drawn
    }
review-col-side = Side
review-col-inaccuracy = Inaccuracies
review-col-mistake = Mistakes
review-col-blunder = Blunders
review-col-acpl = Avg. loss (cp)
review-col-accuracy = Accuracy
review-side = { $side ->
        [white] White
       *[black] Black
    }
review-percent = { $value }%
review-none = No inaccuracies, mistakes or blunders.
review-say-side = { $side ->
        [white] White
       *[black] Black
    }: { $blunder } blunders, { $mistake } mistakes, { $inaccuracy } inaccuracies, average loss { $acpl } centipawns, accuracy { $accuracy }%
review-kind-inaccuracy = Inaccuracy
review-kind-mistake = Mistake
review-kind-blunder = Blunder
review-better = Better: { $best }
review-pgn-comment = { $kind ->
        [blunder] Blunder.
        [mistake] Mistake.
       *[inaccuracy] Inaccuracy.
    } Better: { $best }.
hint-mark = H
hint-mark-title = Played after a hint
games-hints = { $count ->
        [one] One hint used.
       *[other] { $count } hints used.
    }
games-reviewed = Reviewed.

## Analysis move tree: variations, PGN trees, analysis from any source (issue 13, helper tree)
engine-pgn-too-deep = Game { $game }, line { $line }: the variations are nested more than { $limit } deep.
engine-tree-bad-value = The move tree could not be read: { $reason }
engine-pgn-tags-not-pairs = The record's tags could not be read: { $reason }
engine-tree-bad-move = The move tree has a bad move at ply { $ply } (“{ $move }”): { $reason }
engine-tree-not-the-game = The move tree's move { $ply } (“{ $move }”) is not the game's.
engine-tree-too-deep = The move tree's variations are nested more than { $limit } deep.

## Position editor (www/editor.html, www/pages/editor.js)

link-editor = Set up a position
editor-page-title = Baroque — position editor
editor-heading = Position editor
editor-nav =
    .aria-label = Editor
editor-back = Play a game
editor-board =
    .aria-roledescription = board
    .aria-label = Loading the board…
editor-board-label = { $game }: the position being set up. Arrow keys move the cursor, Enter puts the chosen piece down, Delete removes a piece.
editor-palette =
    .aria-label = Pieces
editor-help = Drag pieces from the palette onto the board, or choose one and click squares. Drag a piece off the board, right-click it or press Delete to remove it. Keyboard: choose a piece with the arrow keys, focus the board, move with the arrow keys, Enter puts the piece down.
editor-tool-move = Move pieces
editor-tool-erase = Remove pieces
editor-piece = { $color ->
        [white] White
       *[black] Black
    } { $piece }
editor-game = Game
editor-array = Start array
editor-array-standard = Standard array
editor-array-join = ; { "" }
editor-start = Start position
editor-clear = Clear board
editor-side = Side to move
editor-side-white = White
editor-side-black = Black
editor-castling = Castling
editor-castle = { $color ->
        [white] White
       *[black] Black
    } { $notation }
editor-en-passant = En passant squares
editor-valid = The position is legal: it can be played and analysed.
editor-play = Play from here
editor-analyse = Analyse
editor-fen = FEN (type or paste one to load it)
editor-snippets = Put it on a page
editor-snippet-element = Element (pages that allow scripts)
editor-snippet-iframe = Iframe (wikis without scripts)
editor-snippet-command = Picture (the command line)
editor-copy = Copy
editor-download-svg = Download SVG
editor-download-png = Download PNG
editor-say-put = { $piece } on { $square }.
editor-say-removed = { $square } emptied.
editor-say-moved = { $piece } { $from } to { $to }.
editor-say-held = { $piece } on { $square } picked up: move the cursor and press Enter to put it down.
editor-say-dropped = Put back.
editor-say-tool = { $tool } chosen.
editor-say-flip = { $side ->
        [white] White
       *[black] Black
    } at the bottom.
editor-say-game = { $game }: the start position.
editor-say-start = The start position.
editor-say-cleared = The board is empty.
editor-say-copied = Copied.
editor-say-copy-by-hand = Select the text and copy it by hand.
engine-fen-why-king-count = { $color ->
        [white] White
       *[black] Black
    } must have exactly one King; the board has { $count }.
engine-fen-why-side-in-check = { $side ->
        [white] White
       *[black] Black
    } is to move, but { $color ->
        [white] White
       *[black] Black
    } is in check: that cannot happen in a game.
engine-fen-why-pawn-square = A { $color ->
        [white] White
       *[black] Black
    } pawn cannot stand on { $square } in this game.
engine-fen-why-castling-pieces = Castling “{ $letter }” needs the { $color ->
        [white] White
       *[black] Black
    } King on { $king } and an unpromoted Rook on { $rook }.
engine-fen-why-en-passant = The en passant squares “{ $squares }” do not fit the position: no pawn of the side that just moved has passed over them.
engine-setup-bad-square = “{ $square }” is not a square of this board.
engine-setup-bad-piece = “{ $role }” is not a piece of this game.
engine-setup-bad-color = “{ $color }” is not a colour: white or black.

tree-viewing = In a variation: { $notation } ({ $moves ->
    [one] one move
   *[other] { $moves } moves
  } away from the game after move { $ply }).
btn-tree-promote = Make main line
btn-tree-delete = Delete variation
say-tree-promoted = The variation is now the main line.
say-tree-deleted = The variation was deleted.
analyse-input-label = Analyse a FEN or a PGN
btn-analyse-text = Analyse
btn-analyse-game = Analyse
games-analyse = Analyse
error-analyse-empty = Paste a FEN or a PGN to analyse.
error-analyse-text = That text cannot be analysed: { $error }
error-url-pgn = The pgn in the address was not read: { $error }

# Pondering: the computer thinks on the player's time (Appearance card)
pref-ponder = Think on my time
pref-ponder-note = At levels { $from } to { $to } the computer goes on thinking while you think, on the move it expects from you, and answers sooner when you play it.
pref-ponder-unavailable = Not available here: the page is not served cross-origin isolated (see the README).

## Time controls (crates/engine/src/clock.rs): one check for the dialog, the URL and PGN
engine-pgn-bad-time-control = Game { $game }, line { $line }: the TimeControl tag is refused: { $reason }
engine-time-control-syntax = “{ $value }” is not a time control: write a start and an increment (5+3) or days a move.
engine-time-control-base = “{ $value }”: the start must be from { $min } second to { $max } seconds.
engine-time-control-increment = “{ $value }”: the increment must be from { $min } to { $max } seconds.
engine-time-control-fraction = “{ $value }”: times are whole seconds.
engine-time-control-days = “{ $value }”: correspondence is { $min } to { $max } whole days a move.
engine-time-control-unsupported = “{ $value }”: only a start with an increment, or days a move, can be played.

## Embedding (www/services/embed-snippet.js): the link a handed-out <baroque-board> shows until its script runs
embed-fallback-link = Open this position in Baroque

## Online play (www/online/, www/pages/game/online.js, the new-game dialog's online choice)
online-days = { $days ->
        [one] { $days } day per move.
       *[other] { $days } days per move.
    }

## Play polish (issue 26 §3, helper polish): resign confirm, why the board does not move, move
## navigation, piece tooltips, the legend's rule sentences from the rule options
move-nav =
    .aria-label = Step through the moves
btn-first =
    .aria-label = First move
    .title = First move
btn-prev =
    .aria-label = Previous move
    .title = Previous move (←)
btn-next =
    .aria-label = Next move
    .title = Next move (→)
btn-last =
    .aria-label = Last move
    .title = Last move: back to the game
resign-confirm = Resign this game?
btn-resign-yes = Resign
btn-resign-no = Keep playing
board-wait-computer = The computer is thinking: your move comes after its move.
board-looking-back = You are looking at { $ply ->
        [0] the start position
       *[other] the position after ply { $ply }
    }: go back to the game to move (“Back to the game”).
piece-title = { $side ->
        [white] White
       *[black] Black
    } { $piece } on { $square }{ $frozen ->
        [yes] , frozen
       *[no] { "" }
    }
analysis-line-viewing = The analysis line { $line }, not played: the game is unchanged.
# One sentence per rule option value that the legend states (the engine says which values hold).
legend-rule-win-checkmate = Checkmate wins.
legend-rule-win-capture = Capturing the King wins; a King may be left capturable.
legend-rule-stalemate-loss = A side with no move loses.
legend-rule-stalemate-draw = A side with no move that is not in check draws.
legend-rule-suicide-on = { $input ->
        [touch] Tap
       *[other] Click
    } a frozen piece twice to remove it (suicide).

## Online play, one-time invitations (issue 33; www/online/news.js, www/pages/game/online-info.js)
error-watching = You are watching this game: its moves come from the players.
online-connection-kept = Connection lost: this is the game as this browser last saw it. It goes on when the server is back.
online-note-own-invite = { $invited ->
        [white] This link is your friend’s invitation to play White; you play Black here.
       *[black] This link is your friend’s invitation to play Black; you play White here.
    }
online-note-seat-taken = This seat is taken: someone has used this invitation already. You are watching the game.
online-note-bad-invite = This invitation is not one of this game’s. You are watching the game.
online-note-login-needed = This is a rated game: log in (Account) to take the seat, then open this link again. You are watching the game.
online-note-casual = Rated games are played in the standard rules and start position: this game is casual.
online-refused-login-needed = A rated game is played logged in: log in (Account), then make the game again.
online-note-own-challenge = This is your own rated challenge: send the link to your opponent. You are watching the game.
online-note-no-game = The server does not know this game.
online-note-unreachable = The game server is not reachable, so the invitation could not be used yet: it is used as soon as the server answers.
online-news-draw-declined = Draw declined.
online-news-takeback-accepted = Takeback accepted.
online-news-takeback-declined = Takeback declined.
online-news-rematch-declined = Rematch declined.
online-news-friend-joined = Your friend joined.
online-news-friend-left = Your friend left.
online-deadline = { $side ->
        [white] White must move by { $date }.
       *[black] Black must move by { $date }.
    }
online-claim-in = { $seconds ->
        [one] Claim the win in { $seconds } second
       *[other] Claim the win in { $seconds } seconds
    }
online-share-button = Share
online-transfer-button = Continue on another device
online-share-title = Share this game
online-share-note = Whoever opens this link watches the game.
online-share-qr-label = QR code of the link for spectators
online-transfer-title = Continue on another device
online-transfer-note = { $minutes ->
        [one] Open this link (or scan its code) on your other device within { $minutes } minute: it plays your seat there too. It works once.
       *[other] Open this link (or scan its code) on your other device within { $minutes } minutes: it plays your seat there too. It works once.
    }
online-transfer-qr-label = QR code of the link for your other device
online-transfer-link = Link for your other device
online-transfer-failed = The link for another device could not be made.
online-abort = Abort
online-abort-confirm = Abort this game? It ends without a result.
online-title-your-move = Your move
online-refused-move-lost = Your move could not reach the server: it was taken back. Play it again.
online-refused-cannot-abort = Both sides have moved: the game can no longer be aborted.
online-refused-seat-taken = This seat is taken.
online-refused-rate-limited = Too many requests at once: wait a moment and try again.
online-refused-bad-host = This server does not answer to the name in the address bar: open it by its own address.
online-refused-bad-origin = The game server refused a request from another site.
online-refused-too-many-connections = Too many connections from your network: close other tabs of this game and try again.
online-refused-server-full = The game server is full: try again in a minute.
result-draw-abort = The game was aborted: no result.
result-draw-noStart = The game was aborted: the first move did not come in time.

## The watch page (www/watch.html): live games and TV
watch-page-title = Baroque — watch
watch-heading = Watch
watch-nav =
    .aria-label = Watch
watch-back = Play a game
watch-tv-heading = TV
watch-filter = Game
watch-all-games = Every game
watch-tv-waiting = No game is being played now; TV will show the next one.
watch-open = Watch with the clocks
watch-live-heading = Games being played
watch-live-empty = No game is being played now.
watch-spectators = { $count ->
        [one] { $count } spectator
       *[other] { $count } spectators
    }
watch-anonymous = Anonymous
watch-player = { $name } ({ $rating })
watch-versus = { $white } vs { $black }
watch-tv-player = { $side }: { $player }
