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

boot-file = This page has to be served over http: run “node scripts/serve.mjs” and open the address it prints.
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
ng-setup = Start array (Ultima §2)
ng-swap-ic = Immobilizer and Coordinator swapped
ng-swap-ic-white =
    .aria-label = White: Immobilizer and Coordinator swapped
ng-swap-ic-black =
    .aria-label = Black: Immobilizer and Coordinator swapped
ng-swap-kw = King and Withdrawer swapped
ng-swap-kw-white =
    .aria-label = White: King and Withdrawer swapped
ng-swap-kw-black =
    .aria-label = Black: King and Withdrawer swapped
ng-options = Rule options
ng-fen = Start position (optional)
ng-fen-input =
    .placeholder = FEN; empty for the start position
ng-start = Start

## Appearance, keyboard and touch (www/theme.js, www/a11y.js, www/touch.js)

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
