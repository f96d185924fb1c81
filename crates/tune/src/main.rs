//! `baroque-tune`: fits a game's piece-square tables to `baroque datagen` data and writes the
//! parameters file and the engine's generated table (docs/ai.md, "Data and the fitted
//! evaluation").
//!
//! ```text
//! baroque-tune fit --variant ID --data FILE [--data FILE]... [--epochs N] [--rate R]
//!                  [--l2 X] [--lambda L] [--write]
//! baroque-tune render [--variant ID|all]
//! ```
//!
//! `fit` reads the positions (every 10th block of 100 lines held back for validation), fits K
//! to the evaluation without tables, then the tables, and prints K and the training and
//! validation losses before and after; `--write` writes `tests/data/eval-<game>.txt` and the
//! table `crates/engine/src/search/eval/tables/<game>.rs`. `render` writes the tables from the
//! parameters files as they are.

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use baroque_engine::GameId;
use baroque_tune::data::{layout, read, Sample};
use baroque_tune::fit::{fit, fit_k, losses, Settings};
use baroque_tune::params::Params;
use baroque_tune::render::{params_path, rust, table_path};

/// The workspace root.
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Today's date (UTC), `YYYY-MM-DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn write(p: &Params) -> Result<(), String> {
    let params = root().join(params_path(p.game));
    let table = root().join(table_path(p.game));
    std::fs::write(&params, p.to_text())
        .map_err(|e| format!("cannot write {}: {e}", params.display()))?;
    std::fs::write(&table, rust(p))
        .map_err(|e| format!("cannot write {}: {e}", table.display()))?;
    eprintln!("wrote {} and {}", params.display(), table.display());
    Ok(())
}

fn games(v: &str) -> Result<Vec<GameId>, String> {
    if v == "all" {
        return Ok(GameId::ALL.to_vec());
    }
    Ok(vec![v.parse::<GameId>().map_err(|e| e.to_string())?])
}

fn render(args: &[String]) -> Result<(), String> {
    let mut list = GameId::ALL.to_vec();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--variant" => list = games(it.next().ok_or("--variant needs a value")?)?,
            other => return Err(format!("unknown render argument '{other}'")),
        }
    }
    for g in list {
        let path = root().join(params_path(g));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let p = Params::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let table = root().join(table_path(g));
        std::fs::write(&table, rust(&p))
            .map_err(|e| format!("cannot write {}: {e}", table.display()))?;
        eprintln!("wrote {}", table.display());
    }
    Ok(())
}

fn run_fit(args: &[String]) -> Result<(), String> {
    let mut game = None;
    let mut files = Vec::new();
    let mut s = Settings::default();
    let mut save = false;
    let mut it = args.iter();
    let num = |v: Option<&String>, name: &str| -> Result<f64, String> {
        v.and_then(|v| v.parse::<f64>().ok())
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{name} needs a number"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--variant" => {
                game = Some(
                    it.next()
                        .ok_or("--variant needs a value")?
                        .parse::<GameId>()
                        .map_err(|e| e.to_string())?,
                )
            }
            "--data" => files.push(it.next().ok_or("--data needs a file")?.clone()),
            "--epochs" => s.epochs = num(it.next(), a)? as u32,
            "--rate" => s.rate = num(it.next(), a)? as f32,
            "--l2" => s.l2 = num(it.next(), a)? as f32,
            "--lambda" => s.lambda = num(it.next(), a)?.clamp(0.0, 1.0) as f32,
            "--write" => save = true,
            other => return Err(format!("unknown fit argument '{other}'")),
        }
    }
    let game = game.ok_or("fit: give --variant")?;
    if files.is_empty() {
        return Err("fit: give --data FILE".into());
    }
    let l = layout(game);
    let (mut train, mut valid) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    let mut engine = String::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read {f}: {e}"))?;
        if engine.is_empty() {
            engine = text
                .lines()
                .next()
                .and_then(|h| h.split("written by ").nth(1))
                .unwrap_or("")
                .trim_end_matches('.')
                .to_string();
        }
        let samples = read(game, &text, &l).map_err(|e| format!("{f}: {e}"))?;
        for (i, smp) in samples.into_iter().enumerate() {
            if (i / 100) % 10 == 9 {
                valid.push(smp);
            } else {
                train.push(smp);
            }
        }
    }
    let mut p = Params::zero(game);
    let n = 2 * p.mg.len();
    let mut theta = vec![0f32; n];
    let k = fit_k(&train, &theta);
    let before = (losses(&train, &theta, k), losses(&valid, &theta, k));
    eprintln!(
        "{} positions ({} training, {} validation); K {k:.4}; before: training {:.5} (mse {:.5}), validation {:.5} (mse {:.5})",
        train.len() + valid.len(),
        train.len(),
        valid.len(),
        before.0 .0,
        before.0 .1,
        before.1 .0,
        before.1 .1
    );
    fit(&train, &mut theta, k, &s, |epoch, loss| {
        eprintln!("epoch {epoch}: training loss {loss:.5}");
    });
    let after = (losses(&train, &theta, k), losses(&valid, &theta, k));
    eprintln!(
        "after: training {:.5} (mse {:.5}), validation {:.5} (mse {:.5})",
        after.0 .0, after.0 .1, after.1 .0, after.1 .1
    );
    let half = n / 2;
    let round = |x: &f32| x.round().clamp(-127.0, 127.0) as i8;
    p.mg = theta[..half].iter().map(round).collect();
    p.eg = theta[half..].iter().map(round).collect();
    p.k = f64::from(k);
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap_or(f))
        .collect();
    p.notes = vec![
        format!(
            "{} piece-square tables (rank + file + square, midgame/endgame), fitted by `baroque-tune fit` on {}.",
            game.as_str(),
            today()
        ),
        format!(
            "Data: {} ({} positions: {} training, {} validation), from {engine}.",
            names.join(", "),
            train.len() + valid.len(),
            train.len(),
            valid.len()
        ),
        format!(
            "Fit: {} epochs of Adam, step {}, L2 {}, lambda {} (result share of the target).",
            s.epochs, s.rate, s.l2, s.lambda
        ),
        format!(
            "Logistic loss before/after: training {:.5}/{:.5}, validation {:.5}/{:.5} (K {k:.4}).",
            before.0 .0, after.0 .0, before.1 .0, after.1 .0
        ),
    ];
    if save {
        write(&p)?;
    } else {
        print!("{}", p.to_text());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let r = match args.first().map(String::as_str) {
        Some("fit") => run_fit(&args[1..]),
        Some("render") => render(&args[1..]),
        _ => Err("usage: baroque-tune fit --variant ID --data FILE... [--epochs N] [--rate R] [--l2 X] [--lambda L] [--write] | baroque-tune render [--variant ID|all]".into()),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
