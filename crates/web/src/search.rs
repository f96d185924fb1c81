//! The computer player for the page's worker: [`WebSearcher`] runs the engine's search with the
//! browser's clock and reports each completed depth to a JavaScript callback. The worker owns
//! one instance; the page never blocks on it.

use baroque_engine::report::push_json_string;
use baroque_engine::search::{Clock, Level, Limits, Score, SearchEnv, SearchInfo, Searcher};
use baroque_engine::{Color, Move, Position};
use wasm_bindgen::prelude::*;

use crate::WebGame;

/// A score as JSON: `{"cp":35}` or `{"mate":-3}`.
pub fn score_json(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{{\"cp\":{c}}}"),
        Score::Mate(m) => format!("{{\"mate\":{m}}}"),
    }
}

/// A principal variation as a JSON array of move texts, starting in `pos`.
pub fn pv_json(pos: &Position, pv: &[Move]) -> String {
    pv_words_json(pos, pv, Position::move_text)
}

/// A principal variation in the game's display notation, as a JSON array, starting in `pos`
/// (the analysis board shows these).
pub fn pv_notation_json(pos: &Position, pv: &[Move]) -> String {
    pv_words_json(pos, pv, Position::notation)
}

/// The moves of `pv` that are legal in turn from `pos`, each written by `word`, as a JSON array.
fn pv_words_json(pos: &Position, pv: &[Move], word: fn(&Position, &Move) -> String) -> String {
    let mut p = *pos;
    let mut s = String::from("[");
    for (i, m) in pv.iter().enumerate() {
        if !p.legal_moves().contains(m) {
            break;
        }
        if i > 0 {
            s.push(',');
        }
        push_json_string(&mut s, &word(&p, m));
        p = p.play(m);
    }
    s.push(']');
    s
}

/// One completed depth of one line as JSON (`{"depth":…,"seldepth":…,"multipv":…,"score":…,
/// "nodes":…,"time":…,"nps":…,"pv":[…],"notation":[…]}`; `multipv` counts the lines from 1,
/// best first).
pub fn info_json(pos: &Position, info: &SearchInfo) -> String {
    let nps = (info.nodes * 1000).checked_div(info.time_ms).unwrap_or(0);
    format!(
        "{{\"depth\":{},\"seldepth\":{},\"multipv\":{},\"score\":{},\"nodes\":{},\"time\":{},\"nps\":{},\"pv\":{},\"notation\":{}}}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        score_json(info.score),
        info.nodes,
        info.time_ms,
        nps,
        pv_json(pos, &info.pv),
        pv_notation_json(pos, &info.pv)
    )
}

/// A JSON number, or `null`.
fn json_number<T: core::fmt::Display>(n: Option<T>) -> String {
    n.map_or_else(|| "null".into(), |n| n.to_string())
}

/// Every level as a JSON array of `{"level":…,"name":…,"description":…,"depth":…,"nodes":…,
/// "movetime":…,"elo":…}` (`name` and `description` English; the limits `null` when there is
/// none, so the page can word them; `elo` the level's figure on the levels' self-play scale,
/// `levels::ELO`, from which the page words its strength).
pub fn levels_json() -> String {
    let mut s = String::from("[");
    for n in 1..=Level::MAX {
        if let Some(l) = Level::get(n) {
            if n > 1 {
                s.push(',');
            }
            s.push_str(&format!("{{\"level\":{n},\"name\":"));
            push_json_string(&mut s, l.name);
            s.push_str(",\"description\":");
            push_json_string(&mut s, &l.describe());
            s.push_str(&format!(
                ",\"depth\":{},\"nodes\":{},\"movetime\":{},\"elo\":{}}}",
                json_number(l.depth),
                json_number(l.nodes),
                json_number(l.movetime_ms),
                l.elo()
            ));
        }
    }
    s.push(']');
    s
}

struct BrowserEnv<'a> {
    pos: Position,
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
            let _ = f.call1(&JsValue::NULL, &crate::value(&info_json(&self.pos, info)));
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

    /// The computer's levels, weakest first, as an array of
    /// `{"level":…,"name":…,"description":…}` (English; the page words them by number).
    pub fn levels() -> JsValue {
        crate::value(&levels_json())
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
    /// ([`Limits::ponder`]). Returns `{"best":…|null,"ponder":…|null,"score":…,"depth":…,
    /// "nodes":…,"time":…,"nps":…,"pv":[…],"ponderhit":…}` (`ponderhit`: whether `ponderhit`
    /// said so during the search).
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
        let mut env = BrowserEnv {
            pos,
            on_info: on_info.as_ref(),
            should_stop: should_stop.as_ref(),
            ponderhit: ponderhit.as_ref(),
            hit: false,
        };
        let start = js_sys::Date::now();
        let r = self.searcher.search(&game.game, &limits, &mut env);
        let ms = (js_sys::Date::now() - start).max(0.0) as u64;
        let text = |m: Option<Move>, p: &Position| match m {
            Some(m) => {
                let mut s = String::new();
                push_json_string(&mut s, &p.move_text(&m));
                s
            }
            None => "null".into(),
        };
        let after = r.best.map(|m| pos.play(&m)).unwrap_or(pos);
        let nps = (r.nodes * 1000).checked_div(ms).unwrap_or(0);
        Ok(crate::value(&format!(
            "{{\"best\":{},\"ponder\":{},\"score\":{},\"depth\":{},\"nodes\":{},\"time\":{},\"nps\":{},\"pv\":{},\"ponderhit\":{}}}",
            text(r.best, &pos),
            text(r.ponder, &after),
            score_json(r.score),
            r.depth,
            r.nodes,
            ms,
            nps,
            pv_json(&pos, &r.pv),
            env.hit
        )))
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
    use baroque_engine::GameId;

    #[test]
    fn scores_and_levels_are_json() {
        assert_eq!(score_json(Score::Cp(-12)), "{\"cp\":-12}");
        assert_eq!(score_json(Score::Mate(3)), "{\"mate\":3}");
        let l = levels_json();
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
        assert_eq!(pv_json(&Position::start(GameId::Ultima), &[]), "[]");
        let start = Position::start(GameId::Ultima);
        let m = start.parse_move("e2e5").unwrap();
        assert_eq!(pv_notation_json(&start, &[m]), "[\"Pe2-e5\"]");
    }
}
