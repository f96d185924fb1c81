//! The parameters file: a game's fitted tables as text, with the description of the data and
//! the fit in its comment lines (`tests/data/eval-<game>.txt`).
//!
//! ```text
//! # comment lines: the data, the engine, the date, K and the losses
//! game omega
//! k 1.0123
//! phase_full 9380
//! ranks 12
//! files 6
//! squares 52
//! King mg 0 3 … (ranks entries) | 0 1 … (files entries) | 0 0 … (squares entries)
//! King eg …
//! ```
//!
//! One `mg` and one `eg` line per role of the game, in the game table's order. A file written
//! before the square entries (no `squares` line, rows of ranks and files only) reads with them
//! all 0.

use baroque_engine::{GameId, Role};

use crate::data::layout;

/// A game's fitted tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The game.
    pub game: GameId,
    /// Comment lines (without their `# `).
    pub notes: Vec<String>,
    /// The scaling constant of the fit.
    pub k: f64,
    /// The start's non-pawn material.
    pub phase_full: i32,
    /// Rank entries per role.
    pub ranks: usize,
    /// File entries per role.
    pub files: usize,
    /// Square entries per role.
    pub squares: usize,
    /// The roles, in slot order.
    pub roles: Vec<Role>,
    /// Midgame entries, `ranks + files + squares` per role.
    pub mg: Vec<i8>,
    /// Endgame entries.
    pub eg: Vec<i8>,
}

impl Params {
    /// All-zero tables of `game` (the engine without fitted tables).
    pub fn zero(game: GameId) -> Params {
        let l = layout(game);
        let roles: Vec<Role> = baroque_engine::games::spec(game)
            .pieces
            .iter()
            .map(|p| p.role)
            .collect();
        let n = roles.len() * l.stride();
        Params {
            game,
            notes: Vec::new(),
            k: 1.0,
            phase_full: l.phase_full,
            ranks: l.ranks,
            files: l.files,
            squares: l.squares,
            roles,
            mg: vec![0; n],
            eg: vec![0; n],
        }
    }

    /// Entries per role.
    pub fn stride(&self) -> usize {
        self.ranks + self.files + self.squares
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for n in &self.notes {
            s.push_str(&format!("# {n}\n"));
        }
        s.push_str(&format!("game {}\n", self.game.as_str()));
        s.push_str(&format!("k {:.4}\n", self.k));
        s.push_str(&format!("phase_full {}\n", self.phase_full));
        s.push_str(&format!(
            "ranks {}\nfiles {}\nsquares {}\n",
            self.ranks, self.files, self.squares
        ));
        let st = self.stride();
        for (i, role) in self.roles.iter().enumerate() {
            for (name, t) in [("mg", &self.mg), ("eg", &self.eg)] {
                let row = &t[i * st..(i + 1) * st];
                let text = |v: &[i8]| {
                    v.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let files = self.ranks + self.files;
                s.push_str(&format!(
                    "{role:?} {name} {} | {} | {}\n",
                    text(&row[..self.ranks]),
                    text(&row[self.ranks..files]),
                    text(&row[files..])
                ));
            }
        }
        s
    }

    /// Reads a parameters file; an error names the first bad line.
    pub fn parse(text: &str) -> Result<Params, String> {
        let mut notes = Vec::new();
        let mut fields = std::collections::HashMap::new();
        let mut rows: Vec<(Role, bool, Vec<i8>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            if let Some(c) = line.strip_prefix('#') {
                notes.push(c.strip_prefix(' ').unwrap_or(c).to_string());
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                [_] => return Err(bad("expected `key value` or a table row")),
                [key, value] => {
                    fields.insert(key.to_string(), value.to_string());
                }
                [role, phase, rest @ ..] => {
                    let role = Role::ALL
                        .into_iter()
                        .find(|r| format!("{r:?}") == *role)
                        .ok_or_else(|| bad("unknown role"))?;
                    let mg = match *phase {
                        "mg" => true,
                        "eg" => false,
                        _ => return Err(bad("expected mg or eg")),
                    };
                    let values = rest
                        .iter()
                        .filter(|w| **w != "|")
                        .map(|w| {
                            w.parse::<i8>().map_err(|_| {
                                bad("bad entry (a whole number of centipawns within ±127)")
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    rows.push((role, mg, values));
                }
            }
        }
        let get = |k: &str| fields.get(k).ok_or_else(|| format!("no `{k}` line"));
        let game: GameId = get("game")?.parse().map_err(|e| format!("{e}"))?;
        let num = |k: &str| -> Result<f64, String> {
            get(k)?.parse::<f64>().map_err(|_| format!("bad `{k}`"))
        };
        let mut p = Params::zero(game);
        p.notes = notes;
        p.k = num("k")?;
        p.phase_full = num("phase_full")? as i32;
        // A file of before the square entries has none: they read as 0.
        let squares = match fields.get("squares") {
            Some(_) => num("squares")? as usize,
            None => 0,
        };
        if num("ranks")? as usize != p.ranks
            || num("files")? as usize != p.files
            || squares != 0 && squares != p.squares
        {
            return Err("the ranks, files and squares do not fit the game's board".into());
        }
        let st = p.stride();
        let given = p.ranks + p.files + squares;
        for (role, mg, values) in rows {
            let i = p
                .roles
                .iter()
                .position(|r| *r == role)
                .ok_or_else(|| format!("{role:?} is not a piece of {}", game.as_str()))?;
            if values.len() != given {
                return Err(format!("{role:?}: expected {given} entries"));
            }
            let t = if mg { &mut p.mg } else { &mut p.eg };
            t[i * st..i * st + given].copy_from_slice(&values);
        }
        Ok(p)
    }
}
