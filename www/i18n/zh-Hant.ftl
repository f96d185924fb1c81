# Baroque 的繁體中文文字。訊息 id 與 en.ftl 相同（約定見 en.ftl 開頭和 docs/i18n.md）。
# 棋子名稱依據 shared/seeds 中的中文條目；座標保持規則書的寫法。

## Language switch

lang-select =
    .aria-label = 語言
    .title = 語言

error-unknown-language = 未知的語言「{ $value }」（本頁支援 { $languages }），已改用其他語言。
error-unknown-parameter = 連結參數「{ $name }」既不是本頁的設定，也不是這個棋種的規則選項，已忽略。

## Before the engine runs

boot-file = 本頁必須透過 http 開啟：執行「node scripts/serve.mjs」，再開啟它顯示的網址。
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
ng-setup = 開局佈陣（Ultima §2）
ng-swap-ic = 麻醉者與協吃者互換
ng-swap-ic-white =
    .aria-label = 白方：麻醉者與協吃者互換
ng-swap-ic-black =
    .aria-label = 黑方：麻醉者與協吃者互換
ng-swap-kw = 王與拖吃者互換
ng-swap-kw-white =
    .aria-label = 白方：王與拖吃者互換
ng-swap-kw-black =
    .aria-label = 黑方：王與拖吃者互換
ng-options = 規則選項
ng-fen = 起始局面（可選）
ng-fen-input =
    .placeholder = FEN；留空則從標準開局開始
ng-start = 開始

## Appearance, keyboard and touch (www/theme.js, www/a11y.js, www/touch.js)

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
