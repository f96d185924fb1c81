//! The computer player for the page's worker: [`WebSearcher`] runs the engine's search with the
//! browser's clock and reports each completed depth to a JavaScript callback. The worker owns
//! one instance; the page never blocks on it.

use baroque_engine::search::{Clock, Level, Limits, Score, SearchEnv, SearchInfo, Searcher};
use baroque_engine::{Color, Move, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::WebGame;

/// A score (`Score`): `{cp: 35}` or `{mate: -3}`.
#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum ScoreValue {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl From<Score> for ScoreValue {
    fn from(s: Score) -> ScoreValue {
        match s {
            Score::Cp(c) => ScoreValue::Cp(c),
            Score::Mate(m) => ScoreValue::Mate(m),
        }
    }
}

/// The moves of `pv` that are legal in turn from `pos`, each written by `word`.
pub fn pv_words(pos: &Position, pv: &[Move], word: fn(&Position, &Move) -> String) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::new();
    for m in pv {
        if !p.legal_moves().contains(m) {
            break;
        }
        out.push(word(&p, m));
        p = p.play(m);
    }
    out
}

/// One completed depth of one line (`SearchInfo`); `multipv` counts the lines from 1, best
/// first; `pv` is move texts, `notation` the same moves in the game's display notation (the
/// analysis board shows these).
#[derive(Serialize, Debug, PartialEq)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The line's rank, from 1.
    pub multipv: u32,
    /// Its score.
    pub score: ScoreValue,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The line as move texts.
    pub pv: Vec<String>,
    /// The line in display notation.
    pub notation: Vec<String>,
}

/// The value of `info`, a line starting in `pos`, reported `time_ms` after the search began
/// (the page's clock: the engine measures time only when a limit needs it).
pub fn info(pos: &Position, info: &SearchInfo, time_ms: u64) -> Info {
    Info {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv.max(1),
        score: info.score.into(),
        nodes: info.nodes,
        time: time_ms,
        nps: (info.nodes * 1000).checked_div(time_ms).unwrap_or(0),
        pv: pv_words(pos, &info.pv, Position::move_text),
        notation: pv_words(pos, &info.pv, Position::notation),
    }
}

/// A level of the computer player (`Level`): `name` and `description` English (the page words
/// them by number), the limits null when there is none, `elo` the level's figure on the levels'
/// self-play scale (`levels::ELO`), from which the page words its strength.
#[derive(Serialize, Debug, PartialEq)]
pub struct LevelInfo {
    /// Its number.
    pub level: u8,
    /// Its English name.
    pub name: &'static str,
    /// Its limits in English.
    pub description: String,
    /// Its depth limit.
    pub depth: Option<u32>,
    /// Its node limit.
    pub nodes: Option<u64>,
    /// Its time limit in milliseconds.
    pub movetime: Option<u64>,
    /// Its Elo figure.
    pub elo: u32,
}

/// Every level, weakest first.
pub fn levels() -> Vec<LevelInfo> {
    (1..=Level::MAX)
        .filter_map(|n| {
            Level::get(n).map(|l| LevelInfo {
                level: n,
                name: l.name,
                description: l.describe(),
                depth: l.depth,
                nodes: l.nodes,
                movetime: l.movetime_ms,
                elo: l.elo(),
            })
        })
        .collect()
}

/// A search's answer (`SearchResult`).
#[derive(Serialize, Debug, PartialEq)]
pub struct Outcome {
    /// The best move's text, or null (no legal move).
    pub best: Option<String>,
    /// The move expected in reply, or null.
    pub ponder: Option<String>,
    /// The best move's score.
    pub score: ScoreValue,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation as move texts.
    pub pv: Vec<String>,
    /// Whether `ponderhit` said the expected move was played during the search.
    pub ponderhit: bool,
}

struct BrowserEnv<'a> {
    pos: Position,
    /// When the search began (`Date.now()`), for the reports' time and speed.
    start: f64,
    on_info: Option<&'a js_sys::Function>,
    should_stop: Option<&'a js_sys::Function>,
    ponderhit: Option<&'a js_sys::Function>,
    /// Whether `ponderhit` has said the expected move was played.
    hit: bool,
}

/// Whether the optional JavaScript predicate `f` returns a truthy value.
fn truthy(f: Option<&js_sys::Function>) -> bool {
    f.and_then(|f| f.call0(&JsValue::NULL).ok())
        .is_some_and(|v| v.is_truthy())
}

impl SearchEnv for BrowserEnv<'_> {
    fn now_ms(&mut self) -> u64 {
        js_sys::Date::now() as u64
    }
    fn should_stop(&mut self) -> bool {
        truthy(self.should_stop)
    }
    fn ponderhit(&mut self) -> bool {
        self.hit = self.hit || truthy(self.ponderhit);
        self.hit
    }
    fn info(&mut self, info: &SearchInfo) {
        if let Some(f) = self.on_info {
            let ms = (js_sys::Date::now() - self.start).max(0.0) as u64;
            let value = self::info(&self.pos, info, ms);
            let _ = f.call1(&JsValue::NULL, &crate::to_js(&value));
        }
    }
}

/// The engine's searcher, for a Web Worker.
#[wasm_bindgen]
pub struct WebSearcher {
    searcher: Searcher,
}

#[wasm_bindgen]
impl WebSearcher {
    /// A searcher with a transposition table of `tt_mb` megabytes (1–256).
    #[wasm_bindgen(constructor)]
    pub fn new(tt_mb: u32) -> WebSearcher {
        WebSearcher {
            searcher: Searcher::new((tt_mb.clamp(1, 256) as usize) << 20),
        }
    }

    /// The computer's levels, weakest first (see [`LevelInfo`]).
    pub fn levels() -> JsValue {
        crate::to_js(&levels())
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Seeds the random choice of the easy levels.
    #[wasm_bindgen(js_name = setSeed)]
    pub fn set_seed(&mut self, seed: f64) {
        self.searcher.set_seed(seed as u64);
    }

    /// Searches `game`'s position. `limits` is `{level}` (1–8), any of `{depth, nodes,
    /// movetime}`, a chess clock `{wtime, btime, winc, binc}` in milliseconds (UCI's `go`
    /// fields: the engine budgets the mover's time, `Limits::from_clock`), which a `level`
    /// may accompany for its strength, or `{infinite: true}` (until `should_stop`, the analysis
    /// board); depth, nodes, movetime and infinite take an optional `multipv` (the number of
    /// best lines, each reported by `on_info`); `on_info` (optional) receives one info object per
    /// completed depth and line;
    /// `should_stop` (optional) is polled every 1024 nodes and ends the search with the best
    /// move so far when it returns true (the worker reads a shared flag there). Any of these
    /// limits may carry `ponder: true` (thinking on the opponent's time, UCI `go ponder`): the
    /// time limits do not run until `ponderhit` (optional, polled like `should_stop`) returns
    /// true, the sign that the expected move was played; from then on they count from that
    /// moment, and a search that already thought for its soft time answers at once
    /// ([`Limits::ponder`]). Returns an [`Outcome`].
    pub fn search(
        &mut self,
        game: &WebGame,
        limits: JsValue,
        on_info: Option<js_sys::Function>,
        should_stop: Option<js_sys::Function>,
        ponderhit: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let pos = *game.game.position();
        let limits = limits_from(&limits, pos.side_to_move())?;
        let start = js_sys::Date::now();
        let mut env = BrowserEnv {
            pos,
            start,
            on_info: on_info.as_ref(),
            should_stop: should_stop.as_ref(),
            ponderhit: ponderhit.as_ref(),
            hit: false,
        };
        let r = self.searcher.search(&game.game, &limits, &mut env);
        let ms = (js_sys::Date::now() - start).max(0.0) as u64;
        let after = r.best.map(|m| pos.play(&m)).unwrap_or(pos);
        Ok(crate::to_js(&Outcome {
            best: r.best.map(|m| pos.move_text(&m)),
            ponder: r.ponder.map(|m| after.move_text(&m)),
            score: r.score.into(),
            depth: r.depth,
            nodes: r.nodes,
            time: ms,
            nps: (r.nodes * 1000).checked_div(ms).unwrap_or(0),
            pv: pv_words(&pos, &r.pv, Position::move_text),
            ponderhit: env.hit,
        }))
    }
}

fn num(obj: &JsValue, key: &str) -> Result<Option<f64>, JsError> {
    let v = js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(x) if x.is_finite() && x >= 1.0 => Ok(Some(x)),
        _ => Err(JsError::new(&format!("{key} must be a positive number"))),
    }
}

/// A clock field: milliseconds, 0 or more.
fn ms(obj: &JsValue, key: &str) -> Result<Option<u64>, JsError> {
    let v = js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(x) if x.is_finite() && x >= 0.0 => Ok(Some(x as u64)),
        _ => Err(JsError::new(&format!(
            "{key} must be 0 or more milliseconds"
        ))),
    }
}

/// The search limits of `obj` (see [`WebSearcher::search`]), pondering when it says `ponder: true`.
fn limits_from(obj: &JsValue, side: Color) -> Result<Limits, JsError> {
    let ponder = js_sys::Reflect::get(obj, &JsValue::from_str("ponder"))
        .map(|v| v.is_truthy())
        .unwrap_or(false);
    Ok(Limits {
        ponder,
        ..own_limits(obj, side)?
    })
}

/// The limits of `obj` apart from pondering.
fn own_limits(obj: &JsValue, side: Color) -> Result<Limits, JsError> {
    let (wtime, btime) = (ms(obj, "wtime")?, ms(obj, "btime")?);
    if wtime.is_some() || btime.is_some() {
        let (winc, binc) = (ms(obj, "winc")?, ms(obj, "binc")?);
        let clock = Clock::for_side(
            side,
            wtime.unwrap_or(0),
            btime.unwrap_or(0),
            winc.unwrap_or(0),
            binc.unwrap_or(0),
            None,
        );
        let mut limits = Limits::from_clock(&clock);
        // A level keeps its strength (depth, human-like choice) under the clock.
        if let Some(level) = num(obj, "level")?.and_then(|l| Level::get(l as u8)) {
            let own = level.limits();
            limits.depth = own.depth;
            limits.nodes = own.nodes;
            limits.near_best_cp = own.near_best_cp;
            let min = |a: Option<u64>, b: Option<u64>| a.into_iter().chain(b).min();
            limits.movetime_ms = min(limits.movetime_ms, own.movetime_ms);
            limits.soft_time_ms = min(limits.soft_time_ms, own.soft_time_ms);
        }
        return Ok(limits);
    }
    if let Some(l) = num(obj, "level")? {
        return Level::get(l as u8)
            .filter(|_| l <= Level::MAX as f64)
            .map(|l| l.limits())
            .ok_or_else(|| JsError::new(&format!("level must be 1 to {}", Level::MAX)));
    }
    let limits = Limits {
        depth: num(obj, "depth")?.map(|d| d as u32),
        nodes: num(obj, "nodes")?.map(|n| n as u64),
        movetime_ms: num(obj, "movetime")?.map(|t| t as u64),
        ..Limits::default()
    };
    let infinite = js_sys::Reflect::get(obj, &JsValue::from_str("infinite"))
        .map(|v| v.is_truthy())
        .unwrap_or(false);
    if limits == Limits::default() && !infinite {
        return Err(JsError::new(
            "give a level, depth, nodes or movetime, or infinite: true",
        ));
    }
    // MultiPV: the analysis board's best lines (1 to 5 there; any positive count here).
    let multipv = num(obj, "multipv")?.map_or(1, |k| k as u32);
    Ok(limits.with_multipv(multipv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use baroque_engine::GameId;

    #[test]
    fn scores_and_levels_are_values() {
        assert_eq!(json(&ScoreValue::from(Score::Cp(-12))), "{\"cp\":-12}");
        assert_eq!(json(&ScoreValue::from(Score::Mate(3))), "{\"mate\":3}");
        let l = json(&levels());
        assert!(l.starts_with("[{\"level\":1,\"name\":\"Beginner\""), "{l}");
        assert_eq!(l.matches("\"level\":").count(), Level::MAX as usize);
        assert!(
            l.contains(&format!(
                "\"depth\":1,\"nodes\":5000,\"movetime\":null,\"elo\":{}}}",
                baroque_engine::search::levels::ELO[0]
            )),
            "{l}"
        );
        assert!(
            l.contains(&format!(
                "\"depth\":null,\"nodes\":null,\"movetime\":10000,\"elo\":{}}}",
                baroque_engine::search::levels::ELO[7]
            )),
            "{l}"
        );
        let start = Position::start(GameId::Ultima);
        assert!(pv_words(&start, &[], Position::move_text).is_empty());
        let m = start.parse_move("e2e5").unwrap();
        // A move that is not legal in turn ends the line.
        let line = [m, m];
        assert_eq!(pv_words(&start, &line, Position::notation), ["Pe2-e5"]);
        assert_eq!(pv_words(&start, &line, Position::move_text), ["e2e5"]);
    }
}
