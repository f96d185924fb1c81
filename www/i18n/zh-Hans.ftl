# Baroque 的简体中文文字。消息 id 与 en.ftl 相同（约定见 en.ftl 开头和 docs/i18n.md）。
# 棋子名称依据 shared/seeds 中的中文条目；坐标保持规则书的写法。

## Language switch

lang-select =
    .aria-label = 语言
    .title = 语言

error-unknown-language = 未知的语言“{ $value }”（本页支持 { $languages }），已改用其他语言。
error-unknown-parameter = 链接参数“{ $name }”既不是本页的设置，也不是这个棋种的规则选项，已忽略。

## Before the engine runs

boot-file = 本页必须通过 http 打开：运行“node scripts/serve.mjs”，再打开它显示的地址。
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
ng-setup = 开局布阵（Ultima §2）
ng-swap-ic = 麻醉者与协吃者互换
ng-swap-ic-white =
    .aria-label = 白方：麻醉者与协吃者互换
ng-swap-ic-black =
    .aria-label = 黑方：麻醉者与协吃者互换
ng-swap-kw = 王与拖吃者互换
ng-swap-kw-white =
    .aria-label = 白方：王与拖吃者互换
ng-swap-kw-black =
    .aria-label = 黑方：王与拖吃者互换
ng-options = 规则选项
ng-fen = 起始局面（可选）
ng-fen-input =
    .placeholder = FEN；留空则从标准开局开始
ng-start = 开始

## Appearance, keyboard and touch (www/theme.js, www/a11y.js, www/touch.js)

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
