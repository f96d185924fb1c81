# 规则页（www/rules/*.html）的简体中文文字，只由规则页加载。与 en 相同的 id。

## Shared words

rules-nav =
    .aria-label = 规则页与对局
rules-link-ultima = Ultima 规则
rules-link-omega = 欧米加象棋规则
rules-link-hybrid = 混合棋规则
rules-play-ultima = 下 Ultima
rules-play-omega = 下欧米加象棋
rules-play-hybrid = 下混合棋
rules-howto-heading = 在自己的网页上使用这些棋盘
rules-howto = 本页的每个棋盘都是一个 <baroque-board> 元素。加上下面这一行脚本后，棋盘旁边的代码就是网页所需的全部内容。mode="steps" 逐步演示着法（按钮、方向键、着法列表），并标出每步吃掉的棋子；mode="try" 让读者从该局面自由走子，并有复位按钮；fen、moves 和 options 设定局面与规则；marks 标出格子和箭头；caption 写出棋盘下方的说明。
rules-pieces-heading = 棋子
rules-moves = 走法
rules-captures = 吃法
rules-more = 同一局面的其他着法
rules-options-heading = 规则选项
rules-options-intro = 每个选项的第一个值是规则书的默认值。对局链接或棋盘以 name=value 的形式接受选项（options="win=capture"），新对局对话框里也能选择。
rules-no-options = 这个棋种没有规则选项：每局都按同一套规则进行。
rules-option-values = 取值：{ $values }
rules-option-value =
    { $default ->
        [yes] { $setting }（{ $word }，默认）
       *[no] { $setting }（{ $word }）
    }
rules-copy = 复制
rules-copied = 已复制。
rules-copy-failed = 此处不能自动复制：请选中代码后复制。
rules-snippet =
    .aria-label = 这个棋盘的 HTML
rules-script-snippet =
    .aria-label = 脚本行，每页一次
rules-footer = 这些页面依据本项目的规则书（tests/data/rules），规则问题一律以它为准；棋盘上的每一步和每次吃子都由游戏自己的引擎计算。

## Ultima

rules-ultima-title = Ultima 规则 — Baroque
rules-ultima-heading = Ultima（巴洛克象棋）规则
rules-ultima-intro = Ultima 由资深游戏设计师罗伯特·阿博特于 1962 年创作，使用与标准国际象棋相同的棋盘和棋子，白方先走。但几乎所有棋子都像后一样移动，并且都以独特的方式吃子。吃子是走棋的附带效果，自动发生，所以一步棋由起点和终点两个格子确定。在游戏开始之前，双方各自决定麻醉者放在哪个角上，以及是否交换王和拖吃者的位置：共 16 种开局布置。
rules-u-king = 王的移动方式与国际象棋相同：每次向任意方向移动一格，走到敌子所在的格上将其吃掉。王不能走进被将军的格子：按默认规则，将死即胜，使对方无子可走也获胜。
rules-u-king-board =
    .caption = §11：王 e4–f5 吃掉 f5 的协吃者。王 e4–e5 不合法：黑方夹吃者 a5–d5 会把王夹在它与协吃者之间吃掉。
rules-u-pincer = 夹吃者移动方式像车，可沿横线和直线双向走任意格。它用夹吃的方式吃子：走完后，若敌子在它的横向或纵向相邻格上，而敌子另一侧紧挨着己方任意棋子，该敌子就被吃掉。阵型中不能有空隙，夹吃只能在垂直或水平方向进行，不能在对角线上进行；敌子自行走进阵型时不会被吃。
rules-u-a-board =
    .caption = §10 A：夹吃者 g4–d4 吃掉 c4 的麻醉者（另一侧是 b4 的夹吃者）和 d5 的夹吃者（另一侧是 d6）。e5 的拖吃者在斜线上，d3 的模仿者后面没有己子，g3 的跳吃者是自己走到两兵之间的：这三枚都不被吃。
rules-u-11a-pawn-board =
    .caption = §11：夹吃者 c2–c4 借 c6 的跳吃者吃掉 c5，借 e4 的模仿者吃掉 d4：任何己方棋子都能完成夹吃。
rules-u-leaper = 跳吃者移动方式像后，通过跳跃来吃子：沿它的移动方向，若敌子后面紧接着一个空格，它可以跳过该敌子，跳过的敌子全部被吃掉；若存在可以落子的空隙，一次可以吃掉多个棋子，并可停在任何一个空格上。它不能跳过己子或两个紧挨着的棋子，也不能转向。
rules-u-b-board =
    .caption = §10 B：跳吃者 d2–d4–d6–d8，吃掉 d3、d5、d7。b2、f2、g2 的夹吃者和 c2 的模仿者两两相连，中间没有空格，都不能被跳吃。
rules-u-b-d6-board =
    .caption = §10 B：跳吃者 d2–d6 提前停下，吃掉 d3 和 d5。
rules-u-b-d4-board =
    .caption = §10 B：跳吃者 d2–d4 只吃掉 d3。
rules-u-b-g5-board =
    .caption = §10 B：跳吃者 d2–g5 改为跳吃 f4 的拖吃者。
rules-u-b-h6-board =
    .caption = §10 B：跳吃者 d2–h6 同样吃掉 f4，落在更远一格。
rules-u-11a-c4-board =
    .caption = §11：跳吃者 c6–c4 跳吃 c5 的跳吃者。
rules-u-11a-c3-board =
    .caption = §11：跳吃者 c6–c3 跳吃 c5，落在更远一格。
rules-u-withdrawer = 拖吃者移动方式像后。它通过撤退来吃子：如果它在回合开始时与敌方棋子相邻，并且直接远离它移动（距离不限），则该棋子被吃掉。朝其他方向或朝向该棋子移动都不吃子。
rules-u-w-board =
    .caption = 种子文本 001：拖吃者 g6–d3 直接远离 h7，将其吃掉。
rules-u-coordinator = 协吃者移动方式像后。它移动后，以它和己方王为对角构成一个矩形：另外两个角（协吃者的直线与王的横线的交点、王的直线与协吃者的横线的交点）上的敌子都被吃掉。只有协吃者自己的移动才会这样吃子，王走到角上不吃子。
rules-u-c-board =
    .caption = §10 C：王在 c2，协吃者 d4–f6 吃掉 c6（c 线与第 6 横线）和 f2（f 线与第 2 横线）。
rules-u-c-d6-board =
    .caption = §10 C：协吃者 d4–d6 吃掉 c6 和 d2。
rules-u-c-b6-board =
    .caption = §10 C：协吃者 d4–b6 吃掉 c6。
rules-u-c-f4-board =
    .caption = §10 C：协吃者 d4–f4 吃掉 f2。
rules-u-c-d3-board =
    .caption = §10 C：协吃者 d4–d3 吃掉 d2（d 线与王所在的第 2 横线）。
rules-u-c-d5-board =
    .caption = §10 C：协吃者 d4–d5 同样吃掉 d2。
rules-u-c-d7-board =
    .caption = §10 C：协吃者 d4–d7 同样吃掉 d2。
rules-u-c-d8-board =
    .caption = §10 C：协吃者 d4–d8 同样吃掉 d2。
rules-u-c-king-board =
    .caption = §10 C：王 c2–d2 走到 d2 上将其吃掉，这是王自己的吃法。
rules-u-immobilizer = 麻醉者移动方式像后，不能吃掉敌方棋子，但可以麻醉它们：任何与麻醉者直接相邻的敌方棋子都被麻醉，完全无法移动、吃子或将军，直到麻醉者移开；它仍然占着格子，可以被吃，也能参与夹吃。玩家可以不走棋，而让一个被麻醉的己方棋子（王除外）自杀，将其从棋盘上移除。
rules-u-i-board =
    .caption = 种子文本 001：麻醉者 f3–d5，麻醉了 c6 的夹吃者、e6 的跳吃者和 c4 的拖吃者；黑方让被麻醉的拖吃者自杀（Wc4xx）。
rules-u-chameleon = 模仿者移动方式像后，用敌方棋子自己的吃子能力来吃掉它：（直走时）夹吃夹吃者，跳吃跳吃者，远离拖吃者而吃掉它，与己方王协同吃掉协吃者，走到王上吃王。它不能吃掉麻醉者或模仿者；如果模仿者移动到敌方麻醉者旁边，这两个棋子将互相冻结。按默认规则，一步棋会同时完成这些吃法给出的所有吃子。
rules-u-d-board =
    .caption = §10 D：模仿者 g6–e6–c6 远离 h6，跳吃 f6 和 d6，夹吃 c7、c5、b6（另一侧是 c8、c4、a6），并与 e2 的王协同吃掉 c2：除王外黑方棋子全被吃掉，并将军。
rules-u-d-e6-board =
    .caption = §10 D：模仿者 g6–e6 只吃掉 f6 和 h6，同样将军。
rules-u-11b-d5-board =
    .caption = §11：模仿者 a2–d5 跳吃 c4 的跳吃者，并与 a1 的王协同吃掉 a5 的协吃者。
rules-u-11b-e6-board =
    .caption = §11：模仿者 a2–e6 跳吃 c4；斜走不能夹吃，所以 e5 安全。
rules-u-11b-f7-board =
    .caption = §11：模仿者 a2–f7 跳吃 c4。
rules-u-11b-g8-board =
    .caption = §11：模仿者 a2–g8 跳吃 c4，并在相邻格将军 h8 的王。
rules-u-opt-win = win=checkmate（默认）：走棋后己方的王不能处于被将军的状态，所以王永远不会被吃，无子可走的一方判负。win=capture 是种子文本 000 和 002 的字面规则：没有将军规则，国王必须被吃掉游戏才能结束。
rules-u-o-win-board =
    .caption = win=capture（§11 的局面）：王 e4–e5 现在可以走，黑方夹吃者 a5–d5 借 f5 的协吃者吃掉王。
rules-u-opt-stalemate = 未被将军但无子可走的一方：stalemate=loss（默认；种子文本 001：困毙对手也是一种胜利方式）时判负，stalemate=draw 时为和棋。
rules-u-o-stalemate-board =
    .caption = stalemate=draw：麻醉者 f6–g7 麻醉了黑方孤王，王未被将军却不能走：此时为和棋，按默认规则则白胜。
rules-u-opt-immobilizer = immobilizer=classic（默认）：与敌方麻醉者相邻的棋子被麻醉，与敌方模仿者相邻的麻醉者也被麻醉。immobilizer=pure（MacKay 的“纯粹规则”，剑桥的玩法）：若己方的模仿者或麻醉者与敌方麻醉者相邻，该麻醉者对己方其他棋子的麻醉就失效。
rules-u-o-imm-classic-board =
    .caption = 经典规则：模仿者 h3–e6 后，它与麻醉者互相冻结，d4 的夹吃者仍被麻醉，只能自杀（Pd4xx）。
rules-u-o-imm-pure-board =
    .caption = immobilizer=pure：同样走模仿者 h3–e6，但模仿者与 d5 相邻，使 d4 的夹吃者解除麻醉，它走到 g4。
rules-u-opt-suicide = suicide=on（默认）：玩家可以不走棋，而移除一个被麻醉的己方棋子（王除外）；着法文本把该格写两次（b4b4）。suicide=off 时不允许自杀。
rules-u-o-suicide-board =
    .caption = §10 A：b4 的夹吃者被 c4 的麻醉者麻醉，所以白方可以移除它（Pb4xx）。
rules-u-opt-chameleon = chameleon=combined（默认）：模仿者的一步棋完成各种吃法给出的所有吃子。chameleon=pure（MacKay）：跳吃了至少一个跳吃者的一步只吃掉被跳过的跳吃者。
rules-u-o-cham-board =
    .caption = chameleon=pure（§10 D）：模仿者 g6–c6 现在只吃掉 d6 和 f6 的跳吃者。
rules-u-o-cham2-board =
    .caption = chameleon=pure（§11）：模仿者 a2–d5 只吃掉 c4 的跳吃者，不吃 a5 的协吃者。
rules-u-opt-leaper = leaper=multi（默认）：跳吃者（以及跳吃跳吃者的模仿者）一跳可以吃掉多个棋子。leaper=single：一跳至多吃一个，第一次跳过之后遇到下一个棋子就停止。
rules-u-o-leaper-board =
    .caption = leaper=single（§10 B）：跳吃者 d2–d4 仍吃掉 d3，但 d2–d6 和 d2–d8 不再是合法着法。

## Omega Chess

rules-omega-title = 欧米加象棋规则 — Baroque
rules-omega-heading = 欧米加象棋规则
rules-omega-intro = 欧米加象棋由 Daniel MacDonald 于 1992 年发明：在 10×10 的棋盘（a–j 线，0–9 横线）上下国际象棋，另有四个巫格 w1 至 w4，分别位于四角的斜外侧，共 104 格。每方除国际象棋的棋子外，还有放在两角的两个士和放在巫格上的两个巫。将死即胜；逼和、只剩双王、五十步内无吃子也无兵走动、同一局面出现三次都是和棋。
rules-o-squares-heading = 巫格
rules-o-squares = 巫格只与它所在的角格斜向相邻。它位于长斜线上，所以象或后可以从一个巫格穿过整个棋盘滑到对面的巫格。车和兵永远到不了巫格；王在巫格上只有一个可逃的格子，所以单个轻子就能将死它。
rules-o-w1w3-board =
    .caption = §9.5：w1 的象穿过整个棋盘到达 w3。
rules-o-mate-board =
    .caption = §9.1：单马将死：b0 的马将军 w1 的王，b1 的王控制它唯一的出路 a0。
rules-o-king = 王向任意方向走一格，也可以走进巫格。易位：王向车的方向走两格，车跳到王越过的格子上（0-0：王 f0–h0，车 i0–g0；0-0-0：王 f0–d0，车 b0–e0）。王在起点、经过的格子和终点都不能受到攻击；只有车经过的格子可以受攻击。
rules-o-castle-board =
    .caption = §9.4：因为 w2 的巫攻击 h0，0-0 不合法；0-0-0（f0–d0）合法，虽然 w1 的巫攻击 c0，但只有车经过 c0。
rules-o-chess = 后、车、象、马的走法和吃法与国际象棋相同。在这里试试：拿起棋子就会显示它能走的格子。
rules-o-chess-board =
    .caption = 试走后、车、象、马。
rules-o-champion = 士沿横线或直线跳一格或两格，或斜向正好跳两格，可越过中间的棋子。它不能斜走一格。
rules-o-champion-board =
    .caption = 试走 e4 的士：它能跳两格吃掉 e6 的马，却不能吃斜前方一格 d5 的兵。
rules-o-wizard = 巫斜走一格，或像骆驼一样跳（一个方向一格、另一个方向三格），可越过任何棋子；所以它始终停留在同一种颜色的格子上。开局时巫就能立刻离开巫格。
rules-o-wizard-board =
    .caption = 开局：白方巫 w1–a2，黑方巫 w3–j7，都是骆驼跳。
rules-o-wizard-try-board =
    .caption = 试走 e4 的巫：它能到的 12 个格子颜色都相同。
rules-o-pawn = 兵向前走一格，在起始横线上可走两格或三格；斜前方一格吃子。兵走两格或三格后，敌方的兵可以在它经过的任何一格上吃过路兵。到达底线时必须升变为后、车、象、马、士或巫。
rules-o-ep-board =
    .caption = §9.2：黑兵 g8–g5 走三格，经过 g7 和 g6；f6 的白兵在 g7 吃过路兵，落点比被吃的兵远两条横线。
rules-o-promote-board =
    .caption = §9.5：j8–j9 必须升变；这里兵升变为巫。

## Chess–Ultima Hybrid

rules-hybrid-title = Chess–Ultima 混合棋规则 — Baroque
rules-hybrid-heading = Chess–Ultima 混合棋规则
rules-hybrid-intro = 混合棋（种子文本 003）在 10×10 棋盘上进行：白方第 2 横线是卡帕布兰卡象棋的布置，第 1 横线是五种 Ultima 棋子，第 3 横线是十个兵；黑方对称。国际象棋的棋子落点吃子，Ultima 的棋子用各自的吃法。棋子走完后位于敌阵（对方的三条底线）即升变，类似将棋。胜负条件同国象，包括逼和规则：将死即胜，逼和为和棋，王永远不会被吃。
rules-h-king = 王向任意方向走一格。王车易位：王向车的方向走三格，车落在王另一侧的相邻格（王 f2–i2，车 j2–h2；王 f2–c2，车 a2–d2）。王所经过的所有格子都未被对方攻击到，包括起点终点：每一格都把王真的放在那里检验。
rules-h-castle-board =
    .caption = §12 E1 B：d1 有马时，d10 的跳吃者无法跳过 d2 上的王，所以 0-0-0（f2–c2）合法。
rules-h-castle-try-board =
    .caption = §12 E1 A：在这里试走 0-0-0：王经过 d2 时会被 d10 的跳吃者跳吃（落在 d1），所以不能易位；0-0 合法。
rules-h-chess = 后、车、象、马的走法和吃法与国际象棋相同；大主教兼有象和马的走法，首相兼有车和马的走法。它们都是落点吃子。
rules-h-chess-board =
    .caption = 试走后、大主教和首相。
rules-h-pawn = 兵向前走一格，在起始横线上可走两格；斜前方一格吃子，也可吃过路兵。兵走进敌阵即升变，可选车、马、象或炮（不能选后）。
rules-h-pawn-board =
    .caption = §12 E3：e7 吃 d8 落在第 8 横线的敌阵中，兵升变为炮（P E7 x D8 = Ca）。
rules-h-cannon = 炮像车一样走，也可以越过一枚任意颜色的棋子，落到其后的空格。吃子同中国象棋：隔着正好一枚棋子（炮架），吃掉其后的下一枚敌子。
rules-h-cannon-board =
    .caption = §12 E4：d4 的炮隔着 d6 的炮架吃掉 d8 的马。
rules-h-cannon-hop-board =
    .caption = §12 E4：炮 d4–d1 越过 d2 的马，但不吃它。
rules-h-promotion-heading = 升变
rules-h-promotion = 后、首相、大主教、车、马、象的一步只要落在敌阵中（进入敌阵、在敌阵内移动或在敌阵中吃子）就升变，获得新的走法（见对局页面的图例）。兵升变得到的车、马、象下一步若走在敌阵中则可进一步升变。
rules-h-promote-board =
    .caption = §12 E2：马 e6 吃 f8 落在第 8 横线，升变为成马（马 + 骆驼跳）。
rules-h-promoted-board =
    .caption = 试走成后、成首相、成大主教和成车。
rules-h-dog = 狗（主教的小狗）斜走 1–3 格，落点吃子，永远不会被麻醉。只有成象走第一步时才会放出狗：狗出现在成象刚离开的格子上。
rules-h-dog-board =
    .caption = 成象第一步 c3–f6，在 c3 留下一只狗；之后狗走 c3–e5。
rules-h-immobilizer = 麻醉者像后一样走，从不吃子，使相邻的敌子（狗除外）被麻醉。被麻醉的棋子不能移动、吃子或将军；限狗外被麻醉的棋子可以自杀（王除外），算作一步。
rules-h-imm-board =
    .caption = 麻醉者 f1–f5 麻醉了 e6 的马和 g5 的车，但麻醉不了 e4 的狗；黑方让车自杀（R G5 xx）。
rules-h-leaper = 跳吃者像后一样走，和 Ultima 一样沿直线跳过后面有空格的敌子，跳过的全部吃掉。它的将军可以这样化解：占住王后面的落点，或在它的路线上造成两枚相连的棋子。
rules-h-leap-board =
    .caption = 仿照种子文本的例子：跳吃者 b1–h7，吃掉 c2、e4、g6。
rules-h-leap-check-board =
    .caption = §12 E6：e9 的跳吃者将军 e2 的王（会落在 e1）。化解方法：王避开、占住 e1（马 c2–e1）或在 e3 放一枚棋子。
rules-h-withdrawer = 拖吃者像后一样走，从相邻敌子的正对面离开，将其吃掉。
rules-h-w-board =
    .caption = 种子文本的例子：拖吃者 h9–f7，吃掉 i10。
rules-h-coordinator = 协吃者像后一样走，吃掉它与己方王构成的矩形另外两个角上的敌子。因为双方的王都在 f 线上开局，能走到敌王所在横线的协吃者就在将军。
rules-h-co-board =
    .caption = 种子文本的例子：王在 f2，协吃者 g1–g5 吃掉 f5（王的直线与协吃者的横线交点）。
rules-h-pushme = 推拉者（来自 Duniho 的 Supremo）像后一样走，在移动线的两端吃子：远离相邻的敌子将其拖吃，并推吃落点前方紧邻的敌子；一步最多可吃两枚敌子。
rules-h-pu-board =
    .caption = §12 E5：推拉者 e5–h5 拖吃 d5、推吃 i5：一步吃两子。
