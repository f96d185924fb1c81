//! The tuner's checks: the engine's generated tables are the rendering of the checked-in
//! parameters files; the parameters file reads back; the tuner's evaluation of a position is
//! the engine's; a fit on a tiny data set lowers its loss.

use baroque_engine::search::eval::{self, Weights};
use baroque_engine::{Color, GameId};
use baroque_tune::data::{layout, read};
use baroque_tune::fit::{self, Settings};
use baroque_tune::params::Params;
use baroque_tune::render::{params_path, rust, table_path};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn params(game: GameId) -> Params {
    let text = std::fs::read_to_string(root().join(params_path(game))).expect("parameters file");
    Params::parse(&text).expect("parameters parse")
}

fn sample_data() -> String {
    std::fs::read_to_string(root().join("tests/data/datagen-sample-omega.txt")).expect("sample")
}

#[test]
fn the_tables_in_the_source_are_the_rendering_of_the_parameters() {
    for game in GameId::ALL {
        let want = rust(&params(game));
        let have = std::fs::read_to_string(root().join(table_path(game))).expect("generated table");
        assert!(
            have == want,
            "{}: the table differs from `baroque-tune render`'s output for {}; run `cargo run --release -p baroque-tune -- render`",
            table_path(game),
            params_path(game)
        );
    }
}

#[test]
fn parameters_read_back() {
    for game in GameId::ALL {
        let p = params(game);
        assert_eq!(Params::parse(&p.to_text()).expect("reparse"), p);
        assert_eq!(p.mg.len(), p.roles.len() * p.stride());
    }
    // A file written before the square entries reads with them all 0.
    let old =
        "game ultima\nk 1\nphase_full 5700\nranks 8\nfiles 4\nKing mg 1 0 0 0 0 0 0 0 | 2 0 0 0\n";
    let p = Params::parse(old).expect("a file without square entries");
    assert_eq!((p.mg[0], p.mg[8]), (1, 2));
    assert!(p.mg[12..p.stride()].iter().all(|v| *v == 0));
    assert!(Params::parse(&old.replace("files 4", "files 4\nsquares 31")).is_err());
    assert!(Params::parse("game omega\nk x\n").is_err());
    assert!(Params::parse("game chess\n").is_err());
}

#[test]
fn the_tuners_evaluation_is_the_engines() {
    let game = GameId::Omega;
    let p = params(game);
    let theta: Vec<f32> = p.mg.iter().chain(&p.eg).map(|&v| f32::from(v)).collect();
    let l = layout(game);
    for line in sample_data().lines().filter(|l| !l.starts_with('#')) {
        let s = &read(game, line, &l).expect("line")[0];
        let fen = line.split(" | ").next().expect("fen");
        let pos = baroque_engine::Position::from_fen(game, fen, Default::default()).expect("fen");
        let w = Weights {
            psqt: 100,
            ..Weights::for_game(game)
        };
        let e = eval::evaluate(&pos, &w);
        let white = if pos.side_to_move() == Color::White {
            e
        } else {
            -e
        };
        let tuner = fit::evaluate(s, &theta);
        assert!(
            (tuner - white as f32).abs() <= 1.0,
            "{fen}: tuner {tuner}, engine {white}"
        );
    }
}

#[test]
fn a_fit_on_a_tiny_data_set_lowers_the_loss() {
    let game = GameId::Omega;
    let samples = read(game, &sample_data(), &layout(game)).expect("data");
    assert!(samples.len() >= 100);
    let mut theta = vec![0f32; 2 * Params::zero(game).mg.len()];
    let k = fit::fit_k(&samples, &theta);
    assert!((0.05..5.0).contains(&k), "K {k}");
    let (before, _) = fit::losses(&samples, &theta, k);
    let settings = Settings {
        epochs: 60,
        ..Settings::default()
    };
    fit::fit(&samples, &mut theta, k, &settings, |_, _| {});
    let (after, _) = fit::losses(&samples, &theta, k);
    assert!(after < before, "loss {before} -> {after}");
    assert!(theta.iter().any(|&t| t != 0.0));
}

#[test]
fn bad_data_is_refused_with_its_line() {
    let l = layout(GameId::Omega);
    let e = read(GameId::Omega, "# header\nnot a line\n", &l).expect_err("bad");
    assert!(e.starts_with("line 2"), "{e}");
}
