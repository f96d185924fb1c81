//! The engine's small tables that the page needs as numbers and marks, in one answer
//! ([`engine_tables`], `engineTables()` in JavaScript): the range of the computer's levels
//! (`baroque_engine::search::LEVELS`), the annotation marks of NAGs 1–6
//! (`baroque_engine::pgn::MARKS`) and the distance a press travels to become a drag
//! (`baroque_board::state::DRAG_THRESHOLD`). The page keeps no copy of these numbers.

use baroque_board::state::DRAG_THRESHOLD;
use baroque_engine::pgn::MARKS;
use baroque_engine::search::levels::LEVELS;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The tables, as plain Rust (tested natively; [`engine_tables`] hands them to JavaScript as
/// `EngineTables`, www/engine/types.js).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tables {
    /// The weakest level's number.
    pub level_min: u8,
    /// The strongest level's number.
    pub level_max: u8,
    /// The annotation mark of each NAG with one, at the NAG's number (index 0, no NAG, is `""`).
    pub nag_marks: Vec<&'static str>,
    /// Distance in CSS pixels a press must travel to become a drag.
    pub drag_threshold: f64,
}

/// The engine's tables.
pub fn tables() -> Tables {
    let numbers = LEVELS.iter().map(|l| l.number);
    Tables {
        level_min: numbers.clone().min().unwrap_or(1),
        level_max: numbers.max().unwrap_or(1),
        nag_marks: core::iter::once("").chain(MARKS).collect(),
        drag_threshold: DRAG_THRESHOLD,
    }
}

/// The engine's tables as a JavaScript object:
/// `{ levelMin: 1, levelMax: 8, nagMarks: ['', '!', '?', '!!', '??', '!?', '?!'], dragThreshold: 4 }`
/// (`nagMarks[n]` is NAG `n`'s mark; a NAG past the list has none).
#[wasm_bindgen(js_name = engineTables)]
pub fn engine_tables() -> JsValue {
    crate::to_js(&tables())
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::pgn::mark_nag;
    use baroque_engine::search::Level;

    #[test]
    fn levels_span_the_engine_table() {
        let t = tables();
        assert_eq!(t.level_min, 1);
        assert_eq!(t.level_max, Level::MAX);
        assert!(Level::get(t.level_min).is_some() && Level::get(t.level_max).is_some());
        assert!(Level::get(t.level_max + 1).is_none());
    }

    #[test]
    fn each_mark_reads_back_as_its_nag() {
        let t = tables();
        assert_eq!(t.nag_marks[0], "");
        assert_eq!(t.nag_marks.len(), 7);
        for (n, mark) in t.nag_marks.iter().enumerate().skip(1) {
            assert_eq!(mark_nag(mark), Some(n as u8), "{mark}");
        }
        assert_eq!(t.nag_marks[4], "??");
        assert_eq!(t.nag_marks[6], "?!");
    }

    #[test]
    fn the_value_has_the_pages_field_names() {
        let json = crate::json(&tables());
        assert!(json.starts_with("{\"levelMin\":1,\"levelMax\":"), "{json}");
        assert!(json.contains("\"nagMarks\":[\"\",\"!\",\"?\","), "{json}");
        assert!(json.contains("\"dragThreshold\":"), "{json}");
    }

    #[test]
    fn drag_threshold_is_the_boards() {
        assert_eq!(tables().drag_threshold, DRAG_THRESHOLD);
        assert!(tables().drag_threshold > 0.0);
    }
}
