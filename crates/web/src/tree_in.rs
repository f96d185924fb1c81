//! A game tree as the page gives it (`Tree` in www/engine/types.js), read field by field from
//! the JavaScript value with `js_sys` (what [`crate::tree`] reads; other fields are ignored).
//! Reading goes one level of variations at a time: a node's `variations` stay a JavaScript
//! value until the reader has checked the depth. A field of the wrong type is an `Error` with
//! code `tree-bad-value` naming it. (Not serde's derived `Deserialize`: its visitors for these
//! two shapes would cost the page's first visit more bytes than this reader.)

use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;

use crate::WebError;

/// A tree: its first comment and its main line.
pub struct TreeIn {
    /// The comment before the first move.
    pub comment: Option<String>,
    /// The main line.
    pub line: Vec<NodeIn>,
}

/// A node; its variations stay a JavaScript value until read ([`lines`]).
pub struct NodeIn {
    /// The move text or notation (none: the game's own move).
    pub mv: Option<String>,
    /// NAGs (numbers; those that are no NAG are dropped by the reader of the tree).
    pub nags: Vec<f64>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// The comment before it.
    pub before: Option<String>,
    /// The lines that are alternatives to it, unread.
    pub variations: JsValue,
}

/// The error for a value that is not a tree's shape.
pub fn bad(reason: &str) -> WebError {
    WebError::new(
        "tree-bad-value",
        vec![("reason", reason.to_string())],
        reason,
    )
}

fn nullish(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// Field `key` of `obj` (undefined when absent).
fn field(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Text field `key` of `obj`, if given.
fn text(obj: &JsValue, key: &str) -> Result<Option<String>, WebError> {
    let v = field(obj, key);
    if nullish(&v) {
        return Ok(None);
    }
    v.as_string()
        .map(Some)
        .ok_or_else(|| bad(&format!("“{key}” is not a text")))
}

/// `v` as an array (`what` names it in the error).
fn array(v: &JsValue, what: &str) -> Result<Array, WebError> {
    if Array::is_array(v) {
        Ok(Array::from(v))
    } else {
        Err(bad(&format!("“{what}” is not an array")))
    }
}

/// The tree of value `v` (an object).
pub fn tree(v: &JsValue) -> Result<TreeIn, WebError> {
    if !v.is_object() {
        return Err(bad("the tree is not an object"));
    }
    Ok(TreeIn {
        comment: text(v, "comment")?,
        line: line(&field(v, "line"))?,
    })
}

/// A line: an array of nodes (none when absent).
pub fn line(v: &JsValue) -> Result<Vec<NodeIn>, WebError> {
    if nullish(v) {
        return Ok(Vec::new());
    }
    array(v, "line")?.iter().map(|n| node(&n)).collect()
}

/// The lines of a node's `variations`: an array of lines.
pub fn lines(v: &JsValue) -> Result<Vec<Vec<NodeIn>>, WebError> {
    array(v, "variations")?.iter().map(|l| line(&l)).collect()
}

fn node(v: &JsValue) -> Result<NodeIn, WebError> {
    if !v.is_object() {
        return Err(bad("a node is not an object"));
    }
    let nags = field(v, "nags");
    let nags = if nullish(&nags) {
        Vec::new()
    } else {
        array(&nags, "nags")?
            .iter()
            .map(|n| n.as_f64().ok_or_else(|| bad("a NAG is not a number")))
            .collect::<Result<_, _>>()?
    };
    Ok(NodeIn {
        mv: text(v, "move")?,
        nags,
        comment: text(v, "comment")?,
        before: text(v, "before")?,
        variations: field(v, "variations"),
    })
}
