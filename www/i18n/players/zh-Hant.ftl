## 棋手頁面（www/player.html，/@/名字）與排行榜（www/leaderboard.html）

player-page-title = Baroque — 棋手
player-nav =
    .aria-label = 棋手
player-leaderboard-link = 排行榜
player-chart-heading = 等級分歷史
player-chart-label = { $name } 的等級分變化
player-chart-none = 還沒有計分對局。
player-counts = 共 { $all } 局：勝 { $win }，負 { $loss }，和 { $draw }（計分 { $rated } 局）
player-games-heading = 最近的對局
player-pgn = 下載對局（PGN）
player-no-games = 還沒有對局。
player-result = { $result ->
        [win] 勝
        [loss] 負
        [draw] 和
        [aborted] 已取消
       *[going] 進行中
    }
player-vs = 對手
player-vs-anonymous = 對手為訪客
player-game = { $game } · { $rated ->
        [yes] 計分
       *[no] 不計分
    } · { $date }
player-no-user = 沒有名叫「{ $name }」的棋手。
player-error = 無法連線到伺服器。
leaderboard-page-title = Baroque — 排行榜
leaderboard-heading = 排行榜
leaderboard-nav =
    .aria-label = 排行榜
leaderboard-games =
    .aria-label = 棋種
leaderboard-rule = 每種棋前 50 名：至少 10 局計分對局且等級分已穩定的棋手。
leaderboard-empty = 還沒有人下滿 10 局計分的{ $game }。
leaderboard-error = 無法連線到伺服器。
