//! Outages are not charged to the clocks (issue 33): a server killed with SIGKILL mid-game, the
//! side to move's clock running, started again ~3 s later on the same database: the clock lost
//! only the time before the kill (within one heartbeat period), and the credit is an event.

mod common;

use std::time::{Duration, Instant};

use common::{client, fresh_db, game, game_under_way, play, Lines, Server};

#[tokio::test]
async fn a_restart_is_not_charged_to_the_side_to_move() {
    let db = fresh_db();
    let mut s = Server::start(&db, &["--rate", "0"]);
    let c = client();
    let (id, [w, _]) = game_under_way(&c, &s.url).await;
    // White's clock runs; a little of it is used before the crash.
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let before = game(&c, &s.url, &id).await["state"].clone();
    let read = Instant::now();
    s.kill();
    let killed = read.elapsed();
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let restart = Instant::now();
    let s = Server::start(&db, &["--rate", "0"]);
    let after = game(&c, &s.url, &id).await["state"].clone();
    let down = restart.elapsed() + Duration::from_millis(3_000) + killed;
    let (wb, wa) = (
        before["wtime"].as_i64().unwrap(),
        after["wtime"].as_i64().unwrap(),
    );
    let lost = wb - wa;
    eprintln!(
        "outage: server down {} ms; White's clock {wb} ms before the kill, {wa} ms after the \
         restart: lost {lost} ms",
        down.as_millis()
    );
    assert!(
        (-1_100..1_000).contains(&lost),
        "White lost {lost} ms over a {} ms outage",
        down.as_millis()
    );
    assert_eq!(after["btime"], before["btime"], "Black's clock stands");
    // The credit is an event, so every client sees the new clocks.
    assert_eq!(after["seq"], before["seq"].as_i64().unwrap() + 1);
    let mut st = Lines::spectator(&c, &s.url, &id).await;
    assert_eq!(st.next().await["state"]["moves"], "e1e4 e8e5");
    // The game goes on.
    play(&c, &s.url, &id, &[("f1f3", &w)]).await;
}
