//! An external engine played over UCI: its process, the lines it is sent and the best move
//! and score it answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use baroque_engine::search::{Limits, Score};
use baroque_engine::{Game, GameId};

use super::spec::Clocks;
use crate::error::CliError;

/// An external engine spoken to over UCI.
pub(super) struct Uci {
    pub(super) child: Child,
    pub(super) input: ChildStdin,
    pub(super) output: BufReader<ChildStdout>,
}

impl Uci {
    pub(super) fn start(cmd: &str, variant: GameId) -> Result<Uci, CliError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::usage(format!("cannot start UCI engine '{cmd}': {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::usage(format!(
                "cannot talk to UCI engine '{cmd}'"
            )));
        };
        let mut uci = Uci {
            child,
            input,
            output: BufReader::new(output),
        };
        uci.send("uci")?;
        uci.wait_for("uciok")?;
        uci.send(&format!("setoption name UCI_Variant value {variant}"))?;
        uci.send("isready")?;
        uci.wait_for("readyok")?;
        Ok(uci)
    }

    pub(super) fn send(&mut self, line: &str) -> Result<(), CliError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| CliError::usage(format!("UCI engine closed its input: {e}")))
    }

    pub(super) fn read_line(&mut self) -> Result<String, CliError> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(CliError::usage("UCI engine ended unexpectedly")),
            Ok(_) => Ok(line),
            Err(e) => Err(CliError::usage(format!("cannot read from UCI engine: {e}"))),
        }
    }

    pub(super) fn wait_for(&mut self, token: &str) -> Result<String, CliError> {
        loop {
            let line = self.read_line()?;
            if line.split_whitespace().next() == Some(token) {
                return Ok(line);
            }
        }
    }

    /// The engine's move text for the game so far, with the score of its last `info` line.
    /// With `clocks` the engine is sent both clocks (`go wtime … btime … winc … binc …`, with
    /// any depth or node limit) instead of the fixed limits.
    pub(super) fn best_move(
        &mut self,
        game: &Game,
        limits: &Limits,
        clocks: Option<Clocks>,
    ) -> Result<(String, Option<Score>), CliError> {
        let start = game.start();
        let mut cmd = format!("position fen {}", start.fen());
        if !game.moves().is_empty() {
            cmd.push_str(" moves");
            for (p, m) in game.positions().iter().zip(game.moves()) {
                cmd.push(' ');
                cmd.push_str(&p.move_text(m));
            }
        }
        self.send(&cmd)?;
        let go = match (clocks, limits.movetime_ms, limits.depth, limits.nodes) {
            (Some(c), _, depth, nodes) => {
                let (w, b) = if game.position().side_to_move() == baroque_engine::Color::White {
                    ((c.mover_ms, c.mover_inc), (c.other_ms, c.other_inc))
                } else {
                    ((c.other_ms, c.other_inc), (c.mover_ms, c.mover_inc))
                };
                let mut go = format!("go wtime {} btime {} winc {} binc {}", w.0, b.0, w.1, b.1);
                if let Some(d) = depth {
                    go.push_str(&format!(" depth {d}"));
                }
                if let Some(n) = nodes {
                    go.push_str(&format!(" nodes {n}"));
                }
                go
            }
            (None, movetime, depth, nodes) => match (movetime, depth, nodes) {
                (Some(t), _, _) => format!("go movetime {t}"),
                (None, Some(d), _) => format!("go depth {d}"),
                (None, None, Some(n)) => format!("go nodes {n}"),
                _ => "go movetime 1000".to_string(),
            },
        };
        self.send(&go)?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("").to_string();
                    return Ok((text, score));
                }
                Some("info") => score = info_score(&line).or(score),
                _ => {}
            }
        }
    }
}

/// The score of a UCI `info` line (`score cp N` or `score mate N`), if it has one. With
/// MultiPV only the first line's counts.
pub(super) fn info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = words.iter().position(|&w| w == "multipv") {
        if words.get(i + 1) != Some(&"1") {
            return None;
        }
    }
    let i = words.iter().position(|&w| w == "score")?;
    let n: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(n)),
        "mate" => Some(Score::Mate(n)),
        _ => None,
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_info_lines_give_their_score() {
        assert_eq!(
            info_score("info depth 5 score cp -34 nodes 10 pv e2e4"),
            Some(Score::Cp(-34))
        );
        assert_eq!(
            info_score("info depth 9 multipv 1 score mate 2 pv a1a2"),
            Some(Score::Mate(2))
        );
        assert_eq!(info_score("info depth 9 multipv 2 score cp 5"), None);
        assert_eq!(info_score("info string hello"), None);
        assert_eq!(info_score("info score cp x"), None);
    }
}
