# Baroque 的简体中文文字。消息 id 与 en.ftl 相同（约定见 en.ftl 开头和 docs/i18n.md）。
# 棋子名称依据 shared/seeds 中的中文条目；坐标保持规则书的写法。

## Language switch

lang-select =
    .aria-label = 语言
    .title = 语言

error-unknown-language = 未知的语言“{ $value }”（本页支持 { $languages }），已改用其他语言。
error-unknown-parameter = 链接参数“{ $name }”既不是本页的设置，也不是这个棋种的规则选项，已忽略。

## Before the engine runs

boot-file = 本页必须通过 http 打开：运行“npm start”，再打开它显示的地址。
boot-slow = 游戏启动得很慢。如果一直没有反应，这个浏览器可能不支持模块脚本或 WebAssembly。

## Header and board

nav-game =
    .aria-label = 对局
btn-new = 新对局
btn-undo = 悔棋
btn-flip = 翻转棋盘
btn-cancel = 取消
board-area =
    .aria-label = 棋盘
board-canvas =
    .aria-roledescription = 棋盘
    .aria-label = 正在载入棋盘…
board-help = 点击或拖动棋子走棋。键盘：让棋盘获得焦点，用方向键移动，Enter 拿起和放下，Esc 放弃。把指针停在目标格上可看到这一步吃哪些子。
promotion-dialog =
    .aria-label = 选择棋子
promotion-title = 升变为

## Panel

status-loading = 载入中…
thinking = 电脑正在思考…
btn-move-now = 立即走棋
btn-suicide = 移除此子（自杀）
move-input-label = 输入着法
btn-play = 走棋
moves-heading = 着法
move-list =
    .aria-label = 已走的着法（点击一步可查看走完后的局面）
btn-back-to-game = 回到对局
position-heading = 局面
fen-label = 当前局面的 FEN
btn-copy = 复制
share-link = 本局链接
pieces-heading = 棋子

## 在线对局（www/online/、www/pages/game/online.js、新对局对话框的在线选项）
error-opponent-turn = 现在轮到对手走棋。
error-not-your-turn = 现在不是网络一方走棋。
result-win-abandonment = { $winner ->
        [white] 白方胜：黑方离开了对局。
       *[black] 黑方胜：白方离开了对局。
    }
players-online = 在线：{ $seat ->
        [white] 你执白
        [black] 你执黑
       *[spectator] 你在观战
    }{ $days ->
        [0] { "" }
       *[other] ，每步 { $days } 天
    }。
ng-online = 与朋友在线对弈
ng-online-color = 你执
ng-online-rated = 排位（双方都需要账户）
ng-online-random = 随机
ng-online-time = 用时
ng-online-live = 实时，用下面的棋钟
ng-online-days = 通信棋：每步 { $days } 天
ng-online-checking = 正在寻找对局服务器…
ng-online-ready = 对局服务器已就绪：点“生成邀请”为朋友生成邀请链接。
ng-online-unreachable = 此网页无法连接对局服务器，因此这里不能在线对弈（需要由 baroque-server 提供网页）。
ng-online-start = 生成邀请
online-invite-title = 邀请朋友
online-invite-note = 把这个链接发给朋友：它只能用一次，第一个打开的人执另一方。你自己的座位保存在本浏览器中：从“对局”列表可以回到对局。
online-invite-link = 朋友的链接
online-spectator-link = 观战链接
online-copy = 复制
online-share = 分享
online-copied = 链接已复制。
online-copy-by-hand = 无法复制：请选中链接手动复制。
online-qr-label = 朋友链接的二维码
online-qr-failed = 无法生成二维码；上面的链接同样可用。
online-invite-done = 完成
online-connection-connecting = 正在连接对局服务器…
online-connection-open = 已连接。
online-connection-offline = 连接中断：正在重试… 恢复后会发送你的着法。
online-connection-closed = 已断开。
online-your-move = 轮到你走。
online-their-move = 等待对手走棋。
online-watching = { $side ->
        [white] 观战中：白方走棋。
       *[black] 观战中：黑方走棋。
    }
online-crowd = { $count } 位观众
online-offer-draw = 对手提议和棋。
online-offer-takeback = 对手请求悔一步棋。
online-offer-rematch = 对手想再下一局。
online-offered-draw = 你已提议和棋。
online-offered-takeback = 你已请求悔棋。
online-offered-rematch = 你已请求再下一局。
online-rating-change = 等级分：白方 { $white }（{ $whiteDiff }），黑方 { $black }（{ $blackDiff }）
online-player-side = { $side ->
        [white] 白方：
       *[black] 黑方：
    }
online-player-anonymous = 匿名玩家
online-accept = 接受
online-decline = 拒绝
online-claim = 判胜（对手已离开）
online-offline = 未连接对局服务器：请在连接恢复后重试。
online-refused = 服务器拒绝了：{ $code }。
online-refused-illegal-move = 服务器拒绝了这步棋：它不合规则。
online-refused-not-your-turn = 现在不是你走。
online-refused-game-over = 对局已结束。
online-refused-cannot-claim = 对手离开的时间还不够长，不能判胜。
online-refused-no-takeback = 没有可悔的棋。
online-refused-stale-ply = 对局已继续：你的着法来迟了。
online-refused-unreachable = 无法连接对局服务器。
online-create-failed = 无法创建对局：{ $error }
games-online-name = { $game }（在线）
games-online-facts = { $seat ->
        [white] 你执白
        [black] 你执黑
       *[spectator] 观战
    }{ $days ->
        [0] { "" }
       *[other] ，每步 { $days } 天
    } · { $date } · { $state }
games-online-your-move = 轮到你走
games-online-their-move = 等待对手（{ $moves } 回合）
games-forget = 移除

## Sides

side-white = 白方
side-black = 黑方

## New-game dialog

ng-game = 棋种
ng-players = 对手
ng-hotseat = 两人同屏对弈
ng-computer = 与电脑对弈
ng-you-play = 你执
ng-level = 等级
ng-autoflip = 轮到哪方就把棋盘转向哪方
ng-setup = 开局布阵
ng-options = 规则选项
ng-fen = 起始局面（可选）
ng-fen-input =
    .placeholder = FEN；留空则从标准开局开始
ng-start = 开始

## Games and pieces

game-ultima = Ultima（巴洛克象棋）
game-omega = 欧米加象棋
game-hybrid = Chess–Ultima 混合棋
header-game-title = — { $game }
page-title = { $game } — Baroque
role-king = 王
role-pincer = 夹吃者
role-long-leaper = 跳吃者
role-withdrawer = 拖吃者
role-coordinator = 协吃者
role-immobilizer = 麻醉者
role-chameleon = 模仿者
role-pawn = 兵
role-queen = 后
role-rook = 车
role-bishop = 象
role-knight = 马
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
role-promoted-rook = 成车
role-promoted-knight = 成马
role-promoted-bishop = 成象
role-dragon-horse = 成象（已放狗）

## The pieces panel

legend-king-moves = 向任意方向走一格。
legend-king-captures = 走到敌子所在的格上吃掉它。
legend-pincer-moves = 像车一样沿横线和直线走任意格。
legend-pincer-captures = 夹吃：落点横向或纵向相邻的敌子，若其另一侧紧挨着己方棋子，就被吃掉。
legend-long-leaper-moves = 像后一样直走或斜走任意格，落在空格上。
legend-long-leaper-captures = 沿直线跳过敌子，落在每个敌子后面的空格上；跳过的棋子全部吃掉。
legend-withdrawer-moves = 像后一样直走或斜走任意格，落在空格上。
legend-withdrawer-captures = 从相邻的敌子正对面离开，将其吃掉。
legend-coordinator-moves = 像后一样直走或斜走任意格，落在空格上。
legend-coordinator-captures = 与己方王构成矩形，吃掉另外两个角上的敌子（它的直线与王的横线、王的直线与它的横线的交点）。
legend-immobilizer-moves = 像后一样直走或斜走任意格，落在空格上。
legend-immobilizer-captures = 从不吃子。麻醉所有相邻的敌子：被麻醉的棋子不能移动（可以改为自杀）。
legend-chameleon-moves = 像后一样直走或斜走任意格，落在空格上。
legend-chameleon-captures = 用每个敌子自己的吃法吃它（夹吃夹吃者、跳吃跳吃者、拖吃拖吃者、协吃协吃者、走到王上吃王），并麻醉敌方麻醉者。
legend-pawn-moves = 向前走一格（在起始横线上可走两格或更多）。
legend-pawn-captures = 斜前方一格吃子；可吃过路兵；到达底线升变。
legend-queen-moves = 沿横线、直线和斜线走任意格。
legend-queen-captures = 落到敌子所在的格上将其吃掉。
legend-rook-moves = 沿横线和直线走任意格。
legend-rook-captures = 落到敌子所在的格上将其吃掉。
legend-bishop-moves = 沿斜线走任意格。
legend-bishop-captures = 落到敌子所在的格上将其吃掉。
legend-knight-moves = 跳到 2×3 矩形的对角（“日”字）。
legend-knight-captures = 落到敌子所在的格上将其吃掉。
legend-champion-moves = 直走一格或两格，或斜走正好两格（可越子）。
legend-champion-captures = 落到敌子所在的格上将其吃掉。
legend-wizard-moves = 斜走一格，或像骆驼一样跳 1×3。只走同色格。
legend-wizard-captures = 落到敌子所在的格上将其吃掉。
legend-archbishop-moves = 象 + 马。
legend-archbishop-captures = 落到敌子所在的格上将其吃掉。
legend-chancellor-moves = 车 + 马。
legend-chancellor-captures = 落到敌子所在的格上将其吃掉。
legend-cannon-moves = 像车一样走，也可越过一枚棋子落到其后的空格。
legend-cannon-captures = 越过正好一枚棋子（炮架），吃掉其后的下一枚棋子。
legend-dog-moves = 斜走 1–3 格。不会被麻醉。
legend-dog-captures = 落到敌子所在的格上将其吃掉。
legend-pushme-pullyu-moves = 像后一样直走或斜走任意格，落在空格上。
legend-pushme-pullyu-captures = 拖吃身后相邻的敌子，并推吃落点前方紧邻的敌子：可吃其一或两者。
legend-promoted-queen-moves = 后 + 四个竖向“日”字跳（横一格、纵两格）。
legend-promoted-queen-captures = 落点吃子。
legend-promoted-chancellor-moves = 车 + 马 + 斜走一格。
legend-promoted-chancellor-captures = 落点吃子。
legend-promoted-archbishop-moves = 象 + 马 + 直走一格。
legend-promoted-archbishop-captures = 落点吃子。
legend-promoted-rook-moves = 车 + 斜走一格（龙王）。
legend-promoted-rook-captures = 落点吃子。
legend-promoted-knight-moves = 马 + 骆驼跳（1×3，“目”字）。
legend-promoted-knight-captures = 落点吃子。
legend-promoted-bishop-moves = 象 + 直走一格。第一步在起点留下一只狗（爪印标记）。
legend-promoted-bishop-captures = 落点吃子。
legend-dragon-horse-moves = 象 + 直走一格（狗已放出）。
legend-dragon-horse-captures = 落点吃子。
legend-moves = 走法：{ $text }
legend-captures = 吃法：{ $text }
legend-note-ultima = 吃子是走棋的附带效果，自动发生。被麻醉的棋子（雪花标记）不能移动。
legend-note-omega = 在 10×10 棋盘上下国际象棋，四角外各有一个巫格（w1–w4，紫色）。兵在起始横线上可走 1–3 格；易位时王走两格。
legend-note-hybrid = 国际象棋的棋子落点吃子，Ultima 的棋子用各自的吃法。棋子走完后位于敌阵（最后三条横线）即升变；升变后的棋子带红色 + 标记。

## Status, results and checks

status-turn = 轮到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋{ $check ->
        [yes] ——将军！
       *[no] { "" }
    }{ $computer ->
        [yes] （电脑）
       *[no] { "" }
    }
status-unavailable = 无法使用
result-draw-stalemate = 逼和，和棋。
result-draw-repetition = 三次重复局面，和棋。
result-draw-fifty-move = 五十回合规则，和棋。
result-draw-insufficient-material = 和棋：只剩下双方的王。
result-draw-no-moves = 和棋：{ $side ->
        [white] 白方
       *[black] 黑方
    }无子可走。
result-draw-other = 和棋（{ $reason }）。
result-win-checkmate = { $winner ->
        [white] 白方
       *[black] 黑方
    }将死对方获胜。
result-win-king-captured = { $winner ->
        [white] 白方获胜：黑方的王被吃掉了。
       *[black] 黑方获胜：白方的王被吃掉了。
    }
result-win-no-moves = { $winner ->
        [white] 白方获胜：黑方无子可走。
       *[black] 黑方获胜：白方无子可走。
    }
result-win-other = { $winner ->
        [white] 白方
       *[black] 黑方
    }获胜（{ $reason }）。
check-info = { $side ->
        [white] 白方
       *[black] 黑方
    }的王被将军：{ $checkers }。
check-checker = { $from } 的{ $piece }（{ $from }–{ $to } 可{ $method }吃王）
check-method-king = 走到王上
check-method-pincer = 与己方棋子夹住
check-method-long-leaper = 跳过
check-method-withdrawer = 拖离
check-method-coordinator = 与己方王协同
check-method-chameleon = 像王一样走到王上
check-method-pushme-pullyu = 拖吃或推吃
check-method-cannon = 越过炮架
check-method-default = 落到王上
moves-empty = 还没有着法。

## Move sentences and positions (describe.rs)

move-step = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece } { $from } 到 { $to }
move-suicide = { $side ->
        [white] 白方
       *[black] 黑方
    } { $square } 的{ $piece }自行移除（自杀）
move-castles = ，易位
move-victim = { $piece } { $square }
move-captures = ，吃掉{ $victims }
move-captures-en-passant = ，吃过路兵{ $victims }
move-becomes = ，升变为{ $piece }
move-releases = ，在 { $square } 放出{ $piece }
move-check = ，将军
move-end = 。
pos-turn = { $game }，轮到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋{ $check ->
        [yes] ，被将军
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
    }：没有棋子。
pos-frozen = 被麻醉：{ $squares }。
pos-join = { "" }
move-input-example = { $text } 或 { $notation }

## The page (main.js)

say-join = { "" }
rules-info = 规则选项：{ $options }
players-computer = 你执{ $side ->
        [white] 白方
       *[black] 黑方
    }与电脑对弈（等级 { $level }，{ $name }）。
players-hotseat = 两人同屏对弈{ $autoflip ->
        [yes] ；棋盘转向走棋的一方
       *[no] { "" }
    }。
say-new-game = 新对局：{ $game }。{ $position }
error-not-ready = 对局还没有准备好。
error-wait-computer = 请等电脑走棋（或按“立即走棋”）。
error-game-over = 对局已结束。请开始新对局或悔棋。
error-computer-turn = 现在轮到电脑走棋。
btn-try-again = 重试
error-computer-no-move = 它找不到着法
error-computer-move = 电脑的着法 { $move } 没有走成：{ $error }
error-computer-failed = 电脑无法走棋：{ $error }。
error-computer-player = 电脑棋手：{ $error }
error-computer-load = 引擎没有在工作线程中载入（{ $message }）
error-computer-stopped = 电脑棋手停止了运行（{ $message }）
error-computer-no-position = 搜索前没有给出局面
error-computer-unavailable = 引擎不可用
error-computer-bad-message = 工作线程收到未知消息（{ $type }）
figures-computer = 电脑：深度 { $depth }，{ $nodes } 个节点，在此浏览器中每秒 { $knps } k 个节点
say-took-back = 已悔棋 { $moves }。轮到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋。
say-board-turned = 棋盘已翻转：{ $side ->
        [white] 白方
       *[black] 黑方
    }在下方。
viewing-start = 起始局面
viewing-after = 第 { $number } 回合{ $black ->
        [yes] 黑方
       *[no] 白方
    } { $notation } 之后
viewing-text = { $what }（第 { $ply } 步，共 { $last } 步）。
say-viewing = { $what }。{ $position }
say-back-to-game = 回到对局。轮到{ $side ->
        [white] 白方
       *[black] 黑方
    }走棋。
selection-frozen-suicide = { $square } 的{ $piece }被麻醉了。再{ $input ->
        [touch] 轻点
       *[other] 点击
    }一次可将它从棋盘上移除（自杀）。
selection-frozen = { $square } 的{ $piece }被麻醉了，不能移动。
cursor-piece = { $square }：{ $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }{ $frozen ->
        [yes] ，被麻醉
       *[no] { "" }
    }。
cursor-empty = { $square }：空格。
cursor-captures = 把 { $from } 走到这里可吃掉 { $victims }。
cursor-can-move = { $from } 可以走到这里。
error-move-empty = 请先输入着法，例如 { $example }。
say-fen-copied = FEN 已复制。
say-fen-copy-by-hand = 请选中 FEN 并按 Ctrl+C 复制。
error-engine-load = 无法载入游戏引擎：{ $error }。本页需要支持 WebAssembly 的浏览器。
score-mate = { $side ->
        [white] 白方
       *[black] 黑方
    } { $moves } 步将死
score-cp = { $side ->
        [white] 白方
       *[black] 黑方
    }领先 { $pawns } 兵
score-even = 双方均势
thinking-depth = 电脑正在思考…已向前看 { $depth } 个半回合：{ $score }
error-unknown-variant = 未知的棋种“{ $value }”：可选 { $variants }。改为显示 { $game }。
error-unknown-mode = 未知的模式“{ $value }”（请用 mode=hotseat 或 mode=computer）。
error-unknown-side = 未知的一方“{ $value }”（请用 side=white 或 side=black）。
error-bad-level = 等级“{ $value }”不是 1 到 { $max } 之间的数。
error-url-move = 链接中的着法“{ $move }”没有走成：{ $error }

## Engine errors, by code

engine-unknown = { $message }。
engine-variant-unknown = 未知的棋种“{ $variant }”；可选的棋种有 { $variants }。
engine-option-none = 这个棋种没有规则选项（给出了“{ $name }”）。
engine-option-unknown = 没有名为“{ $name }”的规则选项；可选的有 { $options }。
engine-option-bad-value = 不允许选项 { $name }={ $value }；请用 { $allowed }。
engine-option-syntax = 规则选项应写成 name=value，而不是“{ $text }”。
engine-fen-board = FEN 的棋盘部分有误。
engine-fen-side = FEN 的行棋方有误（应为 w 或 b）。
engine-fen-castling = FEN 的易位字段有误。
engine-fen-en-passant = FEN 的吃过路兵字段有误。
engine-fen-halfmove = FEN 的半回合计数有误。
engine-fen-fullmove = FEN 的回合数有误。
engine-fen-extra = FEN 的字段太多。
engine-fen-position = FEN 描述的不是一个可能的局面。
engine-move-text-empty = 着法是空的。
engine-move-text-bad-from = “{ $text }”的开头不是这个棋盘上的格子。
engine-move-text-bad-to = “{ $text }”的结尾不是这个棋盘上的格子。
engine-move-text-trailing = “{ $text }”在着法之后还有多余的内容。
engine-move-no-piece = 着法“{ $text }”不合法：{ $square } 上没有棋子。
engine-move-not-your-piece = 着法“{ $text }”不合法：{ $square } 上是{ $owner ->
        [white] 白方
       *[black] 黑方
    }的棋子，现在轮到{ $to_move ->
        [white] 白方
       *[black] 黑方
    }走。
engine-move-no-suicide = 着法“{ $text }”不合法：{ $square } 的{ $role }不能自杀。
engine-move-no-move-to = 着法“{ $text }”不合法：{ $from } 的{ $role }不能走到 { $to }。
engine-move-must-promote = 着法“{ $text }”不合法：必须升变，请加上 { $letters } 之一。
engine-move-not-a-promotion-choice = 着法“{ $text }”不合法：这里不能升变为 { $letter }；请在 { $letters } 中选择。
engine-move-promotion-not-allowed = 着法“{ $text }”不合法：这一步不能升变（{ $letter }）。
engine-move-no-promotion = 着法“{ $text }”不合法：这个棋种没有升变 { $letter }。
engine-internal = 内部错误：{ $message }

## New-game dialog: choices, options and levels

ng-level-choice = { $level } — { $name }
ng-level-depth = 向前看 { $depth } 个半回合
ng-level-nodes = 每步最多权衡 { $nodes } 个局面
ng-level-time = 每步最多想 { $seconds } 秒
ng-level-join = { "，" }
ng-level-about = 等级标尺上的强度为 { $elo }：对 { $below } 级约得 { $score }% 的分
ng-level-about-first = 等级标尺上的强度为 { $elo }（每一级都与下一级对局测定）
ng-option-default = { $value }（默认）
ng-setup-custom = 下面填写了 FEN，所以由它决定起始局面。
ng-choice-wIC = 白方：麻醉者与协吃者互换
ng-choice-wKW = 白方：王与拖吃者互换
ng-choice-bIC = 黑方：麻醉者与协吃者互换
ng-choice-bKW = 黑方：王与拖吃者互换
option-win = 胜利条件
option-win-checkmate = 将死
option-win-capture = 吃掉王
option-stalemate = 逼和
option-stalemate-loss = 判负
option-stalemate-draw = 和棋
option-immobilizer = 麻醉者
option-immobilizer-classic = 经典
option-immobilizer-pure = 纯粹
option-suicide = 自杀
option-suicide-on = 允许
option-suicide-off = 不允许
option-chameleon = 模仿者
option-chameleon-combined = 组合
option-chameleon-pure = 纯粹
option-leaper = 跳吃者
option-leaper-multi = 一跳可吃多子
option-leaper-single = 一跳只吃一子
level-1 = 入门
level-2 = 新手
level-3 = 休闲
level-4 = 俱乐部
level-5 = 强
level-6 = 专家
level-7 = 大师
level-8 = 最强

## The embed element and its page

embed-error = 棋盘错误：{ $error }
embed-page-title = Baroque — 嵌入式棋盘
embed-heading = 嵌入式棋盘
embed-intro = 每个棋盘都是一个 <baroque-board> 元素；见 www/baroque-board.js。
embed-caption-pincer = Ultima §10 A：选中 g4 的夹吃者，指向 d4，看看它吃哪些子。
embed-caption-wizard = 欧米加象棋：e1–e4 和黑方巫 w4–a7 之后，从黑方视角看。
embed-caption-broken = 错误的属性会显示引擎的消息。

## Appearance, keyboard and touch (www/views/theme.js, www/views/a11y.js, www/views/touch.js)

btn-describe = 描述局面
    .title = 朗读整个局面（D 键）
appearance-heading = 外观
theme-label = 主题
theme-system = 跟随系统
theme-light = 浅色
theme-dark = 深色
board-set-label = 棋盘配色
board-set-wood = 木纹
board-set-slate = 石板
board-help-touch = 轻点棋子，再轻点目标格，或直接拖动。长按棋子可查看它的名称和走法。
say-theme = 主题：{ $theme }。棋盘配色：{ $set }。
piece-card =
    .aria-label = 棋子说明
piece-card-title = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }，位于 { $square }

## Threats mode (www/views/threats.js): what the opponent could capture or freeze next move

btn-threats = 威胁
    .title = 显示对方下一步可以吃掉或麻醉哪些棋子
threats-heading = 威胁
threats-none = { $side ->
        [white] 白方
       *[black] 黑方
    }没有棋子会在下一步被吃或被麻醉。
threats-summary = 针对{ $side ->
        [white] 白方
       *[black] 黑方
    }：{ $captures } 个棋子可能被吃，{ $freezes } 个可能被麻醉。指向标记可查看着法。
threats-history = 威胁只显示当前局面。
threat-capture = { $from } 的{ $piece }走到 { $to }（{ $notation }）会以{ $method }吃掉 { $square } 的{ $victim }。
threat-freeze = { $from } 的{ $piece }走到 { $to }（{ $notation }）会麻醉 { $square } 的{ $victim }。
threat-method-pincer = 夹吃
threat-method-withdrawal = 拖吃
threat-method-leap = 跳吃
threat-method-coordination = 协吃
threat-method-approach = 推吃
threat-method-chameleon = 变色龙吃法
threat-method-cannon = 炮打
threat-method-displacement = 落子吃
threat-method-ordinary = 普通吃法
say-threats-on = 已打开威胁模式。
say-threats-off = 已关闭威胁模式。

## Account (www/account.html, www/pages/account.js, www/account/client.js)

link-account = 账户
link-lobby = 大厅
account-page-title = Baroque — 账户
account-heading = 账户
account-nav =
    .aria-label = 账户
account-back = 去下棋
account-leaderboards = 排行榜
account-player-page = 你的棋手页面：等级分、走势图、对局
account-optional = 账户是可选的：不注册也能通过链接下棋。
account-login-heading = 登录
account-name-label = 用户名
account-password-label = 密码
account-login = 登录
account-signup-heading = 注册账户
account-name-rule = 3 到 20 个字母、数字、_ 或 -。
account-password-rule = 至少 8 个字符。
account-signup = 注册
account-logged-in-as = 已登录：{ $name }
account-ratings-caption = 等级分（Glicko-2；带 ? 表示暂定）
account-ratings-game = 棋种
account-ratings-rating = 等级分
account-ratings-games = 计分对局
account-logout = 退出登录
account-logged-out = 你已退出登录。
account-welcome = 欢迎！账户已注册，你已登录。
account-password-heading = 修改密码
account-old-password-label = 当前密码
account-new-password-label = 新密码
account-password-change = 修改密码
account-password-changed = 密码已修改。{ $sessions ->
    [0] 没有其他登录会话。
   *[other] 已退出其他 { $sessions } 个登录会话。
}
account-tokens-heading = API 令牌
account-tokens-intro = 令牌让脚本或机器人以此账户身份操作（Authorization: Bearer）。令牌只显示一次。
account-token-description-label = 用途
account-token-make = 生成令牌
account-token-new-label = 你的新令牌（请立即复制：它不会再显示）
account-token-made = 令牌已生成：请立即复制。
account-tokens-none = 没有令牌。
account-token-item = { $description }（{ $date } 生成，编号 { $id }）
account-token-revoke = 撤销
account-token-revoked = 令牌已撤销。
account-error-bad-username = 用户名须为 3 到 20 个字符：字母 a–z、数字、_ 和 -。
account-error-bad-password = 密码须为 8 到 1024 个字符，且不能与用户名相同。
account-error-name-taken = 该用户名已被使用（不区分大小写）。
account-error-bad-credentials = 用户名或密码错误。
account-error-rate-limited = 尝试次数过多。请 { $minutes } 分钟后再试。
account-error-bad-origin = 已拒绝：请求并非来自本站页面。
account-error-not-logged-in = 你尚未登录。
account-error-session-needed = 此操作需要在已登录的页面上进行，不能使用令牌。
account-error-too-many-tokens = 此账户的令牌已达上限：请先撤销一个。
account-error-no-token = 没有这个令牌。
account-error-network = 无法连接服务器。
account-error-other = 服务器拒绝了请求（HTTP { $status }）。

## Puzzles (www/puzzles.html, www/pages/puzzles.js)

link-puzzles = 习题
puzzles-page-title = Baroque — 习题
puzzles-heading = 习题
puzzles-nav =
    .aria-label = 习题
puzzles-back = 去下棋
puzzles-game-label = 棋种
puzzles-retry = 再试一次
puzzles-solution = 显示答案
puzzles-next = 下一题
puzzles-progress-heading = 进度
puzzles-title = 习题 { $id }（第 { $number } 题，共 { $total } 题）：{ $side ->
        [white] 白方
       *[black] 黑方
    }走
puzzles-goal-mate = { $moves } 步将死。
puzzles-goal-capture = 找出一步吃掉 { $pieces } 个棋子的着法。
puzzles-goal-win = 找出唯一明显取胜的着法。
puzzles-progress = { $game }：已解 { $solved } 题，共 { $total } 题。
puzzles-rating = 你的习题等级分：{ $rating }
puzzles-none = { $game }还没有习题。
puzzles-score-cp = { $side ->
        [white] 白方
       *[black] 黑方
    }领先 { $pawns } 兵
puzzles-wrong = { $notation } 不是答案。再试一次。
puzzles-wrong-allows = { $notation } 不是答案：对方可以走 { $reply }（{ $score }）。再试一次。
puzzles-right-continue = { $notation }：正确。对方防守 { $reply }，请继续。
puzzles-solved = { $notation }：解开了！
puzzles-solved-defence = { $notation }：解开了！对方最好的防守是 { $reply }。
puzzles-solution-is = 答案是 { $notation }。

## Analysis board (www/views/analysis.js)

btn-analysis = 分析
    .title = 让引擎分析局面：评估、最佳变着和最佳着法
analysis-heading = 分析
analysis-lines-label = 变着数
analysis-cp = { $pawns }
analysis-mate = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $moves } 步将死
analysis-stats = 向前看 { $depth } 个半回合，每秒 { $speed } 个局面；分数以白方为准
analysis-stats-start = 向前看 { $depth } 个半回合；分数以白方为准
analysis-play-line = 走出这个变着
analysis-game-over = 对局已结束。

## Hints (www/views/hint.js)

btn-hint = 提示
    .title = 按一次显示该走哪个棋子，再按一次显示着法（对局会记下每次提示）
hint-thinking = 正在寻找好着法…
hint-piece = 提示：走 { $square } 的{ $piece }。
hint-move = 提示：{ $notation }。
hints-used = 本局已用提示：{ $count } 次
## Saved games, game records, results and clocks (www/services/store.js, www/views/games-list.js, main.js)

btn-games = 对局
btn-close = 关闭
games-heading = 对局
games-empty = 还没有保存的对局：对局从第一步起保存。
games-name = 对局名称
games-open = 打开
games-rename = 重命名
games-export = 导出 PGN
games-delete = 删除
games-undo = 撤销
games-deleted = 已删除“{ $name }”。
games-players-hotseat = 双人同屏
games-players-computer = 你（{ $side ->
        [white] 白方
       *[black] 黑方
    }）对电脑，等级 { $level }
games-facts = { $game } · { $players } · { $date } · { $result }
games-in-progress = 进行中，{ $plies } 步
games-result = { $result ->
        [white] 1-0
        [black] 0-1
       *[draw] ½-½
    }
games-aside = 有 { $count } 条存储记录无法读取，已原样保留在：{ $keys }
store-corrupt = “{ $key }”下的对局无法读取（数据已损坏），已另存于“{ $aside }”。
store-foreign = “{ $key }”下的数据不是本页面保存的对局，已另存于“{ $aside }”。
store-newer = “{ $key }”下的对局由更新版本的页面写入（格式 { $format }，本页面最多读取 { $supported }），已保持原样。
store-full = 浏览器存储已满：最后一步未能保存。请在“对局”中删除一些对局以腾出空间；之前保存的内容都未丢失。
store-unavailable = 此浏览器不允许页面保存对局（存储已关闭）；对局可以继续，但不会保存。
store-forked = 此对局已在另一个标签页中更改；本标签页的着法已另存为新对局，另一个标签页的对局保持不变。
pgn-you = 你
pgn-computer = Baroque（等级 { $level }）
engine-pgn-bad-tag = 第 { $game } 局第 { $line } 行：“{ $tag }”不是标签；标签写作 [Name "value"]。
engine-pgn-unknown-variant = 第 { $game } 局第 { $line } 行：Variant 标签写的是“{ $variant }”，不是任何一种棋。
engine-pgn-bad-option = 第 { $game } 局第 { $line } 行：标签 [{ $tag } "{ $value }"] 无效：{ $reason }
engine-pgn-bad-fen = 第 { $game } 局第 { $line } 行：FEN 标签无效：{ $reason }
engine-pgn-bad-move = 第 { $game } 局第 { $line } 行：第 { $number } 回合（{ $color ->
        [white] 白方
       *[black] 黑方
    }）的着法“{ $move }”无效：{ $reason }
engine-pgn-unterminated = 第 { $game } 局第 { $line } 行：文本在{ $what ->
        [comment] 注释
        [variation] 变着
       *[other] 标签
    }中途结束。
engine-pgn-unexpected = 第 { $game } 局第 { $line } 行：“{ $char }”不应出现在这里。
engine-pgn-no-game = 没有第 { $wanted } 局：文本中共有 { $found } 局。
btn-redo = 重做
btn-resign = 认输
btn-draw = 提和
btn-draw-accept = 同意和棋
btn-draw-decline = 拒绝
draw-offered = { $side ->
        [white] 白方提议和棋。黑方：同意还是拒绝？
       *[black] 黑方提议和棋。白方：同意还是拒绝？
    }
say-draw-declined = 和棋提议被拒绝，对局继续。
say-took-back-end = 已撤回对局的结束，对局继续。
say-redone = 重新走出：{ $moves }。
moves-result = { $score } { $reason }
go-heading = 对局结束
go-rematch = 再来一局
result-win-resign = { $winner ->
        [white] 白方胜：黑方认输。
       *[black] 黑方胜：白方认输。
    }
result-draw-agreement = 双方同意和棋。
result-win-time = { $winner ->
        [white] 白方超时胜。
       *[black] 黑方超时胜。
    }
result-draw-time = { $side ->
        [white] 和棋：白方超时，但黑方无法取胜。
       *[black] 和棋：黑方超时，但白方无法取胜。
    }
ng-clock = 棋钟
ng-clock-choice = 用时（分钟 + 每步加秒）
ng-clock-none = 不用棋钟
ng-clock-custom = 自定义…
ng-clock-minutes = 每方分钟数
ng-clock-increment = 每步加秒
clock-side = { $side ->
        [white] 白方
       *[black] 黑方
    } { $time }
error-bad-clock = 链接中的棋钟“{ $value }”不是有效的用时（分钟+秒，例如 5+3）；本局不用棋钟。
btn-copy-pgn = 复制 PGN
btn-download-pgn = 下载 PGN
btn-upload-pgn = 打开 PGN 文件…
btn-download-png = 下载 PNG
ng-pgn = 棋谱（PGN，可选）
ng-more = 更多：起始局面、规则、棋谱
ng-pgn-input =
    .placeholder = 粘贴 PGN 以继续该对局
say-pgn-copied = 棋谱（PGN）已复制。
say-pgn-copy-failed = 无法复制 PGN；请改用“下载 PGN”。
error-pgn-file = 未能打开文件“{ $name }”：{ $error }
result-win-record = { $winner ->
        [white] 按棋谱记载，白方胜。
       *[black] 按棋谱记载，黑方胜。
    }
result-draw-record = 按棋谱记载，和棋。
pref-sound = 声音
pref-coordinates = 坐标
pref-animation = 动画

## Wiki boards: the <baroque-board> modes, the iframe page, the editor and the rules pages (issue 12)

wiki-first = 第一步
wiki-previous = 上一步
wiki-next = 下一步
wiki-last = 最后一步
wiki-reset = 重置
wiki-step-counter = 第 { $ply } 步，共 { $total } 步
wiki-move-list = 着法
wiki-mode-diagram = { $game }棋图
wiki-mode-steps = { $game }着法，逐步演示（← → Home End）
wiki-mode-try = { $game }：从此局面试走
wiki-mode-play = { $game }：从此局面与电脑对弈
error-wiki-bad-mode = 未知模式“{ $value }”：请用 diagram、steps、try 或 play。
error-wiki-bad-lang = 未知语言“{ $value }”：请用 en、zh-Hans 或 zh-Hant。
error-wiki-bad-ply = 步数“{ $value }”不是整数（这一路着法共 { $total } 步）。
error-marks-bad = 标记“{ $mark }”有误：请写一个格子（d5）或一个箭头（d2>d8），可加 :green、:red、:blue 或 :yellow。
wiki-embed-title = Baroque 棋盘
wiki-boards-caption-steps = 混合棋：三步着法，逐步演示，带标记。

## Board pictures: Download SVG / PNG of the board (issue 12, www/services/download.js)

btn-download-svg = 下载 SVG
say-picture-failed = 无法生成图片：{ $error }

## Rules pages: the legend's link to www/rules/<game>.html (issue 12)

legend-rules-link = { $game }规则（附示例）

## 复盘与提示记录 (www/review/review.js, www/views/hint.js; issue 13)

btn-review = 复盘
    .title = 复盘本局：引擎评判每一步，并画出整局的评估曲线
btn-review-game = 复盘本局
games-review = 复盘
review-heading = 复盘
review-preset-label = 强度
review-preset-quick = 快速（深度 3）
review-preset-normal = 普通（深度 5）
review-preset-deep = 深入（深度 7）
review-start = 复盘本局
review-progress = 已分析 { $total } 个局面中的 { $done } 个
review-cancelled = 复盘已取消。
review-failed = 复盘中止：{ $error }
review-done = { $preset ->
        [quick] 快速复盘
        [deep] 深入复盘
       *[normal] 普通复盘
    }（深度 { $depth }），共 { $plies } 步{ $partial ->
        [yes] ，此后对局仍在继续。
       *[no] 。
    }
review-graph-label = 整局评估曲线，以白方为准（方向键逐步查看）
review-legend = 曲线下方是白方的份额：越高对白方越好。圆点标出 ?! 缓着、? 错着和 ?? 大错；点击或用方向键跳到那一步。
review-move = 第 { $number } 回合{ $black ->
        [yes] 黑方
       *[no] 白方
    } { $notation }
review-point-start = 开局：{ $score }
review-point = { $move }：{ $score }
review-point-judged = { $move }：{ $score }，{ $kind ->
        [blunder] 大错
        [mistake] 错着
       *[inaccuracy] 缓着
    }；更好的是 { $best }
review-score-over = { $winner ->
        [white] 白方胜
        [black] 黑方胜
       *[draw] 和棋
    }
review-col-side = 方
review-col-inaccuracy = 缓着
review-col-mistake = 错着
review-col-blunder = 大错
review-col-acpl = 平均损失
review-col-accuracy = 准确率
review-side = { $side ->
        [white] 白方
       *[black] 黑方
    }
review-percent = { $value }%
review-none = 没有缓着、错着或大错。
review-say-side = { $side ->
        [white] 白方
       *[black] 黑方
    }：大错 { $blunder } 次，错着 { $mistake } 次，缓着 { $inaccuracy } 次，平均损失 { $acpl } 厘兵，准确率 { $accuracy }%
review-kind-inaccuracy = 缓着
review-kind-mistake = 错着
review-kind-blunder = 大错
review-better = 更好：{ $best }
review-pgn-comment = { $kind ->
        [blunder] 大错。
        [mistake] 错着。
       *[inaccuracy] 缓着。
    }更好：{ $best }。
hint-mark = 提
hint-mark-title = 用提示后走的棋
games-hints = 用了 { $count } 次提示。
games-reviewed = 已复盘。

## Analysis move tree: variations, PGN trees, analysis from any source (issue 13, helper tree)
engine-pgn-too-deep = 第 { $game } 局第 { $line } 行：变着嵌套超过 { $limit } 层。
engine-tree-bad-value = 无法读取着法树：{ $reason }
engine-pgn-tags-not-pairs = 无法读取棋谱的标签：{ $reason }
engine-tree-bad-move = 着法树第 { $ply } 步的着法（“{ $move }”）有误：{ $reason }
engine-tree-not-the-game = 着法树的第 { $ply } 步（“{ $move }”）不是这局棋的着法。
engine-tree-too-deep = 着法树的变着嵌套超过 { $limit } 层。

## Position editor (www/editor.html, www/pages/editor.js)

link-editor = 摆一个局面
editor-page-title = Baroque — 局面编辑器
editor-heading = 局面编辑器
editor-nav =
    .aria-label = 编辑器
editor-back = 下一盘棋
editor-board =
    .aria-roledescription = 棋盘
    .aria-label = 正在加载棋盘…
editor-board-label = { $game }：正在摆放的局面。方向键移动光标，回车放下所选棋子，Delete 键移除棋子。
editor-palette =
    .aria-label = 棋子
editor-help = 把棋子从棋子栏拖到棋盘上，或选中一个棋子后点击格子。把棋子拖出棋盘、右键点击它或按 Delete 键即可移除。键盘：用方向键选棋子，聚焦棋盘，用方向键移动，回车放下棋子。
editor-tool-move = 移动棋子
editor-tool-erase = 移除棋子
editor-piece = { $color ->
        [white] 白方
       *[black] 黑方
    }{ $piece }
editor-game = 棋种
editor-array = 开局布阵
editor-array-standard = 标准布阵
editor-array-join = ；
editor-start = 开局局面
editor-clear = 清空棋盘
editor-side = 行棋方
editor-side-white = 白方
editor-side-black = 黑方
editor-castling = 易位
editor-castle = { $color ->
        [white] 白方
       *[black] 黑方
    } { $notation }
editor-en-passant = 吃过路兵的格子
editor-valid = 局面合法：可以对弈，也可以分析。
editor-play = 从这里开始下棋
editor-analyse = 分析
editor-fen = FEN（输入或粘贴即可载入）
editor-snippets = 放到网页上
editor-snippet-element = 元素（允许脚本的网页）
editor-snippet-iframe = iframe（不允许脚本的维基）
editor-snippet-command = 图片（命令行）
editor-copy = 复制
editor-download-svg = 下载 SVG
editor-download-png = 下载 PNG
editor-say-put = { $piece }放在 { $square }。
editor-say-removed = { $square } 已清空。
editor-say-moved = { $piece } { $from } 到 { $to }。
editor-say-held = 已拿起 { $square } 的{ $piece }：移动光标，按回车放下。
editor-say-dropped = 已放回。
editor-say-tool = 已选：{ $tool }。
editor-say-flip = { $side ->
        [white] 白方
       *[black] 黑方
    }在下方。
editor-say-game = { $game }：开局局面。
editor-say-start = 开局局面。
editor-say-cleared = 棋盘已清空。
editor-say-copied = 已复制。
editor-say-copy-by-hand = 请选中文字后手动复制。
engine-fen-why-king-count = { $color ->
        [white] 白方
       *[black] 黑方
    }必须恰好有一个王，棋盘上有 { $count } 个。
engine-fen-why-side-in-check = 轮到{ $side ->
        [white] 白方
       *[black] 黑方
    }走，但{ $color ->
        [white] 白方
       *[black] 黑方
    }正被将军：对局中不可能出现。
engine-fen-why-pawn-square = 在这种棋里，{ $color ->
        [white] 白方
       *[black] 黑方
    }的兵不能位于 { $square }。
engine-fen-why-castling-pieces = 易位“{ $letter }”需要{ $color ->
        [white] 白方
       *[black] 黑方
    }的王在 { $king }、未升变的车在 { $rook }。
engine-fen-why-en-passant = 吃过路兵的格子“{ $squares }”与局面不符：刚走棋的一方没有兵越过这些格子。
engine-setup-bad-square = “{ $square }”不是这个棋盘上的格子。
engine-setup-bad-piece = “{ $role }”不是这种棋的棋子。
engine-setup-bad-color = “{ $color }”不是颜色：应为白或黑。

tree-viewing = 变着中：{ $notation }（在第 { $ply } 步之后离开对局 { $moves } 步）。
btn-tree-promote = 设为主线
btn-tree-delete = 删除变着
say-tree-promoted = 这条变着现在是主线。
say-tree-deleted = 变着已删除。
analyse-input-label = 分析一个 FEN 或 PGN
btn-analyse-text = 分析
btn-analyse-game = 分析
games-analyse = 分析
error-analyse-empty = 请粘贴要分析的 FEN 或 PGN。
error-analyse-text = 无法分析这段文字：{ $error }
error-url-pgn = 未能读取地址中的 pgn：{ $error }

# Pondering: the computer thinks on the player's time (Appearance card)
pref-ponder = 在我思考时思考
pref-ponder-note = 在 { $from } 至 { $to } 级，你思考时电脑也在思考你可能走的那步棋；你走了这步，它会更快应对。
pref-ponder-unavailable = 此处不可用：网页未以跨源隔离方式提供（见 README）。

## 用时（crates/engine/src/clock.rs）
engine-pgn-bad-time-control = 第 { $game } 局第 { $line } 行：TimeControl 标签无效：{ $reason }
engine-time-control-syntax = “{ $value }”不是有效的用时：请写基本时间加每步加秒（5+3），或每步天数。
engine-time-control-base = “{ $value }”：基本时间须在 { $min } 秒到 { $max } 秒之间。
engine-time-control-increment = “{ $value }”：每步加秒须在 { $min } 到 { $max } 秒之间。
engine-time-control-fraction = “{ $value }”：时间须为整秒。
engine-time-control-days = “{ $value }”：通信棋每步 { $min } 到 { $max } 整天。
engine-time-control-unsupported = “{ $value }”：只支持基本时间加每步加秒，或每步天数。

## Embedding (www/services/embed-snippet.js): the link a handed-out <baroque-board> shows until its script runs
embed-fallback-link = 在 Baroque 中打开此局面

## 在线对局（www/online/、www/pages/game/online.js、新对局对话框的在线选项）
online-days = 每步 { $days } 天。

## Play polish (issue 26 §3, helper polish): resign confirm, why the board does not move, move
## navigation, piece tooltips, the legend's rule sentences from the rule options
move-nav =
    .aria-label = 逐步查看着法
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
    .aria-label = 最后一步
    .title = 最后一步：回到对局
resign-confirm = 认输并结束本局？
btn-resign-yes = 认输
btn-resign-no = 继续下棋
board-wait-computer = 电脑正在思考：它走完后轮到你。
board-looking-back = 你正在查看{ $ply ->
        [0] 起始局面
       *[other] 第 { $ply } 步之后的局面
    }：回到对局才能走棋（“回到对局”）。
piece-title = { $side ->
        [white] 白方
       *[black] 黑方
    }{ $piece }（{ $square }{ $frozen ->
        [yes] ，被麻醉
       *[no] { "" }
    }）
analysis-line-viewing = 分析着法 { $line }（未走入对局，对局不变）。
legend-rule-win-checkmate = 将死即胜。
legend-rule-win-capture = 吃掉对方的王即胜；王可以留在被吃的位置。
legend-rule-stalemate-loss = 无子可走的一方判负。
legend-rule-stalemate-draw = 未被将军且无子可走的一方判和。
legend-rule-suicide-on = { $input ->
        [touch] 轻点
       *[other] 点击
    }被麻醉的棋子两次可将其移除（自杀）。

## 在线对局：一次性邀请（issue 33；www/online/news.js、www/pages/game/online-info.js）
error-watching = 你在观战：棋步来自双方棋手。
online-connection-kept = 连接已断开：这是本浏览器最后看到的对局。服务器恢复后对局继续。
online-note-own-invite = { $invited ->
        [white] 这是给你朋友执白的邀请链接；你在这里执黑。
       *[black] 这是给你朋友执黑的邀请链接；你在这里执白。
    }
online-note-seat-taken = 此座位已被占用：这个邀请已经有人用过了。你正在观战。
online-note-bad-invite = 这个邀请不属于此对局。你正在观战。
online-note-login-needed = 这是计分对局：请先登录（账户）再占座，然后重新打开此链接。你正在观战。
online-note-casual = 排位对局只用标准规则和标准开局：本局为非排位。
online-refused-login-needed = 排位对局需要登录：请先登录（账户），再重新创建对局。
online-note-own-challenge = 这是你自己发起的计分挑战：请把链接发给对手。你正在观战。
online-note-no-game = 服务器上没有这个对局。
online-note-unreachable = 无法连接对局服务器，邀请暂时无法使用：服务器一有响应就会使用它。
online-news-draw-declined = 对方拒绝了和棋。
online-news-takeback-accepted = 对方同意了悔棋。
online-news-takeback-declined = 对方拒绝了悔棋。
online-news-rematch-declined = 对方拒绝了再来一局。
online-news-friend-joined = 你的朋友已加入。
online-news-friend-left = 你的朋友已离开。
online-deadline = { $side ->
        [white] 白方须在 { $date } 前走棋。
       *[black] 黑方须在 { $date } 前走棋。
    }
online-claim-in = { $seconds } 秒后可判胜
online-share-button = 分享
online-transfer-button = 在另一台设备上继续
online-share-title = 分享此对局
online-share-note = 打开此链接的人可以观看对局。
online-share-qr-label = 观战链接的二维码
online-transfer-title = 在另一台设备上继续
online-transfer-note = 请在 { $minutes } 分钟内在另一台设备上打开此链接（或扫描二维码）：那台设备也将执你的一方。链接只能用一次。
online-transfer-qr-label = 另一台设备所用链接的二维码
online-transfer-link = 另一台设备的链接
online-transfer-failed = 无法生成另一台设备的链接。
online-abort = 中止
online-abort-confirm = 中止此对局？对局将不计结果。
online-title-your-move = 轮到你走
online-refused-move-lost = 你的棋步未能送达服务器，已撤回。请再走一次。
online-refused-cannot-abort = 双方都已走棋：对局不能再中止。
online-refused-seat-taken = 此座位已被占用。
online-refused-rate-limited = 请求太频繁：请稍候再试。
online-refused-bad-host = 此服务器不接受地址栏中的名称：请用它自己的地址打开。
online-refused-bad-origin = 游戏服务器拒绝了来自其他网站的请求。
online-refused-too-many-connections = 来自你的网络的连接太多：请关闭本游戏的其他标签页后再试。
online-refused-server-full = 游戏服务器已满：请一分钟后再试。
result-draw-abort = 对局已中止：不计结果。
result-draw-noStart = 对局已中止：第一步没有按时走出。

## The watch page (www/watch.html): live games and TV
watch-page-title = Baroque — 观战
watch-heading = 观战
watch-nav =
    .aria-label = 观战
watch-back = 去下棋
watch-tv-heading = 电视
watch-filter = 棋种
watch-all-games = 全部棋种
watch-tv-waiting = 现在没有正在进行的对局；有新对局时电视会自动播放。
watch-open = 带棋钟观看
watch-live-heading = 正在进行的对局
watch-live-empty = 现在没有正在进行的对局。
watch-spectators = { $count } 位观众
watch-anonymous = 匿名
watch-player = { $name }（{ $rating }）
watch-versus = { $white } 对 { $black }
watch-tv-player = { $side }：{ $player }
