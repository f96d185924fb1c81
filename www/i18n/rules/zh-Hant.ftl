# 規則頁（www/rules/*.html）的繁體中文文字，只由規則頁載入。與 en 相同的 id。

## Shared words

rules-nav =
    .aria-label = 規則頁與對局
rules-link-ultima = Ultima 規則
rules-link-omega = 歐梅加象棋規則
rules-link-hybrid = 混合棋規則
rules-play-ultima = 下 Ultima
rules-play-omega = 下歐梅加象棋
rules-play-hybrid = 下混合棋
rules-howto-heading = 在自己的網頁上使用這些棋盤
rules-howto = 本頁的每個棋盤都是一個 <baroque-board> 元素。加上下面這一行腳本後，棋盤旁邊的程式碼就是網頁所需的全部內容。mode="steps" 逐步演示著法（按鈕、方向鍵、著法列表），並標出每步吃掉的棋子；mode="try" 讓讀者從該局面自由走子，並有重設按鈕；fen、moves 和 options 設定局面與規則；marks 標出格子和箭頭；caption 寫出棋盤下方的說明。
rules-pieces-heading = 棋子
rules-moves = 走法
rules-captures = 吃法
rules-more = 同一局面的其他著法
rules-options-heading = 規則選項
rules-options-intro = 每個選項的第一個值是規則書的預設值。對局連結或棋盤以 name=value 的形式接受選項（options="win=capture"），新對局對話框裡也能選擇。
rules-no-options = 這個棋種沒有規則選項：每局都按同一套規則進行。
rules-option-values = 取值：{ $values }
rules-option-value =
    { $default ->
        [yes] { $setting }（{ $word }，預設）
       *[no] { $setting }（{ $word }）
    }
rules-copy = 複製
rules-copied = 已複製。
rules-copy-failed = 此處不能自動複製：請選取程式碼後複製。
rules-snippet =
    .aria-label = 這個棋盤的 HTML
rules-script-snippet =
    .aria-label = 腳本行，每頁一次
rules-footer = 這些頁面依據本專案的規則書（tests/data/rules），規則問題一律以它為準；棋盤上的每一步和每次吃子都由遊戲自己的引擎計算。

## Ultima

rules-ultima-title = Ultima 規則 — Baroque
rules-ultima-heading = Ultima（極相棋）規則
rules-ultima-intro = 極相棋（Ultima）是美國人 Robert Abbott 推出的西洋棋變體，使用西洋棋棋盤，白方先走。國王、夾吃者外的其餘五兵種可往縱橫斜方向直行，格數不限，中途不得有子；每種棋子吃法各不同。吃子是走棋的附帶效果，自動發生，所以一步棋由起點和終點兩格確定。開局前雙方各自決定麻醉者放在哪個角上，以及是否交換國王與拖吃者的位置：共 16 種初始佈置。
rules-u-king = 國王可移至八鄰格，但不可因此被將軍。吃法同走法：走到敵子所在的格上將其吃掉。按預設規則，將死即勝，困斃對手也是一種勝利方式。
rules-u-king-board =
    .caption = §11：國王 e4–f5 吃掉 f5 的協吃者。國王 e4–e5 不合法：黑方夾吃者 a5–d5 會把國王夾在它與協吃者之間吃掉。
rules-u-pincer = 夾吃者可往縱橫方向直行，格數不限，中途不得有子。移動後，若造成兩枚己棋以縱或橫方向夾住一枚敵棋，則去除該敵棋；一次可能吃多枚敵子。斜向不能夾吃；敵棋自行走入兩枚己棋之間時不會被吃。
rules-u-a-board =
    .caption = §10 A：夾吃者 g4–d4 吃掉 c4 的麻醉者（另一側是 b4 的夾吃者）和 d5 的夾吃者（另一側是 d6）。e5 的拖吃者在斜線上，d3 的模仿者後面沒有己子，g3 的跳吃者是自己走到兩兵之間的：這三枚都不被吃。
rules-u-11a-pawn-board =
    .caption = §11：夾吃者 c2–c4 藉 c6 的跳吃者吃掉 c5，藉 e4 的模仿者吃掉 d4：任何己方棋子都能完成夾吃。
rules-u-leaper = 跳吃者若某方向有一到數枚的敵棋非緊連排列，並且與該些敵棋中間無己子，則可朝該方向跳吃，並可落在被吃掉敵棋後方的連續空格之一，一次可能吃多枚敵子。它不能跳過己子或兩枚緊連的棋子，也不能轉向。
rules-u-b-board =
    .caption = §10 B：跳吃者 d2–d4–d6–d8，吃掉 d3、d5、d7 敵棋。b2、f2、g2 的夾吃者和 c2 的模仿者兩兩緊連，中間沒有空格，都不能被跳吃。
rules-u-b-d6-board =
    .caption = §10 B：跳吃者 d2–d6 提前停下，吃掉 d3 和 d5。
rules-u-b-d4-board =
    .caption = §10 B：跳吃者 d2–d4 只吃掉 d3。
rules-u-b-g5-board =
    .caption = §10 B：跳吃者 d2–g5 改為跳吃 f4 的拖吃者。
rules-u-b-h6-board =
    .caption = §10 B：跳吃者 d2–h6 同樣吃掉 f4，落在更遠一格。
rules-u-11a-c4-board =
    .caption = §11：跳吃者 c6–c4 跳吃 c5 的跳吃者。
rules-u-11a-c3-board =
    .caption = §11：跳吃者 c6–c3 跳吃 c5，落在更遠一格。
rules-u-withdrawer = 拖吃者移動方式像后。拖吃者移動後，若原先處反方向的鄰格有一枚敵棋，則去除該敵棋；移動格數不限。朝其他方向或朝向該敵棋移動都不吃子。
rules-u-w-board =
    .caption = 種子文本 001：拖吃者 g6–d3，吃掉身後的 h7 敵棋。
rules-u-coordinator = 協吃者移動方式像后。協吃者移動後，若有一或二枚敵棋因此處於己方國王與此協吃者的直角交叉處，則去除該些敵棋。只有協吃者自己的移動才會這樣吃子，國王走到角上不吃子。
rules-u-c-board =
    .caption = §10 C：國王在 c2，協吃者 d4–f6 吃掉 c6（c 線與第 6 橫線）和 f2（f 線與第 2 橫線）。
rules-u-c-d6-board =
    .caption = §10 C：協吃者 d4–d6 吃掉 c6 和 d2。
rules-u-c-b6-board =
    .caption = §10 C：協吃者 d4–b6 吃掉 c6。
rules-u-c-f4-board =
    .caption = §10 C：協吃者 d4–f4 吃掉 f2。
rules-u-c-d3-board =
    .caption = §10 C：協吃者 d4–d3 吃掉 d2（d 線與國王所在的第 2 橫線）。
rules-u-c-d5-board =
    .caption = §10 C：協吃者 d4–d5 同樣吃掉 d2。
rules-u-c-d7-board =
    .caption = §10 C：協吃者 d4–d7 同樣吃掉 d2。
rules-u-c-d8-board =
    .caption = §10 C：協吃者 d4–d8 同樣吃掉 d2。
rules-u-c-king-board =
    .caption = §10 C：國王 c2–d2 走到 d2 上將其吃掉，這是國王自己的吃法。
rules-u-immobilizer = 麻醉者移動方式像后，不能吃子，但可使鄰格的敵棋不能移動、吃子或將軍；被麻醉的棋子仍佔著格子，可以被吃，也能參與夾吃。被麻醉者麻醉的棋子（國王除外）可以選擇自殺，並從棋盤移除，算做走一回合。
rules-u-i-board =
    .caption = 種子文本 001：麻醉者 f3–d5，讓周圍的敵棋暫時無法移動；黑方讓被麻醉的拖吃者自殺（Wc4xx）。
rules-u-chameleon = 模仿者移動方式像后，吃敵棋的方式同該敵棋擁有的吃法：（直走時）夾吃夾吃者，跳吃跳吃者，拖吃拖吃者，協吃協吃者，走到國王上吃國王；一次可能吃多枚敵子。它不能吃麻醉者或模仿者；當模仿者與敵棋麻醉者相連時，兩者都不得移動。
rules-u-d-board =
    .caption = §10 D：模仿者 g6–c6 遠離 h6，跳吃 f6 和 d6，夾吃 c7、c5、b6（另一側是 c8、c4、a6），並與 e2 的國王協吃 c2：除國王外的敵棋都被吃掉，並將軍。
rules-u-d-e6-board =
    .caption = §10 D：模仿者 g6–e6 只吃掉 f6 和 h6，同樣將軍。
rules-u-11b-d5-board =
    .caption = §11：模仿者 a2–d5 跳吃 c4 的跳吃者，並與 a1 的國王協吃 a5 的協吃者。
rules-u-11b-e6-board =
    .caption = §11：模仿者 a2–e6 跳吃 c4；斜走不能夾吃，所以 e5 安全。
rules-u-11b-f7-board =
    .caption = §11：模仿者 a2–f7 跳吃 c4。
rules-u-11b-g8-board =
    .caption = §11：模仿者 a2–g8 跳吃 c4，並在相鄰格將軍 h8 的國王。
rules-u-opt-win = win=checkmate（預設）：走棋後己方國王不能處於被將軍的狀態，所以國王永遠不會被吃，無子可走的一方判負。win=capture 是種子文本 000 和 002 的字面規則：沒有將軍規則，吃掉國王即勝。
rules-u-o-win-board =
    .caption = win=capture（§11 的局面）：國王 e4–e5 現在可以走，黑方夾吃者 a5–d5 藉 f5 的協吃者吃掉國王。
rules-u-opt-stalemate = 未被將軍但無子可走的一方：stalemate=loss（預設；種子文本 001：困斃對手也是一種勝利方式）時判負，stalemate=draw 時為和棋。
rules-u-o-stalemate-board =
    .caption = stalemate=draw：麻醉者 f6–g7 麻醉了黑方孤王，國王未被將軍卻不能走：此時為和棋，按預設規則則白勝。
rules-u-opt-immobilizer = immobilizer=classic（預設）：與敵方麻醉者相鄰的棋子被麻醉，與敵方模仿者相鄰的麻醉者也被麻醉。immobilizer=pure（MacKay 的「純粹規則」，劍橋的玩法）：若己方的模仿者或麻醉者與敵方麻醉者相鄰，該麻醉者對己方其他棋子的麻醉就失效。
rules-u-o-imm-classic-board =
    .caption = 經典規則：模仿者 h3–e6 後，它與麻醉者互相凍結，d4 的夾吃者仍被麻醉，只能自殺（Pd4xx）。
rules-u-o-imm-pure-board =
    .caption = immobilizer=pure：同樣走模仿者 h3–e6，但模仿者與 d5 相鄰，使 d4 的夾吃者解除麻醉，它走到 g4。
rules-u-opt-suicide = suicide=on（預設）：玩家可以不走棋，而移除一枚被麻醉的己方棋子（國王除外）；著法文字把該格寫兩次（b4b4）。suicide=off 時不允許自殺。
rules-u-o-suicide-board =
    .caption = §10 A：b4 的夾吃者被 c4 的麻醉者麻醉，所以白方可以移除它（Pb4xx）。
rules-u-opt-chameleon = chameleon=combined（預設）：模仿者的一步棋完成各種吃法給出的所有吃子。chameleon=pure（MacKay）：跳吃了至少一枚跳吃者的一步只吃掉被跳過的跳吃者。
rules-u-o-cham-board =
    .caption = chameleon=pure（§10 D）：模仿者 g6–c6 現在只吃掉 d6 和 f6 的跳吃者。
rules-u-o-cham2-board =
    .caption = chameleon=pure（§11）：模仿者 a2–d5 只吃掉 c4 的跳吃者，不吃 a5 的協吃者。
rules-u-opt-leaper = leaper=multi（預設）：跳吃者（以及跳吃跳吃者的模仿者）一跳可以吃掉多枚棋子。leaper=single：一跳至多吃一枚，第一次跳過之後遇到下一枚棋子就停止。
rules-u-o-leaper-board =
    .caption = leaper=single（§10 B）：跳吃者 d2–d4 仍吃掉 d3，但 d2–d6 和 d2–d8 不再是合法著法。

## Omega Chess

rules-omega-title = 歐梅加象棋規則 — Baroque
rules-omega-heading = 歐梅加象棋規則
rules-omega-intro = 歐梅加象棋由 Daniel MacDonald 於 1992 年發明：在 10×10 的棋盤（a–j 直線，0–9 橫線）上下西洋棋，另有四個巫格 w1 至 w4，分別位於四角的斜外側，共 104 格。每方除西洋棋的棋子外，還有放在兩角的兩個士和放在巫格上的兩個巫。將死即勝；逼和、只剩雙王、五十步內無吃子也無兵走動、同一局面出現三次都是和棋。
rules-o-squares-heading = 巫格
rules-o-squares = 巫格只與它所在的角格斜向相鄰。它位於長斜線上，所以象或后可以從一個巫格穿過整個棋盤滑到對面的巫格。車和兵永遠到不了巫格；國王在巫格上只有一個可逃的格子，所以單個輕子就能將死它。
rules-o-w1w3-board =
    .caption = §9.5：w1 的象穿過整個棋盤到達 w3。
rules-o-mate-board =
    .caption = §9.1：單馬將死：b0 的馬將軍 w1 的國王，b1 的國王控制它唯一的出路 a0。
rules-o-king = 國王向任意方向走一格，也可以走進巫格。易位：國王向車的方向走兩格，車跳到國王越過的格子上（0-0：國王 f0–h0，車 i0–g0；0-0-0：國王 f0–d0，車 b0–e0）。國王在起點、經過的格子和終點都不能受到攻擊；只有車經過的格子可以受攻擊。
rules-o-castle-board =
    .caption = §9.4：因為 w2 的巫攻擊 h0，0-0 不合法；0-0-0（f0–d0）合法，雖然 w1 的巫攻擊 c0，但只有車經過 c0。
rules-o-chess = 后、車、象、馬的走法和吃法與西洋棋相同。在這裡試試：拿起棋子就會顯示它能走的格子。
rules-o-chess-board =
    .caption = 試走后、車、象、馬。
rules-o-champion = 士沿橫線或直線跳一格或兩格，或斜向正好跳兩格，可越過中間的棋子。它不能斜走一格。
rules-o-champion-board =
    .caption = 試走 e4 的士：它能跳兩格吃掉 e6 的馬，卻不能吃斜前方一格 d5 的兵。
rules-o-wizard = 巫斜走一格，或像駱駝一樣跳（一個方向一格、另一個方向三格），可越過任何棋子；所以它始終停留在同一種顏色的格子上。開局時巫就能立刻離開巫格。
rules-o-wizard-board =
    .caption = 開局：白方巫 w1–a2，黑方巫 w3–j7，都是駱駝跳。
rules-o-wizard-try-board =
    .caption = 試走 e4 的巫：它能到的 12 個格子顏色都相同。
rules-o-pawn = 兵向前走一格，在起始橫線上可走兩格或三格；斜前方一格吃子。兵走兩格或三格後，敵方的兵可以在它經過的任何一格上吃過路兵。到達底線時必須升變為后、車、象、馬、士或巫。
rules-o-ep-board =
    .caption = §9.2：黑兵 g8–g5 走三格，經過 g7 和 g6；f6 的白兵在 g7 吃過路兵，落點比被吃的兵遠兩條橫線。
rules-o-promote-board =
    .caption = §9.5：j8–j9 必須升變；這裡兵升變為巫。

## Chess–Ultima Hybrid

rules-hybrid-title = Chess–Ultima 混合棋規則 — Baroque
rules-hybrid-heading = Chess–Ultima 混合棋規則
rules-hybrid-intro = 混合棋（種子文本 003）在 10×10 棋盤上進行：白方第 2 橫線是卡帕布蘭卡象棋的佈置，第 1 橫線是五種 Ultima 棋子，第 3 橫線是十個兵；黑方對稱。西洋棋的棋子落點吃子，Ultima 的棋子用各自的吃法。棋子走完後位於敵陣（對方的三條底線）即升變，類似將棋。勝負條件同西洋棋，包括逼和規則：將死即勝，逼和為和棋，國王永遠不會被吃。
rules-h-king = 國王向任意方向走一格。王車易位：國王向車的方向走三格，車落在國王另一側的相鄰格（國王 f2–i2，車 j2–h2；國王 f2–c2，車 a2–d2）。國王所經過的所有格子都未被對方攻擊到，包括起點終點：每一格都把國王真的放在那裡檢驗。
rules-h-castle-board =
    .caption = §12 E1 B：d1 有馬時，d10 的跳吃者無法跳過 d2 上的國王，所以 0-0-0（f2–c2）合法。
rules-h-castle-try-board =
    .caption = §12 E1 A：在這裡試走 0-0-0：國王經過 d2 時會被 d10 的跳吃者跳吃（落在 d1），所以不能易位；0-0 合法。
rules-h-chess = 后、車、象、馬的走法和吃法與西洋棋相同；大主教兼有象和馬的走法，首相兼有車和馬的走法。它們都是落點吃子。
rules-h-chess-board =
    .caption = 試走后、大主教和首相。
rules-h-pawn = 兵向前走一格，在起始橫線上可走兩格；斜前方一格吃子，也可吃過路兵。兵走進敵陣即升變，可選車、馬、象或炮（不能選后）。
rules-h-pawn-board =
    .caption = §12 E3：e7 吃 d8 落在第 8 橫線的敵陣中，兵升變為炮（P E7 x D8 = Ca）。
rules-h-cannon = 炮像車一樣走，也可以越過一枚任意顏色的棋子，落到其後的空格。吃子同象棋：隔著正好一枚棋子（炮架），吃掉其後的下一枚敵子。
rules-h-cannon-board =
    .caption = §12 E4：d4 的炮隔著 d6 的炮架吃掉 d8 的馬。
rules-h-cannon-hop-board =
    .caption = §12 E4：炮 d4–d1 越過 d2 的馬，但不吃它。
rules-h-promotion-heading = 升變
rules-h-promotion = 后、首相、大主教、車、馬、象的一步只要落在敵陣中（進入敵陣、在敵陣內移動或在敵陣中吃子）就升變，獲得新的走法（見對局頁面的圖例）。兵升變得到的車、馬、象下一步若走在敵陣中則可進一步升變。
rules-h-promote-board =
    .caption = §12 E2：馬 e6 吃 f8 落在第 8 橫線，升變為成馬（馬 + 駱駝跳）。
rules-h-promoted-board =
    .caption = 試走成后、成首相、成大主教和成車。
rules-h-dog = 狗（主教的小狗）斜走 1–3 格，落點吃子，永遠不會被麻醉。只有成象走第一步時才會放出狗：狗出現在成象剛離開的格子上。
rules-h-dog-board =
    .caption = 成象第一步 c3–f6，在 c3 留下一隻狗；之後狗走 c3–e5。
rules-h-immobilizer = 麻醉者像后一樣走，從不吃子，使相鄰的敵子（狗除外）被麻醉。被麻醉的棋子不能移動、吃子或將軍；狗以外被麻醉的棋子可以自殺（國王除外），算作一步。
rules-h-imm-board =
    .caption = 麻醉者 f1–f5 麻醉了 e6 的馬和 g5 的車，但麻醉不了 e4 的狗；黑方讓車自殺（R G5 xx）。
rules-h-leaper = 跳吃者像后一樣走，和 Ultima 一樣沿直線跳過後面有空格的敵子，跳過的全部吃掉。它的將軍可以這樣化解：佔住國王後面的落點，或在它的路線上造成兩枚相連的棋子。
rules-h-leap-board =
    .caption = 仿照種子文本的例子：跳吃者 b1–h7，吃掉 c2、e4、g6。
rules-h-leap-check-board =
    .caption = §12 E6：e9 的跳吃者將軍 e2 的國王（會落在 e1）。化解方法：國王避開、佔住 e1（馬 c2–e1）或在 e3 放一枚棋子。
rules-h-withdrawer = 拖吃者像后一樣走，從相鄰敵子的正對面離開，將其吃掉。
rules-h-w-board =
    .caption = 種子文本的例子：拖吃者 h9–f7，吃掉 i10。
rules-h-coordinator = 協吃者像后一樣走，吃掉它與己方國王構成的矩形另外兩個角上的敵子。因為雙方國王都在 f 線上開局，能走到敵王所在橫線的協吃者就在將軍。
rules-h-co-board =
    .caption = 種子文本的例子：國王在 f2，協吃者 g1–g5 吃掉 f5（國王的直線與協吃者的橫線交點）。
rules-h-pushme = 推拉者（來自 Duniho 的 Supremo）像后一樣走，在移動線的兩端吃子：遠離相鄰的敵子將其拖吃，並推吃落點前方緊鄰的敵子；一步最多可吃兩枚敵子。
rules-h-pu-board =
    .caption = §12 E5：推拉者 e5–h5 拖吃 d5、推吃 i5：一步吃兩子。
