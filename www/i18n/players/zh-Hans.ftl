## 棋手页面（www/player.html，/@/名字）与排行榜（www/leaderboard.html）

player-page-title = Baroque — 棋手
player-nav =
    .aria-label = 棋手
player-leaderboard-link = 排行榜
player-chart-heading = 等级分历史
player-chart-label = { $name } 的等级分变化
player-chart-none = 还没有计分对局。
player-counts = 共 { $all } 局：胜 { $win }，负 { $loss }，和 { $draw }（计分 { $rated } 局）
player-games-heading = 最近的对局
player-pgn = 下载对局（PGN）
player-no-games = 还没有对局。
player-result = { $result ->
        [win] 胜
        [loss] 负
        [draw] 和
        [aborted] 已取消
       *[going] 进行中
    }
player-vs = 对手
player-vs-anonymous = 对手为游客
player-game = { $game } · { $rated ->
        [yes] 计分
       *[no] 不计分
    } · { $date }
player-no-user = 没有名叫“{ $name }”的棋手。
player-error = 无法连接服务器。
leaderboard-page-title = Baroque — 排行榜
leaderboard-heading = 排行榜
leaderboard-nav =
    .aria-label = 排行榜
leaderboard-games =
    .aria-label = 棋种
leaderboard-rule = 每种棋前 50 名：至少 10 局计分对局且等级分已稳定的棋手。
leaderboard-empty = 还没有人下满 10 局计分的{ $game }。
leaderboard-error = 无法连接服务器。
