## The player page (www/player.html, /@/NAME) and the leaderboards (www/leaderboard.html)

player-page-title = Baroque — player
player-nav =
    .aria-label = Player
player-leaderboard-link = Leaderboards
player-chart-heading = Rating history
player-chart-label = Ratings of { $name } over time
player-chart-none = No rated games yet.
player-counts = { $all ->
        [one] { $all } game
       *[other] { $all } games
    }: { $win } won, { $loss } lost, { $draw } drawn ({ $rated } rated)
player-games-heading = Recent games
player-pgn = Download the games (PGN)
player-no-games = No games yet.
player-result = { $result ->
        [win] Won
        [loss] Lost
        [draw] Drawn
        [aborted] Aborted
       *[going] Going on
    }
player-vs = against
player-vs-anonymous = against a guest
player-game = { $game } · { $rated ->
        [yes] rated
       *[no] casual
    } · { $date }
player-no-user = No player is called “{ $name }”.
player-error = The server cannot be reached.
leaderboard-page-title = Baroque — leaderboards
leaderboard-heading = Leaderboards
leaderboard-nav =
    .aria-label = Leaderboards
leaderboard-games =
    .aria-label = Games
leaderboard-rule = The best 50 players of each game with at least 10 rated games and a settled rating.
leaderboard-empty = Nobody has 10 rated games of { $game } yet.
leaderboard-error = The server cannot be reached.
