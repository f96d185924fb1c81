//! Time controls (`baroque_engine::clock`): the one check that the PGN tag, the page's dialog and
//! links and a game server share. Issue 26: a PGN `TimeControl` of `0+0` or of twenty digits was
//! taken although the dialog refuses such clocks.

use baroque_engine::clock::{TimeControl, TimeControlReason, MAX_DAYS};
use baroque_engine::{pgn, GameId};

fn clock(base_s: u64, inc_s: u64) -> TimeControl {
    TimeControl::Clock {
        base_ms: base_s * 1000,
        increment_ms: inc_s * 1000,
    }
}

fn reason(text: &str) -> TimeControlReason {
    text.parse::<TimeControl>().expect_err(text).reason
}

#[test]
fn the_tag_form_reads_seconds_and_writes_itself_back() {
    for (text, tc) in [
        ("300+3", clock(300, 3)),
        ("60", clock(60, 0)),
        (" 36000+600 ", clock(36_000, 600)),
        ("1+0", clock(1, 0)),
    ] {
        assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
        assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
    }
    assert_eq!(clock(60, 0).to_string(), "60+0");
    assert_eq!(clock(300, 3).to_string(), "300+3");
}

#[test]
fn clocks_outside_the_dialogs_bounds_are_refused_with_their_reason() {
    // The dialog (www/dialog.js parseClock, index.html's custom fields): a start above 0 and up
    // to 600 minutes, an increment of 0 to 600 whole seconds.
    assert_eq!(reason("0+0"), TimeControlReason::Base);
    assert_eq!(reason("0"), TimeControlReason::Base);
    assert_eq!(reason("36001+0"), TimeControlReason::Base);
    assert_eq!(reason("99999999999999999999+0"), TimeControlReason::Base);
    assert_eq!(
        reason("999999999999999999999999999999999999999+5"),
        TimeControlReason::Base
    );
    assert_eq!(reason("300+601"), TimeControlReason::Increment);
    assert_eq!(
        reason("300+99999999999999999999"),
        TimeControlReason::Increment
    );
    for bad in [
        "", "+", "5+", "+3", "-300+3", "300+-3", "300+3+1", "3 00+3", "abc", "300+3.5", "5.5+3",
        "300 + 3",
    ] {
        assert_eq!(reason(bad), TimeControlReason::Syntax, "{bad:?}");
    }
    for other in ["40/7200:3600", "40/7200", "*180", "300+3:60"] {
        assert_eq!(reason(other), TimeControlReason::Unsupported, "{other}");
    }
    let e = "0+0".parse::<TimeControl>().unwrap_err();
    assert_eq!(e.code(), "time-control-base");
    assert_eq!(
        e.params(),
        [
            ("value", "0+0".to_string()),
            ("min", "1".to_string()),
            ("max", "36000".to_string())
        ]
    );
    assert!(e.to_string().contains("600 minutes"), "{e}");
}

#[test]
fn correspondence_is_one_move_in_whole_days() {
    assert_eq!(
        "1/86400".parse::<TimeControl>(),
        Ok(TimeControl::Correspondence { days: 1 })
    );
    let three = TimeControl::correspondence(3).unwrap();
    assert_eq!(three.to_string(), "1/259200");
    assert_eq!(three.to_string().parse::<TimeControl>(), Ok(three));
    assert_eq!(TimeControl::parse_minutes("1/259200"), Ok(three));
    assert_eq!(three.minutes_text(), "1/259200");
    assert_eq!(reason("1/0"), TimeControlReason::Days);
    assert_eq!(reason("1/3600"), TimeControlReason::Days);
    assert_eq!(
        reason(&format!("1/{}", (u64::from(MAX_DAYS) + 1) * 86_400)),
        TimeControlReason::Days
    );
    assert_eq!(reason("1/99999999999999999999999"), TimeControlReason::Days);
    assert_eq!(reason("1/"), TimeControlReason::Syntax);
    assert!(TimeControl::correspondence(0).is_err());
    assert!(TimeControl::correspondence(MAX_DAYS).is_ok());
}

#[test]
fn the_minutes_form_is_the_dialogs() {
    // Every preset of the dialog's list.
    for (text, base_s, inc_s) in [
        ("1+0", 60, 0),
        ("3+2", 180, 2),
        ("5+3", 300, 3),
        ("10+5", 600, 5),
        ("15+10", 900, 10),
        ("30+0", 1800, 0),
        ("0.25+0", 15, 0),
        ("2.5+1", 150, 1),
        ("600+600", 36_000, 600),
    ] {
        let tc = TimeControl::parse_minutes(text).unwrap();
        assert_eq!(tc, clock(base_s, inc_s), "{text}");
        assert_eq!(tc.minutes_text(), text);
    }
    // A start that is no whole number of minutes' decimals reads back as the same second.
    for s in [1, 10, 59, 61, 3599, 35_999] {
        let tc = clock(s, 0);
        assert_eq!(
            TimeControl::parse_minutes(&tc.minutes_text()),
            Ok(tc),
            "{s}"
        );
    }
    assert_eq!(TimeControl::parse_minutes("0.1+0"), Ok(clock(6, 0)));
    for (bad, why) in [
        ("0+0", TimeControlReason::Base),
        ("0.001+0", TimeControlReason::Base),
        ("600.1+0", TimeControlReason::Base),
        ("99999999999999999999+0", TimeControlReason::Base),
        ("5+601", TimeControlReason::Increment),
        ("5", TimeControlReason::Syntax),
        ("5+1.5", TimeControlReason::Syntax),
        (".5+1", TimeControlReason::Syntax),
        ("5.+1", TimeControlReason::Syntax),
        ("1e3+0", TimeControlReason::Syntax),
    ] {
        assert_eq!(
            TimeControl::parse_minutes(bad).map_err(|e| e.reason),
            Err(why),
            "{bad}"
        );
    }
}

#[test]
fn built_values_are_checked_too() {
    assert_eq!(TimeControl::clock(300_000, 3_000), Ok(clock(300, 3)));
    assert_eq!(
        TimeControl::clock(0, 0).map_err(|e| e.reason),
        Err(TimeControlReason::Base)
    );
    assert_eq!(
        TimeControl::clock(1_500, 0).map_err(|e| e.reason),
        Err(TimeControlReason::Fraction)
    );
    assert_eq!(
        TimeControl::Clock {
            base_ms: u64::MAX,
            increment_ms: 0
        }
        .check()
        .map_err(|e| e.reason),
        Err(TimeControlReason::Base)
    );
}

#[test]
fn the_pgn_reader_checks_the_tag_and_the_writer_writes_only_good_ones() {
    let record = |tc: &str| format!("[Variant \"ultima\"]\n[TimeControl \"{tc}\"]\n\n1. e2e5 *\n");
    let read = |tc: &str| pgn::read(&record(tc), GameId::Ultima);
    assert_eq!(read("300+3").unwrap()[0].time_control, Some(clock(300, 3)));
    assert_eq!(read("-").unwrap()[0].time_control, None);
    assert_eq!(read("?").unwrap()[0].time_control, None);
    assert_eq!(
        read("1/86400").unwrap()[0].time_control,
        Some(TimeControl::Correspondence { days: 1 })
    );
    let none = pgn::read("1. e2e5 *", GameId::Ultima).unwrap();
    assert_eq!(none[0].time_control, None);
    for bad in ["0+0", "99999999999999999999+0", "5+", "40/7200:3600"] {
        let e = read(bad).expect_err(bad);
        assert_eq!(e.code(), "pgn-bad-time-control", "{bad}: {e}");
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("TimeControl"), "{e}");
    }
    let game = &pgn::read(&record("300+3"), GameId::Ultima).unwrap()[0].game;
    for (given, written) in [
        ("300+3", Some("300+3")),
        ("60", Some("60+0")),
        ("-", Some("-")),
        ("0+0", None),
        ("99999999999999999999+0", None),
    ] {
        let text = pgn::write(game, &[("TimeControl", given)], None);
        match written {
            Some(w) => assert!(text.contains(&format!("[TimeControl \"{w}\"]")), "{text}"),
            None => assert!(!text.contains("TimeControl"), "{text}"),
        }
        pgn::read(&text, GameId::Ultima).expect("what the writer writes reads back");
    }
}
