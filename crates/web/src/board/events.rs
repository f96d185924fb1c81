//! The mounted board: binds pointer events on the canvas, schedules one repaint per animation
//! frame, and reports moves, promotion requests and selection changes to the page as DOM
//! `CustomEvent`s (`board-move`, `board-promote`, `board-select`) dispatched on the canvas.
//! The right button draws the player's arrows and circles (`drawable`; no context menu over the
//! board), published as `data-drawn`; a press of the main button erases them.
//! Events leave only after the state's borrow ends, so a listener may call back into the board.

use std::cell::RefCell;
use std::rc::Rc;

use baroque_engine::Square;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, CustomEvent, CustomEventInit, Event, HtmlCanvasElement,
    KeyboardEvent, PointerEvent,
};

use super::anim::Anim;
use super::config::ConfigPatch;
use super::drawable::Modifiers;
use super::layout::Layout;
use super::notes::write_notes;
use super::render::Painter;
use super::state::{Action, BoardState, Snapshot};

struct Inner {
    state: BoardState,
    anim: Option<Anim>,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    painter: Painter,
    layout: Layout,
    /// The id of the requested animation frame, if one is pending.
    frame_pending: Option<i32>,
    /// The keyboard cursor while the board is not focused, given back when the focus returns
    /// (from the promotion chooser, say) unless a pointer pressed the board meanwhile.
    parked: Option<Square>,
    published: String,
}

type Listener = Closure<dyn FnMut(PointerEvent)>;
type EventListener = Closure<dyn FnMut(Event)>;
/// The animation-frame callback, shared so it can schedule itself again.
type FrameSlot = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;

/// A board drawn on a canvas and listening to it.
pub struct Mounted {
    inner: Rc<RefCell<Inner>>,
    frame: FrameSlot,
    listeners: Vec<(&'static str, Listener)>,
    others: Vec<(&'static str, EventListener)>,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

impl Mounted {
    /// Mounts a board showing `snap` on `canvas`.
    pub fn mount(canvas: HtmlCanvasElement, state: BoardState) -> Result<Mounted, JsValue> {
        let ctx = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("this browser gives no 2d canvas context"))?
            .dyn_into::<CanvasRenderingContext2d>()?;
        let layout = Layout::new(state.snap.shape, state.config.orientation, 0.0);
        let inner = Rc::new(RefCell::new(Inner {
            state,
            anim: None,
            canvas: canvas.clone(),
            ctx,
            painter: Painter::default(),
            layout,
            frame_pending: None,
            parked: None,
            published: String::new(),
        }));
        let frame: FrameSlot = Rc::new(RefCell::new(None));
        {
            let inner2 = inner.clone();
            let frame2 = frame.clone();
            *frame.borrow_mut() = Some(Closure::new(move |t: f64| {
                let again = {
                    let mut b = inner2.borrow_mut();
                    b.frame_pending = None;
                    paint(&mut b, t)
                };
                if again {
                    request(&inner2, &frame2);
                }
            }));
        }
        let mut m = Mounted {
            inner,
            frame,
            listeners: Vec::new(),
            others: Vec::new(),
        };
        m.bind("pointerdown", |b, sq, pos, _| b.state.pointer_down(sq, pos))?;
        m.bind("pointermove", |b, sq, pos, _| b.state.pointer_move(sq, pos))?;
        m.bind("pointerup", |b, sq, _, _| b.state.pointer_up(sq))?;
        m.bind("pointercancel", |b, _, _, _| b.state.pointer_cancel())?;
        m.bind("pointerleave", |b, _, _, e| {
            if b.state.drag.is_some() && e.buttons() != 0 {
                Action::None
            } else {
                b.state.pointer_cancel()
            }
        })?;
        m.bind_keys()?;
        m.publish();
        m.redraw();
        Ok(m)
    }

    /// Keyboard play: arrows move a cursor (in screen directions), Enter or Space clicks the
    /// cursor's square, Escape clears the selection; leaving the board hides the cursor and
    /// coming back by the keyboard (or a script's `focus()`) shows it where it was.
    fn bind_keys(&mut self) -> Result<(), JsValue> {
        let inner = self.inner.clone();
        let frame = self.frame.clone();
        let keydown: EventListener = Closure::new(move |e: Event| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let (action, cursor_moved, canvas) = {
                let mut b = inner.borrow_mut();
                let flip: i8 = match b.state.config.orientation {
                    baroque_engine::Color::White => 1,
                    baroque_engine::Color::Black => -1,
                };
                let step = match e.key().as_str() {
                    "ArrowUp" => Some((0, flip)),
                    "ArrowDown" => Some((0, -flip)),
                    "ArrowLeft" => Some((-flip, 0)),
                    "ArrowRight" => Some((flip, 0)),
                    _ => None,
                };
                let (action, moved) = if let Some((dx, dy)) = step {
                    let a = b.state.move_cursor(dx, dy);
                    let moved = a != Action::None;
                    (a, moved)
                } else {
                    match e.key().as_str() {
                        "Enter" | " " => match b.state.cursor {
                            Some(c) => (b.state.click(c), false),
                            None => (b.state.move_cursor(0, 0), true),
                        },
                        "Escape" => (b.state.select(None), false),
                        _ => return,
                    }
                };
                e.prevent_default();
                (action, moved, b.canvas.clone())
            };
            request(&inner, &frame);
            if cursor_moved {
                let detail = Object::new();
                let name = {
                    let b = inner.borrow();
                    b.state
                        .cursor
                        .map(|c| JsValue::from_str(&b.state.snap.shape.square_name(c).to_string()))
                        .unwrap_or(JsValue::NULL)
                };
                let _ = Reflect::set(&detail, &"square".into(), &name);
                dispatch(&canvas, "board-cursor", &detail);
            }
            emit(&inner, &canvas, action);
            publish(&inner);
        });
        let inner = self.inner.clone();
        let frame = self.frame.clone();
        let blur: EventListener = Closure::new(move |_e: Event| {
            {
                let mut b = inner.borrow_mut();
                b.parked = b.state.cursor.take();
                b.state.hover = None;
            }
            request(&inner, &frame);
            publish(&inner);
        });
        let inner = self.inner.clone();
        let frame = self.frame.clone();
        let focus: EventListener = Closure::new(move |_e: Event| {
            {
                let mut b = inner.borrow_mut();
                if let Some(c) = b.parked.take() {
                    b.state.cursor = Some(c);
                    b.state.hover = Some(c);
                }
            }
            request(&inner, &frame);
            publish(&inner);
        });
        let canvas = self.inner.borrow().canvas.clone();
        // The right button draws arrows and circles: no context menu over the board.
        let inner = self.inner.clone();
        let contextmenu: EventListener = Closure::new(move |e: Event| {
            if inner.borrow().state.config.drawable {
                e.prevent_default();
            }
        });
        for (name, f) in [
            ("keydown", keydown),
            ("blur", blur),
            ("focus", focus),
            ("contextmenu", contextmenu),
        ] {
            canvas.add_event_listener_with_callback(name, f.as_ref().unchecked_ref())?;
            self.others.push((name, f));
        }
        Ok(())
    }

    fn bind(
        &mut self,
        name: &'static str,
        f: fn(&mut Inner, Option<Square>, (f64, f64), &PointerEvent) -> Action,
    ) -> Result<(), JsValue> {
        let inner = self.inner.clone();
        let frame = self.frame.clone();
        let listener: Listener = Closure::new(move |e: PointerEvent| {
            let (drawing, enabled) = {
                let b = inner.borrow();
                (b.state.drawable.current.is_some(), b.state.config.drawable)
            };
            // The right button draws (drawable); other buttons but the main one do nothing.
            let draws = (enabled && matches!(name, "pointerdown" | "pointerup") && e.button() == 2)
                || (drawing && name != "pointerdown");
            if name == "pointerdown" && e.button() != 0 && !draws {
                return;
            }
            let (action, canvas, cleared) = {
                let mut b = inner.borrow_mut();
                let rect = b.canvas.get_bounding_client_rect();
                let scale = if rect.width() > 0.0 {
                    b.layout.size / rect.width()
                } else {
                    1.0
                };
                let pos = (
                    (e.client_x() as f64 - rect.left()) * scale,
                    (e.client_y() as f64 - rect.top()) * scale,
                );
                let sq = b.layout.square_at(pos.0, pos.1);
                if draws {
                    if draw(&mut b, name, sq, &e) {
                        drop(b);
                        request(&inner, &frame);
                        publish(&inner);
                    }
                    return;
                }
                // A press of the main button erases the player's arrows and circles.
                let cleared = name == "pointerdown" && b.state.drawable.clear();
                if name == "pointerdown" {
                    e.prevent_default();
                    b.state.cursor = None;
                    b.parked = None;
                    b.state.touch = e.pointer_type() == "touch";
                    let _ = b.canvas.set_pointer_capture(e.pointer_id());
                }
                let a = f(&mut b, sq, pos, &e);
                (a, b.canvas.clone(), cleared)
            };
            if action != Action::None || cleared {
                request(&inner, &frame);
            }
            emit(&inner, &canvas, action);
            publish(&inner);
        });
        self.inner
            .borrow()
            .canvas
            .add_event_listener_with_callback(name, listener.as_ref().unchecked_ref())?;
        self.listeners.push((name, listener));
        Ok(())
    }

    /// Shows a new position, animating the change when `animate` is set.
    pub fn set_snapshot(&self, snap: Snapshot, animate: bool) {
        {
            let mut b = self.inner.borrow_mut();
            let t = now();
            b.anim = if animate {
                Anim::diff(&b.state.snap, &snap, t, b.state.config.animation_ms)
            } else {
                None
            };
            if b.layout.shape != snap.shape {
                b.layout = Layout::new(snap.shape, b.state.config.orientation, b.layout.size);
            }
            b.state.set_snapshot(snap);
        }
        self.publish();
        self.redraw();
    }

    /// Merges settings.
    pub fn set_config(&self, patch: &ConfigPatch) {
        {
            let mut b = self.inner.borrow_mut();
            b.state.config.apply(patch);
            b.layout.orientation = b.state.config.orientation;
            if b.state.selected.is_some_and(|s| !b.state.can_select(s)) {
                b.state.selected = None;
            }
        }
        self.publish();
        self.redraw();
    }

    /// Replaces the author's marks.
    pub fn set_notes(&self, notes: Vec<crate::board::notes::Note>) {
        self.inner.borrow_mut().state.notes = notes;
        self.redraw();
    }

    /// Selects a square (or nothing) as a click would, without moving.
    pub fn select(&self, sq: Option<Square>) {
        let _ = self.inner.borrow_mut().state.select(sq);
        self.publish();
        self.redraw();
    }

    /// Sets the square under the pointer (for keyboard or tests), updating the capture preview.
    pub fn hover(&self, sq: Option<Square>) {
        self.inner.borrow_mut().state.hover = sq;
        self.publish();
        self.redraw();
    }

    /// A read-only view of the state.
    pub fn with_state<R>(&self, f: impl FnOnce(&BoardState) -> R) -> R {
        f(&self.inner.borrow().state)
    }

    /// Asks for a repaint on the next animation frame (after a resize, for example).
    pub fn redraw(&self) {
        request(&self.inner, &self.frame);
    }

    fn publish(&self) {
        publish(&self.inner);
    }

    /// Removes the listeners and cancels a pending repaint (its callback is freed here, so the
    /// browser must not call it later); the canvas keeps its last picture.
    pub fn destroy(&mut self) {
        let (canvas, pending) = {
            let mut b = self.inner.borrow_mut();
            (b.canvas.clone(), b.frame_pending.take())
        };
        if let (Some(id), Some(w)) = (pending, web_sys::window()) {
            let _ = w.cancel_animation_frame(id);
        }
        for (name, l) in self.listeners.drain(..) {
            let _ = canvas.remove_event_listener_with_callback(name, l.as_ref().unchecked_ref());
        }
        for (name, l) in self.others.drain(..) {
            let _ = canvas.remove_event_listener_with_callback(name, l.as_ref().unchecked_ref());
        }
        self.frame.borrow_mut().take();
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.destroy();
    }
}

/// The right button's part of a pointer event: starts, follows, ends or drops a drawing.
/// Returns whether the picture changed.
fn draw(b: &mut Inner, name: &str, sq: Option<Square>, e: &PointerEvent) -> bool {
    let drawable = &mut b.state.drawable;
    match name {
        "pointerdown" => {
            e.prevent_default();
            let _ = b.canvas.set_pointer_capture(e.pointer_id());
            let keys = Modifiers {
                shift: e.shift_key(),
                ctrl: e.ctrl_key(),
                alt: e.alt_key(),
                meta: e.meta_key(),
            };
            drawable.start(sq, keys)
        }
        "pointermove" => drawable.move_to(sq),
        "pointerup" => {
            drawable.move_to(sq);
            drawable.end()
        }
        "pointerleave" => false,
        _ => drawable.cancel(),
    }
}

fn request(inner: &Rc<RefCell<Inner>>, frame: &FrameSlot) {
    let mut b = inner.borrow_mut();
    if b.frame_pending.is_some() {
        return;
    }
    let f = frame.borrow();
    let (Some(cb), Some(w)) = (f.as_ref(), web_sys::window()) else {
        return;
    };
    if let Ok(id) = w.request_animation_frame(cb.as_ref().unchecked_ref()) {
        b.frame_pending = Some(id);
    }
}

/// Paints one frame; returns whether another is needed (an animation runs).
fn paint(b: &mut Inner, t: f64) -> bool {
    let rect = b.canvas.get_bounding_client_rect();
    let css = rect.width().min(rect.height()).max(0.0);
    if css <= 0.0 {
        return false;
    }
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    let px = (css * dpr).round() as u32;
    if b.canvas.width() != px || b.canvas.height() != px {
        b.canvas.set_width(px);
        b.canvas.set_height(px);
    }
    b.layout.size = css;
    b.layout.orientation = b.state.config.orientation;
    let _ = b
        .ctx
        .set_transform(px as f64 / css, 0.0, 0.0, px as f64 / css, 0.0, 0.0);
    if b.anim.as_ref().is_some_and(|a| a.done(t)) {
        b.anim = None;
    }
    let Inner {
        state,
        anim,
        ctx,
        painter,
        layout,
        ..
    } = b;
    painter.draw(ctx, state, layout, anim.as_ref(), t);
    b.anim.is_some()
}

fn square_list(state: &BoardState, set: baroque_engine::SquareSet) -> String {
    let shape = state.snap.shape;
    set.iter()
        .map(|s| shape.square_name(s).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Mirrors the board's markers into `data-*` attributes of the canvas, for assistive
/// technology scripts and tests.
fn publish(inner: &Rc<RefCell<Inner>>) {
    let mut b = inner.borrow_mut();
    let st = &b.state;
    let shape = st.snap.shape;
    let name = |s: Option<Square>| {
        s.map(|s| shape.square_name(s).to_string())
            .unwrap_or_default()
    };
    let check: baroque_engine::SquareSet = st.snap.checks.iter().map(|c| c.king).collect();
    let checkers: baroque_engine::SquareSet = st.snap.checks.iter().map(|c| c.attacker).collect();
    let attrs = [
        ("data-selected", name(st.selected)),
        ("data-hover", name(st.hover)),
        ("data-cursor", name(st.cursor)),
        ("data-dests", square_list(st, st.dests())),
        ("data-preview", square_list(st, st.preview())),
        ("data-frozen", square_list(st, st.snap.frozen)),
        ("data-check", square_list(st, check)),
        ("data-checkers", square_list(st, checkers)),
        (
            "data-orientation",
            st.config.orientation.as_str().to_string(),
        ),
        // The player's arrows and circles in the marks syntax (`e2 e2>e4:red`).
        ("data-drawn", write_notes(shape, &st.drawable.shapes)),
    ];
    let key: String = attrs
        .iter()
        .map(|(_, v)| v.as_str())
        .collect::<Vec<_>>()
        .join("|");
    if key == b.published {
        return;
    }
    for (k, v) in &attrs {
        let _ = b.canvas.set_attribute(k, v);
    }
    b.published = key;
}

fn emit(inner: &Rc<RefCell<Inner>>, canvas: &HtmlCanvasElement, action: Action) {
    let (name, detail) = {
        let b = inner.borrow();
        let shape = b.state.snap.shape;
        let sqname = |s: Square| JsValue::from_str(&shape.square_name(s).to_string());
        let detail = Object::new();
        let set = |k: &str, v: JsValue| {
            let _ = Reflect::set(&detail, &JsValue::from_str(k), &v);
        };
        let name = match action {
            Action::Move(text) => {
                set("move", JsValue::from_str(&text));
                "board-move"
            }
            Action::Promote { from, to, choices } => {
                set("from", sqname(from));
                set("to", sqname(to));
                let arr = Array::new();
                for (role, text) in choices {
                    let c = Object::new();
                    let _ = Reflect::set(&c, &"role".into(), &role.id().into());
                    let _ = Reflect::set(&c, &"name".into(), &role.name().into());
                    let _ = Reflect::set(&c, &"move".into(), &text.into());
                    arr.push(&c);
                }
                set("choices", arr.into());
                "board-promote"
            }
            Action::Select(sq) => {
                set("square", sq.map(sqname).unwrap_or(JsValue::NULL));
                let suicide = sq
                    .and_then(|s| b.state.snap.suicide(s))
                    .map(|m| JsValue::from_str(&m.text))
                    .unwrap_or(JsValue::NULL);
                set("suicide", suicide);
                "board-select"
            }
            Action::None | Action::Redraw => return,
        };
        (name, detail)
    };
    dispatch(canvas, name, &detail);
}

fn dispatch(canvas: &HtmlCanvasElement, name: &str, detail: &Object) {
    let init = CustomEventInit::new();
    init.set_detail(detail);
    init.set_bubbles(true);
    if let Ok(ev) = CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = canvas.dispatch_event(&ev);
    }
}
