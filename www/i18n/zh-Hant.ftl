# Baroque 的繁體中文文字。訊息 id 與 en.ftl 相同（約定見 en.ftl 開頭和 docs/i18n.md）。
# 棋子名稱依據 shared/seeds 中的中文條目；座標保持規則書的寫法。

## Language switch

lang-select =
    .aria-label = 語言
    .title = 語言

error-unknown-language = 未知的語言「{ $value }」（本頁支援 { $languages }），已改用其他語言。
error-unknown-parameter = 連結參數「{ $name }」既不是本頁的設定，也不是這個棋種的規則選項，已忽略。

## Before the engine runs

boot-file = 本頁必須透過 http 開啟：執行「npm start」，再開啟它顯示的網址。
boot-slow = 遊戲啟動得很慢。如果一直沒有反應，這個瀏覽器可能不支援模組腳本或 WebAssembly。

## Header and board

nav-game =
    .aria-label = 對局
btn-new = 新對局
btn-undo = 悔棋
btn-flip = 翻轉棋盤
btn-cancel = 取消
board-area =
    .aria-label = 棋盤
board-canvas =
    .aria-roledescription = 棋盤
    .aria-label = 正在載入棋盤…
board-help = 點擊或拖曳棋子走棋。鍵盤：讓棋盤取得焦點，用方向鍵移動，Enter 拿起和放下，Esc 放棄。把指標停在目標格上可看到這一步吃哪些子。
promotion-dialog =
    .aria-label = 選擇棋子
promotion-title = 升變為

## Panel

status-loading = 載入中…
thinking = 電腦正在思考…
btn-move-now = 立即走棋
btn-suicide = 移除此子（自殺）
move-input-label = 輸入著法
btn-play = 走棋
moves-heading = 著法
move-list =
    .aria-label = 已走的著法（點擊一步可查看走完後的局面）
btn-back-to-game = 回到對局
position-heading = 局面
fen-label = 目前局面的 FEN
btn-copy = 複製
share-link = 本局連結
pieces-heading = 棋子

## 線上對局（www/online/、www/pages/game/online.js、新對局對話框的線上選項）
error-opponent-turn = 現在輪到對手走棋。
error-not-your-turn = 現在不是網路一方走棋。
result-win-abandonment = { $winner ->
        [white] 白方勝：黑方離開了對局。
       *[black] 黑方勝：白方離開了對局。
    }
players-online = 線上：{ $seat ->
        [white] 你執白
        [black] 你執黑
       *[spectator] 你在觀戰
    }{ $days ->
        [0] { "" }
       *[other] ，每步 { $days } 天
    }。
ng-online = 與朋友線上對弈
ng-online-color = 你執
ng-online-rated = 排位（雙方都需要帳戶）
ng-online-random = 隨機
ng-online-time = 用時
ng-online-live = 即時，用下面的棋鐘
ng-online-days = 通信棋：每步 { $days } 天
ng-online-checking = 正在尋找對局伺服器…
ng-online-ready = 對局伺服器已就緒：按「產生邀請」為朋友產生邀請連結。
ng-online-unreachable = 此網頁無法連線對局伺服器，因此這裡不能線上對弈（需要由 baroque-server 提供網頁）。
ng-online-start = 產生邀請
online-invite-title = 邀請朋友
online-invite-note = 把這個連結傳給朋友：它只能用一次，第一個打開的人執另一方。你自己的座位保存在本瀏覽器中：從「對局」列表可以回到對局。
online-invite-link = 朋友的連結
online-spectator-link = 觀戰連結
online-copy = 複製
online-share = 分享
online-copied = 連結已複製。
online-copy-by-hand = 無法複製：請選取連結手動複製。
online-qr-label = 朋友連結的 QR 碼
online-qr-failed = 無法產生 QR 碼；上面的連結同樣可用。
online-invite-done = 完成
online-connection-connecting = 正在連線對局伺服器…
online-connection-open = 已連線。
online-connection-offline = 連線中斷：正在重試… 恢復後會送出你的著法。
online-connection-closed = 已中斷。
online-your-move = 輪到你走。
online-their-move = 等待對手走棋。
online-watching = { $side ->
        [white] 觀戰中：白方走棋。
       *[black] 觀戰中：黑方走棋。
    }
online-crowd = { $count } 位觀眾
online-offer-draw = 對手提議和棋。
online-offer-takeback = 對手請求悔一步棋。
online-offer-rematch = 對手想再下一局。
online-offered-draw = 你已提議和棋。
online-offered-takeback = 你已請求悔棋。
online-offered-rematch = 你已請求再下一局。
online-rating-change = 等級分：白方 { $white }（{ $whiteDiff }），黑方 { $black }（{ $blackDiff }）
online-player-side = { $side ->
        [white] 白方：
       *[black] 黑方：
    }
online-player-anonymous = 匿名玩家
online-accept = 接受
online-decline = 拒絕
online-claim = 判勝（對手已離開）
online-offline = 未連線對局伺服器：請在連線恢復後重試。
online-refused = 伺服器拒絕了：{ $code }。
online-refused-illegal-move = 伺服器拒絕了這步棋：它不合規則。
online-refused-not-your-turn = 現在不是你走。
online-refused-game-over = 對局已結束。
online-refused-cannot-claim = 對手離開的時間還不夠長，不能判勝。
online-refused-no-takeback = 沒有可悔的棋。
online-refused-stale-ply = 對局已繼續：你的著法來遲了。
online-refused-unreachable = 無法連線對局伺服器。
online-create-failed = 無法建立對局：{ $error }
games-online-name = { $game }（線上）
games-online-facts = { $seat ->
        [white] 你執白
        [black] 你執黑
       *[spectator] 觀戰
    }{ $days ->
        [0] { "" }
       *[other] ，每步 { $days } 天
    } · { $date } · { $state }
games-online-your-move = 輪到你走
games-online-their-move = 等待對手（{ $moves } 回合）
games-forget = 移除

## Sides

side-white = 白方
side-black = 黑方

## New-game dialog

ng-game = 棋種
ng-players = 對手
ng-hotseat = 兩人同螢幕對弈
ng-computer = 與電腦對弈
ng-you-play = 你執
ng-level = 等級
ng-autoflip = 輪到哪方就把棋盤轉向哪方
ng-setup = 開局佈陣
ng-options = 規則選項
ng-fen = 起始局面（可選）
ng-fen-input =
    .placeholder = FEN；留空則從標準開局開始
ng-start = 開始

## Games and pieces

game-ultima = Ultima（極相棋）
game-omega = 歐梅加象棋
game-hybrid = Chess–Ultima 混合棋
header-game-title = — { $game }
page-title = { $game } — Baroque
role-king = 王
role-pincer = 夾吃者
role-long-leaper = 跳吃者
role-withdrawer = 拖吃者
role-coordinator = 協吃者
role-immobilizer = 麻醉者
role-chameleon = 模仿者
role-pawn = 兵
role-queen = 后
role-rook = 車
role-bishop = 象
role-knight = 馬
role-champion = 士
role-wizard = 巫
role-archbishop = 大主教
role-chancellor = 首相
role-cannon = 炮
role-dog = 狗
role-pushme-pullyu = 推拉者
role-promoted-queen = 成后
role-promoted-chancellor = 成首相
role-promoted-archbishop = 成大主教
role-promoted-rook = 成車
role-promoted-knight = 成馬
role-promoted-bishop = 成象
role-dragon-horse = 成象（已放狗）

## The pieces panel

legend-king-moves = 向任意方向走一格。
legend-king-captures = 走到敵子所在的格上吃掉它。
legend-pincer-moves = 像車一樣沿橫線和直線走任意格。
legend-pincer-captures = 夾吃：落點橫向或縱向相鄰的敵子，若其另一側緊挨著己方棋子，就被吃掉。
legend-long-leaper-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-long-leaper-captures = 沿直線跳過敵子，落在每個敵子後面的空格上；跳過的棋子全部吃掉。
legend-withdrawer-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-withdrawer-captures = 從相鄰的敵子正對面離開，將其吃掉。
legend-coordinator-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-coordinator-captures = 與己方王構成矩形，吃掉另外兩個角上的敵子（它的直線與王的橫線、王的直線與它的橫線的交點）。
legend-immobilizer-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-immobilizer-captures = 從不吃子。麻醉所有相鄰的敵子：被麻醉的棋子不能移動（可以改為自殺）。
legend-chameleon-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-chameleon-captures = 用每個敵子自己的吃法吃它（夾吃夾吃者、跳吃跳吃者、拖吃拖吃者、協吃協吃者、走到王上吃王），並麻醉敵方麻醉者。
legend-pawn-moves = 向前走一格（在起始橫線上可走兩格或更多）。
legend-pawn-captures = 斜前方一格吃子；可吃過路兵；到達底線升變。
legend-queen-moves = 沿橫線、直線和斜線走任意格。
legend-queen-captures = 落到敵子所在的格上將其吃掉。
legend-rook-moves = 沿橫線和直線走任意格。
legend-rook-captures = 落到敵子所在的格上將其吃掉。
legend-bishop-moves = 沿斜線走任意格。
legend-bishop-captures = 落到敵子所在的格上將其吃掉。
legend-knight-moves = 跳到 2×3 矩形的對角（「日」字）。
legend-knight-captures = 落到敵子所在的格上將其吃掉。
legend-champion-moves = 直走一格或兩格，或斜走正好兩格（可越子）。
legend-champion-captures = 落到敵子所在的格上將其吃掉。
legend-wizard-moves = 斜走一格，或像駱駝一樣跳 1×3。只走同色格。
legend-wizard-captures = 落到敵子所在的格上將其吃掉。
legend-archbishop-moves = 象 + 馬。
legend-archbishop-captures = 落到敵子所在的格上將其吃掉。
legend-chancellor-moves = 車 + 馬。
legend-chancellor-captures = 落到敵子所在的格上將其吃掉。
legend-cannon-moves = 像車一樣走，也可越過一枚棋子落到其後的空格。
legend-cannon-captures = 越過正好一枚棋子（炮架），吃掉其後的下一枚棋子。
legend-dog-moves = 斜走 1–3 格。不會被麻醉。
legend-dog-captures = 落到敵子所在的格上將其吃掉。
legend-pushme-pullyu-moves = 像后一樣直走或斜走任意格，落在空格上。
legend-pushme-pullyu-captures = 拖吃身後相鄰的敵子，並推吃落點前方緊鄰的敵子：可吃其一或兩者。
legend-promoted-queen-moves = 后 + 四個豎向「日」字跳（橫一格、縱兩格）。
legend-promoted-queen-captures = 落點吃子。
legend-promoted-chancellor-moves = 車 + 馬 + 斜走一格。
legend-promoted-chancellor-captures = 落點吃子。
legend-promoted-archbishop-moves = 象 + 馬 + 直走一格。
legend-promoted-archbishop-captures = 落點吃子。
legend-promoted-rook-moves = 車 + 斜走一格（龍王）。
legend-promoted-rook-captures = 落點吃子。
legend-promoted-knight-moves = 馬 + 駱駝跳（1×3，「目」字）。
legend-promoted-knight-captures = 落點吃子。
legend-promoted-bishop-moves = 象 + 直走一格。第一步在起點留下一隻狗（爪印標記）。
legend-promoted-bishop-captures = 落點吃子。
legend-dragon-horse-moves = 象 + 直走一格（狗已放出）。
legend-dragon-horse-captures = 落點吃子。
legend-moves = 走法：{ $text }
legend-captures = 吃法：{ $text }
legend-note-ultima = 吃子是走棋的附帶效果，自動發生。被麻醉的棋子（雪花標記）不能移動。
legend-note-omega = 在 10×10 棋盤上下西洋棋，四角外各有一個巫格（w1–w4，紫色）。兵在起始橫線上可走 1–3 格；易位時王走兩格。
legend-note-hybrid = 西洋棋的棋子落點吃子，Ultima 的棋子用各自的吃法。棋子走完後位於敵陣（最後三條橫線）即升變；升變後的棋子帶紅色 + 標記。

## Status, results and checks

status-turn = 輪到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋{ $check ->
        [yes] ——將軍！
       *[no] { "" }
    }{ $computer ->
        [yes] （電腦）
       *[no] { "" }
    }
status-unavailable = 無法使用
result-draw-stalemate = 逼和，和棋。
result-draw-repetition = 三次重複局面，和棋。
result-draw-fifty-move = 五十回合規則，和棋。
result-draw-insufficient-material = 和棋：只剩下雙方的王。
result-draw-no-moves = 和棋：{ $side ->
        [white] 白方
       *[black] 黑方
    }無子可走。
result-draw-other = 和棋（{ $reason }）。
result-win-checkmate = { $winner ->
        [white] 白方
       *[black] 黑方
    }將死對方獲勝。
result-win-king-captured = { $winner ->
        [white] 白方獲勝：黑方的王被吃掉了。
       *[black] 黑方獲勝：白方的王被吃掉了。
    }
result-win-no-moves = { $winner ->
        [white] 白方獲勝：黑方無子可走。
       *[black] 黑方獲勝：白方無子可走。
    }
result-win-other = { $winner ->
        [white] 白方
       *[black] 黑方
    }獲勝（{ $reason }）。
check-info = { $side ->
        [white] 白方
       *[black] 黑方
    }的王被將軍：{ $checkers }。
check-checker = { $from } 的{ $piece }（{ $from }–{ $to } 可{ $method }吃王）
check-method-king = 走到王上
check-method-pincer = 與己方棋子夾住
check-method-long-leaper = 跳過
check-method-withdrawer = 拖離
check-method-coordinator = 與己方王協同
check-method-chameleon = 像王一樣走到王上
check-method-pushme-pullyu = 拖吃或推吃
check-method-cannon = 越過炮架
check-method-default = 落到王上
moves-empty = 還沒有著法。

## Move sentences and positions (describe.rs)

move-step = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece } { $from } 到 { $to }
move-suicide = { $side ->
        [white] 白方
       *[black] 黑方
    } { $square } 的{ $piece }自行移除（自殺）
move-castles = ，易位
move-victim = { $piece } { $square }
move-captures = ，吃掉{ $victims }
move-captures-en-passant = ，吃過路兵{ $victims }
move-becomes = ，升變為{ $piece }
move-releases = ，在 { $square } 放出{ $piece }
move-check = ，將軍
move-end = 。
pos-turn = { $game }，輪到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋{ $check ->
        [yes] ，被將軍
       *[no] { "" }
    }。
pos-group = { $piece } { $squares }
pos-group-join = { "；" }
pos-side = { $side ->
        [white] 白方
       *[black] 黑方
    }：{ $groups }。
pos-side-empty = { $side ->
        [white] 白方
       *[black] 黑方
    }：沒有棋子。
pos-frozen = 被麻醉：{ $squares }。
pos-join = { "" }
move-input-example = { $text } 或 { $notation }

## The page (main.js)

say-join = { "" }
rules-info = 規則選項：{ $options }
players-computer = 你執{ $side ->
        [white] 白方
       *[black] 黑方
    }與電腦對弈（等級 { $level }，{ $name }）。
players-hotseat = 兩人同螢幕對弈{ $autoflip ->
        [yes] ；棋盤轉向走棋的一方
       *[no] { "" }
    }。
say-new-game = 新對局：{ $game }。{ $position }
error-not-ready = 對局還沒有準備好。
error-wait-computer = 請等電腦走棋（或按「立即走棋」）。
error-game-over = 對局已結束。請開始新對局或悔棋。
error-computer-turn = 現在輪到電腦走棋。
btn-try-again = 重試
error-computer-no-move = 它找不到著法
error-computer-move = 電腦的著法 { $move } 沒有走成：{ $error }
error-computer-failed = 電腦無法走棋：{ $error }。
error-computer-player = 電腦棋手：{ $error }
error-computer-load = 引擎沒有在工作執行緒中載入（{ $message }）
error-computer-stopped = 電腦棋手停止了運作（{ $message }）
error-computer-no-position = 搜尋前沒有給出局面
error-computer-unavailable = 引擎無法使用
error-computer-bad-message = 工作執行緒收到未知訊息（{ $type }）
figures-computer = 電腦：深度 { $depth }，{ $nodes } 個節點，在此瀏覽器中每秒 { $knps } k 個節點
say-took-back = 已悔棋 { $moves }。輪到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋。
say-board-turned = 棋盤已翻轉：{ $side ->
        [white] 白方
       *[black] 黑方
    }在下方。
viewing-start = 起始局面
viewing-after = 第 { $number } 回合{ $black ->
        [yes] 黑方
       *[no] 白方
    } { $notation } 之後
viewing-text = { $what }（第 { $ply } 步，共 { $last } 步）。
say-viewing = { $what }。{ $position }
say-back-to-game = 回到對局。輪到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋。
selection-frozen-suicide = { $square } 的{ $piece }被麻醉了。再{ $input ->
        [touch] 輕點
       *[other] 點擊
    }一次可將它從棋盤上移除（自殺）。
selection-frozen = { $square } 的{ $piece }被麻醉了，不能移動。
cursor-piece = { $square }：{ $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }{ $frozen ->
        [yes] ，被麻醉
       *[no] { "" }
    }。
cursor-empty = { $square }：空格。
cursor-captures = 把 { $from } 走到這裡可吃掉 { $victims }。
cursor-can-move = { $from } 可以走到這裡。
error-move-empty = 請先輸入著法，例如 { $example }。
say-fen-copied = FEN 已複製。
say-fen-copy-by-hand = 請選取 FEN 並按 Ctrl+C 複製。
error-engine-load = 無法載入遊戲引擎：{ $error }。本頁需要支援 WebAssembly 的瀏覽器。
score-mate = { $side ->
        [white] 白方
       *[black] 黑方
    } { $moves } 步將死
score-cp = { $side ->
        [white] 白方
       *[black] 黑方
    }領先 { $pawns } 兵
score-even = 雙方均勢
thinking-depth = 電腦正在思考…已向前看 { $depth } 個半回合：{ $score }
error-unknown-variant = 未知的棋種「{ $value }」：可選 { $variants }。改為顯示 { $game }。
error-unknown-mode = 未知的模式「{ $value }」（請用 mode=hotseat 或 mode=computer）。
error-unknown-side = 未知的一方「{ $value }」（請用 side=white 或 side=black）。
error-bad-level = 等級「{ $value }」不是 1 到 { $max } 之間的數。
error-url-move = 連結中的著法「{ $move }」沒有走成：{ $error }

## Engine errors, by code

engine-unknown = { $message }。
engine-variant-unknown = 未知的棋種「{ $variant }」；可選的棋種有 { $variants }。
engine-option-none = 這個棋種沒有規則選項（給出了「{ $name }」）。
engine-option-unknown = 沒有名為「{ $name }」的規則選項；可選的有 { $options }。
engine-option-bad-value = 不允許選項 { $name }={ $value }；請用 { $allowed }。
engine-option-syntax = 規則選項應寫成 name=value，而不是「{ $text }」。
engine-fen-board = FEN 的棋盤部分有誤。
engine-fen-side = FEN 的行棋方有誤（應為 w 或 b）。
engine-fen-castling = FEN 的易位欄位有誤。
engine-fen-en-passant = FEN 的吃過路兵欄位有誤。
engine-fen-halfmove = FEN 的半回合計數有誤。
engine-fen-fullmove = FEN 的回合數有誤。
engine-fen-extra = FEN 的欄位太多。
engine-fen-position = FEN 描述的不是一個可能的局面。
engine-move-text-empty = 著法是空的。
engine-move-text-bad-from = 「{ $text }」的開頭不是這個棋盤上的格子。
engine-move-text-bad-to = 「{ $text }」的結尾不是這個棋盤上的格子。
engine-move-text-trailing = 「{ $text }」在著法之後還有多餘的內容。
engine-move-no-piece = 著法「{ $text }」不合法：{ $square } 上沒有棋子。
engine-move-not-your-piece = 著法「{ $text }」不合法：{ $square } 上是{ $owner ->
        [white] 白方
       *[black] 黑方
    }的棋子，現在輪到{ $to_move ->
        [white] 白方
       *[black] 黑方
    }走。
engine-move-no-suicide = 著法「{ $text }」不合法：{ $square } 的{ $role }不能自殺。
engine-move-no-move-to = 著法「{ $text }」不合法：{ $from } 的{ $role }不能走到 { $to }。
engine-move-must-promote = 著法「{ $text }」不合法：必須升變，請加上 { $letters } 之一。
engine-move-not-a-promotion-choice = 著法「{ $text }」不合法：這裡不能升變為 { $letter }；請在 { $letters } 中選擇。
engine-move-promotion-not-allowed = 著法「{ $text }」不合法：這一步不能升變（{ $letter }）。
engine-move-no-promotion = 著法「{ $text }」不合法：這個棋種沒有升變 { $letter }。
engine-internal = 內部錯誤：{ $message }

## New-game dialog: choices, options and levels

ng-level-choice = { $level } — { $name }
ng-level-depth = 向前看 { $depth } 個半回合
ng-level-nodes = 每步最多權衡 { $nodes } 個局面
ng-level-time = 每步最多想 { $seconds } 秒
ng-level-join = { "，" }
ng-level-about = 等級標尺上的強度為 { $elo }：對 { $below } 級約得 { $score }% 的分
ng-level-about-first = 等級標尺上的強度為 { $elo }（每一級都與下一級對局測定）
ng-option-default = { $value }（預設）
ng-setup-custom = 下面填寫了 FEN，所以由它決定起始局面。
ng-choice-wIC = 白方：麻醉者與協吃者互換
ng-choice-wKW = 白方：王與拖吃者互換
ng-choice-bIC = 黑方：麻醉者與協吃者互換
ng-choice-bKW = 黑方：王與拖吃者互換
option-win = 勝利條件
option-win-checkmate = 將死
option-win-capture = 吃掉王
option-stalemate = 逼和
option-stalemate-loss = 判負
option-stalemate-draw = 和棋
option-immobilizer = 麻醉者
option-immobilizer-classic = 經典
option-immobilizer-pure = 純粹
option-suicide = 自殺
option-suicide-on = 允許
option-suicide-off = 不允許
option-chameleon = 模仿者
option-chameleon-combined = 組合
option-chameleon-pure = 純粹
option-leaper = 跳吃者
option-leaper-multi = 一跳可吃多子
option-leaper-single = 一跳只吃一子
level-1 = 入門
level-2 = 新手
level-3 = 休閒
level-4 = 俱樂部
level-5 = 強
level-6 = 專家
level-7 = 大師
level-8 = 最強

## The embed element and its page

embed-error = 棋盤錯誤：{ $error }
embed-page-title = Baroque — 嵌入式棋盤
embed-heading = 嵌入式棋盤
embed-intro = 每個棋盤都是一個 <baroque-board> 元素；見 www/baroque-board.js。
embed-caption-pincer = Ultima §10 A：選取 g4 的夾吃者，指向 d4，看看它吃哪些子。
embed-caption-wizard = 歐梅加象棋：e1–e4 和黑方巫 w4–a7 之後，從黑方視角看。
embed-caption-broken = 錯誤的屬性會顯示引擎的訊息。

## Appearance, keyboard and touch (www/views/theme.js, www/views/a11y.js, www/views/touch.js)

btn-describe = 描述局面
    .title = 朗讀整個局面（D 鍵）
appearance-heading = 外觀
theme-label = 主題
theme-system = 跟隨系統
theme-light = 淺色
theme-dark = 深色
board-set-label = 棋盤配色
board-set-wood = 木紋
board-set-slate = 石板
board-help-touch = 輕點棋子，再輕點目標格，或直接拖動。長按棋子可查看它的名稱和走法。
say-theme = 主題：{ $theme }。棋盤配色：{ $set }。
piece-card =
    .aria-label = 棋子說明
piece-card-title = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }，位於 { $square }

## Threats mode (www/views/threats.js): what the opponent could capture or freeze next move

btn-threats = 威脅
    .title = 顯示對方下一步可以吃掉或麻醉哪些棋子
threats-heading = 威脅
threats-none = { $side ->
        [white] 白方
       *[black] 黑方
    }沒有棋子會在下一步被吃或被麻醉。
threats-summary = 針對{ $side ->
        [white] 白方
       *[black] 黑方
    }：{ $captures } 個棋子可能被吃，{ $freezes } 個可能被麻醉。指向標記可查看著法。
threats-history = 威脅只顯示目前局面。
threat-capture = { $from } 的{ $piece }走到 { $to }（{ $notation }）會以{ $method }吃掉 { $square } 的{ $victim }。
threat-freeze = { $from } 的{ $piece }走到 { $to }（{ $notation }）會麻醉 { $square } 的{ $victim }。
threat-method-pincer = 夾吃
threat-method-withdrawal = 拖吃
threat-method-leap = 跳吃
threat-method-coordination = 協吃
threat-method-approach = 推吃
threat-method-chameleon = 變色龍吃法
threat-method-cannon = 炮打
threat-method-displacement = 落子吃
threat-method-ordinary = 普通吃法
say-threats-on = 已開啟威脅模式。
say-threats-off = 已關閉威脅模式。

## Account (www/account.html, www/pages/account.js, www/account/client.js)

link-account = 帳戶
link-lobby = 大廳
account-page-title = Baroque — 帳戶
account-heading = 帳戶
account-nav =
    .aria-label = 帳戶
account-back = 去下棋
account-leaderboards = 排行榜
account-player-page = 你的棋手頁面：等級分、走勢圖、對局
account-optional = 帳戶是選用的：不註冊也能透過連結下棋。
account-login-heading = 登入
account-name-label = 使用者名稱
account-password-label = 密碼
account-login = 登入
account-signup-heading = 註冊帳戶
account-name-rule = 3 到 20 個字母、數字、_ 或 -。
account-password-rule = 至少 8 個字元。
account-signup = 註冊
account-logged-in-as = 已登入：{ $name }
account-ratings-caption = 等級分（Glicko-2；帶 ? 表示暫定）
account-ratings-game = 棋種
account-ratings-rating = 等級分
account-ratings-games = 計分對局
account-logout = 登出
account-logged-out = 你已登出。
account-welcome = 歡迎！帳戶已註冊，你已登入。
account-password-heading = 變更密碼
account-old-password-label = 目前密碼
account-new-password-label = 新密碼
account-password-change = 變更密碼
account-password-changed = 密碼已變更。{ $sessions ->
    [0] 沒有其他登入工作階段。
   *[other] 已登出其他 { $sessions } 個登入工作階段。
}
account-tokens-heading = API 權杖
account-tokens-intro = 權杖讓指令碼或機器人以此帳戶身分操作（Authorization: Bearer）。權杖只顯示一次。
account-token-description-label = 用途
account-token-make = 產生權杖
account-token-new-label = 你的新權杖（請立即複製：它不會再顯示）
account-token-made = 權杖已產生：請立即複製。
account-tokens-none = 沒有權杖。
account-token-item = { $description }（{ $date } 產生，編號 { $id }）
account-token-revoke = 撤銷
account-token-revoked = 權杖已撤銷。
account-error-bad-username = 使用者名稱須為 3 到 20 個字元：字母 a–z、數字、_ 和 -。
account-error-bad-password = 密碼須為 8 到 1024 個字元，且不能與使用者名稱相同。
account-error-name-taken = 此使用者名稱已被使用（不區分大小寫）。
account-error-bad-credentials = 使用者名稱或密碼錯誤。
account-error-rate-limited = 嘗試次數過多。請 { $minutes } 分鐘後再試。
account-error-bad-origin = 已拒絕：請求並非來自本站頁面。
account-error-not-logged-in = 你尚未登入。
account-error-session-needed = 此操作需要在已登入的頁面上進行，不能使用權杖。
account-error-too-many-tokens = 此帳戶的權杖已達上限：請先撤銷一個。
account-error-no-token = 沒有這個權杖。
account-error-network = 無法連線伺服器。
account-error-other = 伺服器拒絕了請求（HTTP { $status }）。

## Puzzles (www/puzzles.html, www/pages/puzzles.js)

link-puzzles = 習題
puzzles-page-title = Baroque — 習題
puzzles-heading = 習題
puzzles-nav =
    .aria-label = 習題
puzzles-back = 去下棋
puzzles-game-label = 棋種
puzzles-retry = 再試一次
puzzles-solution = 顯示答案
puzzles-next = 下一題
puzzles-progress-heading = 進度
puzzles-title = 習題 { $id }（第 { $number } 題，共 { $total } 題）：{ $side ->
        [white] 白方
       *[black] 黑方
    }走
puzzles-goal-mate = { $moves } 步將死。
puzzles-goal-capture = 找出一步吃掉 { $pieces } 個棋子的著法。
puzzles-goal-win = 找出唯一明顯取勝的著法。
puzzles-progress = { $game }：已解 { $solved } 題，共 { $total } 題。
puzzles-rating = 你的習題等級分：{ $rating }
puzzles-none = { $game }還沒有習題。
puzzles-score-cp = { $side ->
        [white] 白方
       *[black] 黑方
    }領先 { $pawns } 兵
puzzles-wrong = { $notation } 不是答案。再試一次。
puzzles-wrong-allows = { $notation } 不是答案：對方可以走 { $reply }（{ $score }）。再試一次。
puzzles-right-continue = { $notation }：正確。對方防守 { $reply }，請繼續。
puzzles-solved = { $notation }：解開了！
puzzles-solved-defence = { $notation }：解開了！對方最好的防守是 { $reply }。
puzzles-solution-is = 答案是 { $notation }。

## Analysis board (www/views/analysis.js)

btn-analysis = 分析
    .title = 讓引擎分析局面：評估、最佳變著和最佳著法
analysis-heading = 分析
analysis-lines-label = 變著數
analysis-cp = { $pawns }
analysis-mate = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $moves } 步將死
analysis-stats = 向前看 { $depth } 個半回合，每秒 { $speed } 個局面；分數以白方為準
analysis-stats-start = 向前看 { $depth } 個半回合；分數以白方為準
analysis-play-line = 走出這個變著
analysis-game-over = 對局已結束。

## Hints (www/views/hint.js)

btn-hint = 提示
    .title = 按一次顯示該走哪個棋子，再按一次顯示著法（對局會記下每次提示）
hint-thinking = 正在尋找好著法…
hint-piece = 提示：走 { $square } 的{ $piece }。
hint-move = 提示：{ $notation }。
hints-used = 本局已用提示：{ $count } 次
## Saved games, game records, results and clocks (www/services/store.js, www/views/games-list.js, main.js)

btn-games = 對局
btn-close = 關閉
games-heading = 對局
games-empty = 還沒有儲存的對局：對局從第一步起儲存。
games-name = 對局名稱
games-open = 開啟
games-rename = 重新命名
games-export = 匯出 PGN
games-delete = 刪除
games-undo = 復原
games-deleted = 已刪除「{ $name }」。
games-players-hotseat = 雙人同螢幕
games-players-computer = 你（{ $side ->
        [white] 白方
       *[black] 黑方
    }）對電腦，等級 { $level }
games-facts = { $game } · { $players } · { $date } · { $result }
games-in-progress = 進行中，{ $plies } 步
games-result = { $result ->
        [white] 1-0
        [black] 0-1
       *[draw] ½-½
    }
games-aside = 有 { $count } 筆儲存記錄無法讀取，已原樣保留在：{ $keys }
store-corrupt = 「{ $key }」下的對局無法讀取（資料已損壞），已另存於「{ $aside }」。
store-foreign = 「{ $key }」下的資料不是本頁面儲存的對局，已另存於「{ $aside }」。
store-newer = 「{ $key }」下的對局由較新版本的頁面寫入（格式 { $format }，本頁面最多讀取 { $supported }），已保持原樣。
store-full = 瀏覽器儲存空間已滿：最後一步未能儲存。請在「對局」中刪除一些對局以騰出空間；之前儲存的內容都未遺失。
store-unavailable = 此瀏覽器不允許頁面儲存對局（儲存已關閉）；對局可以繼續，但不會儲存。
store-forked = 此對局已在另一個分頁中變更；本分頁的著法已另存為新對局，另一個分頁的對局保持不變。
pgn-you = 你
pgn-computer = Baroque（等級 { $level }）
engine-pgn-bad-tag = 第 { $game } 局第 { $line } 行：「{ $tag }」不是標籤；標籤寫作 [Name "value"]。
engine-pgn-unknown-variant = 第 { $game } 局第 { $line } 行：Variant 標籤寫的是「{ $variant }」，不是任何一種棋。
engine-pgn-bad-option = 第 { $game } 局第 { $line } 行：標籤 [{ $tag } "{ $value }"] 無效：{ $reason }
engine-pgn-bad-fen = 第 { $game } 局第 { $line } 行：FEN 標籤無效：{ $reason }
engine-pgn-bad-move = 第 { $game } 局第 { $line } 行：第 { $number } 回合（{ $color ->
        [white] 白方
       *[black] 黑方
    }）的著法「{ $move }」無效：{ $reason }
engine-pgn-unterminated = 第 { $game } 局第 { $line } 行：文字在{ $what ->
        [comment] 註解
        [variation] 變著
       *[other] 標籤
    }中途結束。
engine-pgn-unexpected = 第 { $game } 局第 { $line } 行：「{ $char }」不應出現在這裡。
engine-pgn-no-game = 沒有第 { $wanted } 局：文字中共有 { $found } 局。
btn-redo = 重做
btn-resign = 認輸
btn-draw = 提和
btn-draw-accept = 同意和棋
btn-draw-decline = 拒絕
draw-offered = { $side ->
        [white] 白方提議和棋。黑方：同意還是拒絕？
       *[black] 黑方提議和棋。白方：同意還是拒絕？
    }
say-draw-declined = 和棋提議被拒絕，對局繼續。
say-took-back-end = 已撤回對局的結束，對局繼續。
say-redone = 重新走出：{ $moves }。
moves-result = { $score } { $reason }
go-heading = 對局結束
go-rematch = 再來一局
result-win-resign = { $winner ->
        [white] 白方勝：黑方認輸。
       *[black] 黑方勝：白方認輸。
    }
result-draw-agreement = 雙方同意和棋。
result-win-time = { $winner ->
        [white] 白方超時勝。
       *[black] 黑方超時勝。
    }
result-draw-time = { $side ->
        [white] 和棋：白方超時，但黑方無法取勝。
       *[black] 和棋：黑方超時，但白方無法取勝。
    }
ng-clock = 棋鐘
ng-clock-choice = 用時（分鐘 + 每步加秒）
ng-clock-none = 不用棋鐘
ng-clock-custom = 自訂…
ng-clock-minutes = 每方分鐘數
ng-clock-increment = 每步加秒
clock-side = { $side ->
        [white] 白方
       *[black] 黑方
    } { $time }
error-bad-clock = 連結中的棋鐘「{ $value }」不是有效的用時（分鐘+秒，例如 5+3）；本局不用棋鐘。
btn-copy-pgn = 複製 PGN
btn-download-pgn = 下載 PGN
btn-upload-pgn = 開啟 PGN 檔案…
btn-download-png = 下載 PNG
ng-pgn = 棋譜（PGN，選填）
ng-more = 更多：起始局面、規則、棋譜
ng-pgn-input =
    .placeholder = 貼上 PGN 以繼續該對局
say-pgn-copied = 棋譜（PGN）已複製。
say-pgn-copy-failed = 無法複製 PGN；請改用「下載 PGN」。
error-pgn-file = 未能開啟檔案「{ $name }」：{ $error }
result-win-record = { $winner ->
        [white] 依棋譜記載，白方勝。
       *[black] 依棋譜記載，黑方勝。
    }
result-draw-record = 依棋譜記載，和棋。
pref-sound = 聲音
pref-coordinates = 座標
pref-animation = 動畫

## Wiki boards: the <baroque-board> modes, the iframe page, the editor and the rules pages (issue 12)

wiki-first = 第一步
wiki-previous = 上一步
wiki-next = 下一步
wiki-last = 最後一步
wiki-reset = 重設
wiki-step-counter = 第 { $ply } 步，共 { $total } 步
wiki-move-list = 著法
wiki-mode-diagram = { $game }棋圖
wiki-mode-steps = { $game }著法，逐步演示（← → Home End）
wiki-mode-try = { $game }：從此局面試走
wiki-mode-play = { $game }：從此局面與電腦對弈
error-wiki-bad-mode = 未知模式「{ $value }」：請用 diagram、steps、try 或 play。
error-wiki-bad-lang = 未知語言「{ $value }」：請用 en、zh-Hans 或 zh-Hant。
error-wiki-bad-ply = 步數「{ $value }」不是整數（這一路著法共 { $total } 步）。
error-marks-bad = 標記「{ $mark }」有誤：請寫一個格子（d5）或一個箭頭（d2>d8），可加 :green、:red、:blue 或 :yellow。
wiki-embed-title = Baroque 棋盤
wiki-boards-caption-steps = 混合棋：三步著法，逐步演示，帶標記。

## Board pictures: Download SVG / PNG of the board (issue 12, www/services/download.js)

btn-download-svg = 下載 SVG
say-picture-failed = 無法產生圖片：{ $error }

## Rules pages: the legend's link to www/rules/<game>.html (issue 12)

legend-rules-link = { $game }規則（附範例）

## 覆盤與提示記錄 (www/review/review.js, www/views/hint.js; issue 13)

btn-review = 覆盤
    .title = 覆盤本局：引擎評判每一步，並畫出整局的評估曲線
btn-review-game = 覆盤本局
games-review = 覆盤
review-heading = 覆盤
review-preset-label = 強度
review-preset-quick = 快速（深度 3）
review-preset-normal = 普通（深度 5）
review-preset-deep = 深入（深度 7）
review-start = 覆盤本局
review-progress = 已分析 { $total } 個局面中的 { $done } 個
review-cancelled = 覆盤已取消。
review-failed = 覆盤中止：{ $error }
review-done = { $preset ->
        [quick] 快速覆盤
        [deep] 深入覆盤
       *[normal] 普通覆盤
    }（深度 { $depth }），共 { $plies } 步{ $partial ->
        [yes] ，此後對局仍在繼續。
       *[no] 。
    }
review-graph-label = 整局評估曲線，以白方為準（方向鍵逐步查看）
review-legend = 曲線下方是白方的份額：越高對白方越好。圓點標出 ?! 緩著、? 錯著和 ?? 大錯；點擊或用方向鍵跳到那一步。
review-move = 第 { $number } 回合{ $black ->
        [yes] 黑方
       *[no] 白方
    } { $notation }
review-point-start = 開局：{ $score }
review-point = { $move }：{ $score }
review-point-judged = { $move }：{ $score }，{ $kind ->
        [blunder] 大錯
        [mistake] 錯著
       *[inaccuracy] 緩著
    }；更好的是 { $best }
review-score-over = { $winner ->
        [white] 白方勝
        [black] 黑方勝
       *[draw] 和棋
    }
review-col-side = 方
review-col-inaccuracy = 緩著
review-col-mistake = 錯著
review-col-blunder = 大錯
review-col-acpl = 平均損失
review-col-accuracy = 準確率
review-side = { $side ->
        [white] 白方
       *[black] 黑方
    }
review-percent = { $value }%
review-none = 沒有緩著、錯著或大錯。
review-say-side = { $side ->
        [white] 白方
       *[black] 黑方
    }：大錯 { $blunder } 次，錯著 { $mistake } 次，緩著 { $inaccuracy } 次，平均損失 { $acpl } 釐兵，準確率 { $accuracy }%
review-kind-inaccuracy = 緩著
review-kind-mistake = 錯著
review-kind-blunder = 大錯
review-better = 更好：{ $best }
review-pgn-comment = { $kind ->
        [blunder] 大錯。
        [mistake] 錯著。
       *[inaccuracy] 緩著。
    }更好：{ $best }。
hint-mark = 提
hint-mark-title = 用提示後走的棋
games-hints = 用了 { $count } 次提示。
games-reviewed = 已覆盤。

## Analysis move tree: variations, PGN trees, analysis from any source (issue 13, helper tree)
engine-pgn-too-deep = 第 { $game } 局第 { $line } 行：變著嵌套超過 { $limit } 層。
engine-tree-bad-value = 無法讀取著法樹：{ $reason }
engine-pgn-tags-not-pairs = 無法讀取棋譜的標籤：{ $reason }
engine-tree-bad-move = 著法樹第 { $ply } 步的著法（「{ $move }」）有誤：{ $reason }
engine-tree-not-the-game = 著法樹的第 { $ply } 步（「{ $move }」）不是這局棋的著法。
engine-tree-too-deep = 著法樹的變著嵌套超過 { $limit } 層。

## Position editor (www/editor.html, www/pages/editor.js)

link-editor = 擺一個局面
editor-page-title = Baroque — 局面編輯器
editor-heading = 局面編輯器
editor-nav =
    .aria-label = 編輯器
editor-back = 下一盤棋
editor-board =
    .aria-roledescription = 棋盤
    .aria-label = 正在載入棋盤…
editor-board-label = { $game }：正在擺放的局面。方向鍵移動游標，Enter 放下所選棋子，Delete 鍵移除棋子。
editor-palette =
    .aria-label = 棋子
editor-help = 把棋子從棋子欄拖到棋盤上，或選中一個棋子後點擊格子。把棋子拖出棋盤、右鍵點擊它或按 Delete 鍵即可移除。鍵盤：用方向鍵選棋子，聚焦棋盤，用方向鍵移動，Enter 放下棋子。
editor-tool-move = 移動棋子
editor-tool-erase = 移除棋子
editor-piece = { $color ->
        [white] 白方
       *[black] 黑方
    }{ $piece }
editor-game = 棋種
editor-array = 開局佈陣
editor-array-standard = 標準佈陣
editor-array-join = ；
editor-start = 開局局面
editor-clear = 清空棋盤
editor-side = 行棋方
editor-side-white = 白方
editor-side-black = 黑方
editor-castling = 易位
editor-castle = { $color ->
        [white] 白方
       *[black] 黑方
    } { $notation }
editor-en-passant = 吃過路兵的格子
editor-valid = 局面合法：可以對弈，也可以分析。
editor-play = 從這裡開始下棋
editor-analyse = 分析
editor-fen = FEN（輸入或貼上即可載入）
editor-snippets = 放到網頁上
editor-snippet-element = 元素（允許腳本的網頁）
editor-snippet-iframe = iframe（不允許腳本的維基）
editor-snippet-command = 圖片（命令列）
editor-copy = 複製
editor-download-svg = 下載 SVG
editor-download-png = 下載 PNG
editor-say-put = { $piece }放在 { $square }。
editor-say-removed = { $square } 已清空。
editor-say-moved = { $piece } { $from } 到 { $to }。
editor-say-held = 已拿起 { $square } 的{ $piece }：移動游標，按 Enter 放下。
editor-say-dropped = 已放回。
editor-say-tool = 已選：{ $tool }。
editor-say-flip = { $side ->
        [white] 白方
       *[black] 黑方
    }在下方。
editor-say-game = { $game }：開局局面。
editor-say-start = 開局局面。
editor-say-cleared = 棋盤已清空。
editor-say-copied = 已複製。
editor-say-copy-by-hand = 請選取文字後手動複製。
engine-fen-why-king-count = { $color ->
        [white] 白方
       *[black] 黑方
    }必須恰好有一個王，棋盤上有 { $count } 個。
engine-fen-why-side-in-check = 輪到{ $side ->
        [white] 白方
       *[black] 黑方
    }走，但{ $color ->
        [white] 白方
       *[black] 黑方
    }正被將軍：對局中不可能出現。
engine-fen-why-pawn-square = 在這種棋裡，{ $color ->
        [white] 白方
       *[black] 黑方
    }的兵不能位於 { $square }。
engine-fen-why-castling-pieces = 易位「{ $letter }」需要{ $color ->
        [white] 白方
       *[black] 黑方
    }的王在 { $king }、未升變的車在 { $rook }。
engine-fen-why-en-passant = 吃過路兵的格子「{ $squares }」與局面不符：剛走棋的一方沒有兵越過這些格子。
engine-setup-bad-square = 「{ $square }」不是這個棋盤上的格子。
engine-setup-bad-piece = 「{ $role }」不是這種棋的棋子。
engine-setup-bad-color = 「{ $color }」不是顏色：應為白或黑。

tree-viewing = 變著中：{ $notation }（在第 { $ply } 步之後離開對局 { $moves } 步）。
btn-tree-promote = 設為主線
btn-tree-delete = 刪除變著
say-tree-promoted = 這條變著現在是主線。
say-tree-deleted = 變著已刪除。
analyse-input-label = 分析一個 FEN 或 PGN
btn-analyse-text = 分析
btn-analyse-game = 分析
games-analyse = 分析
error-analyse-empty = 請貼上要分析的 FEN 或 PGN。
error-analyse-text = 無法分析這段文字：{ $error }
error-url-pgn = 未能讀取網址中的 pgn：{ $error }

# Pondering: the computer thinks on the player's time (Appearance card)
pref-ponder = 在我思考時思考
pref-ponder-note = 在 { $from } 至 { $to } 級，你思考時電腦也在思考你可能走的那步棋；你走了這步，它會更快應對。
pref-ponder-unavailable = 此處不可用：網頁未以跨來源隔離方式提供（見 README）。

## 用時（crates/engine/src/clock.rs）
engine-pgn-bad-time-control = 第 { $game } 局第 { $line } 行：TimeControl 標籤無效：{ $reason }
engine-time-control-syntax = 「{ $value }」不是有效的用時：請寫基本時間加每步加秒（5+3），或每步天數。
engine-time-control-base = 「{ $value }」：基本時間須在 { $min } 秒到 { $max } 秒之間。
engine-time-control-increment = 「{ $value }」：每步加秒須在 { $min } 到 { $max } 秒之間。
engine-time-control-fraction = 「{ $value }」：時間須為整秒。
engine-time-control-days = 「{ $value }」：通信棋每步 { $min } 到 { $max } 整天。
engine-time-control-unsupported = 「{ $value }」：只支援基本時間加每步加秒，或每步天數。

## Embedding (www/services/embed-snippet.js): the link a handed-out <baroque-board> shows until its script runs
embed-fallback-link = 在 Baroque 中開啟此局面

## 線上對局（www/online/、www/pages/game/online.js、新對局對話框的線上選項）
online-days = 每步 { $days } 天。

## Play polish (issue 26 §3, helper polish): resign confirm, why the board does not move, move
## navigation, piece tooltips, the legend's rule sentences from the rule options
move-nav =
    .aria-label = 逐步查看著法
btn-first =
    .aria-label = 第一步
    .title = 第一步
btn-prev =
    .aria-label = 上一步
    .title = 上一步（←）
btn-next =
    .aria-label = 下一步
    .title = 下一步（→）
btn-last =
    .aria-label = 最後一步
    .title = 最後一步：回到對局
resign-confirm = 認輸並結束本局？
btn-resign-yes = 認輸
btn-resign-no = 繼續下棋
board-wait-computer = 電腦正在思考：它走完後輪到你。
board-looking-back = 你正在查看{ $ply ->
        [0] 起始局面
       *[other] 第 { $ply } 步之後的局面
    }：回到對局才能走棋（「回到對局」）。
piece-title = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }（{ $square }{ $frozen ->
        [yes] ，被麻醉
       *[no] { "" }
    }）
analysis-line-viewing = 分析著法 { $line }（未走入對局，對局不變）。
legend-rule-win-checkmate = 將死即勝。
legend-rule-win-capture = 吃掉對方的王即勝；王可以留在被吃的位置。
legend-rule-stalemate-loss = 無子可走的一方判負。
legend-rule-stalemate-draw = 未被將軍且無子可走的一方判和。
legend-rule-suicide-on = { $input ->
        [touch] 輕點
       *[other] 點擊
    }被麻醉的棋子兩次可將其移除（自殺）。

## 線上對局：一次性邀請（issue 33；www/online/news.js、www/pages/game/online-info.js）
error-watching = 你在觀戰：棋步來自雙方棋手。
online-connection-kept = 連線已中斷：這是本瀏覽器最後看到的對局。伺服器恢復後對局繼續。
online-note-own-invite = { $invited ->
        [white] 這是給你朋友執白的邀請連結；你在這裡執黑。
       *[black] 這是給你朋友執黑的邀請連結；你在這裡執白。
    }
online-note-seat-taken = 此座位已被占用：這個邀請已經有人用過了。你正在觀戰。
online-note-bad-invite = 這個邀請不屬於此對局。你正在觀戰。
online-note-login-needed = 這是計分對局：請先登入（帳戶）再占座，然後重新開啟此連結。你正在觀戰。
online-note-casual = 排位對局只用標準規則和標準開局：本局為非排位。
online-refused-login-needed = 排位對局需要登入：請先登入（帳戶），再重新建立對局。
online-note-own-challenge = 這是你自己發起的計分挑戰：請把連結傳給對手。你正在觀戰。
online-note-no-game = 伺服器上沒有這個對局。
online-note-unreachable = 無法連線對局伺服器，邀請暫時無法使用：伺服器一有回應就會使用它。
online-news-draw-declined = 對方拒絕了和棋。
online-news-takeback-accepted = 對方同意了悔棋。
online-news-takeback-declined = 對方拒絕了悔棋。
online-news-rematch-declined = 對方拒絕了再來一局。
online-news-friend-joined = 你的朋友已加入。
online-news-friend-left = 你的朋友已離開。
online-deadline = { $side ->
        [white] 白方須在 { $date } 前走棋。
       *[black] 黑方須在 { $date } 前走棋。
    }
online-claim-in = { $seconds } 秒後可判勝
online-share-button = 分享
online-transfer-button = 在另一台裝置上繼續
online-share-title = 分享此對局
online-share-note = 開啟此連結的人可以觀看對局。
online-share-qr-label = 觀戰連結的 QR 碼
online-transfer-title = 在另一台裝置上繼續
online-transfer-note = 請在 { $minutes } 分鐘內在另一台裝置上開啟此連結（或掃描 QR 碼）：那台裝置也將執你的一方。連結只能用一次。
online-transfer-qr-label = 另一台裝置所用連結的 QR 碼
online-transfer-link = 另一台裝置的連結
online-transfer-failed = 無法產生另一台裝置的連結。
online-abort = 中止
online-abort-confirm = 中止此對局？對局將不計結果。
online-title-your-move = 輪到你走
online-refused-move-lost = 你的棋步未能送達伺服器，已撤回。請再走一次。
online-refused-cannot-abort = 雙方都已走棋：對局不能再中止。
online-refused-seat-taken = 此座位已被占用。
online-refused-rate-limited = 請求太頻繁：請稍候再試。
online-refused-bad-host = 此伺服器不接受網址列中的名稱：請用它自己的位址開啟。
online-refused-bad-origin = 遊戲伺服器拒絕了來自其他網站的請求。
online-refused-too-many-connections = 來自你的網路的連線太多：請關閉本遊戲的其他分頁後再試。
online-refused-server-full = 遊戲伺服器已滿：請一分鐘後再試。
result-draw-abort = 對局已中止：不計結果。
result-draw-noStart = 對局已中止：第一步沒有按時走出。

## The watch page (www/watch.html): live games and TV
watch-page-title = Baroque — 觀戰
watch-heading = 觀戰
watch-nav =
    .aria-label = 觀戰
watch-back = 去下棋
watch-tv-heading = 電視
watch-filter = 棋種
watch-all-games = 全部棋種
watch-tv-waiting = 現在沒有正在進行的對局；有新對局時電視會自動播放。
watch-open = 帶棋鐘觀看
watch-live-heading = 正在進行的對局
watch-live-empty = 現在沒有正在進行的對局。
watch-spectators = { $count } 位觀眾
watch-anonymous = 匿名
watch-player = { $name }（{ $rating }）
watch-versus = { $white } 對 { $black }
watch-tv-player = { $side }：{ $player }
