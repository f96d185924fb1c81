//! `npm start` when port 8080 is taken: without `--port` the server moves on to the next free
//! port and prints that URL first; a port given with `--port` is that port or an error.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Command, Stdio};

use common::fresh_db;

fn server(args: &[&str]) -> std::process::Child {
    let db = format!("sqlite://{}", fresh_db().display());
    Command::new(env!("CARGO_BIN_EXE_baroque-server"))
        .args(["--db", db.as_str()])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server starts")
}

#[test]
fn a_taken_default_port_gives_way_to_the_next_free_one() {
    // Port 8080 taken: by this test, or already by something else on the machine.
    let _held = TcpListener::bind("127.0.0.1:8080");
    assert!(
        TcpListener::bind("127.0.0.1:8080").is_err(),
        "port 8080 is taken"
    );
    let mut child = server(&[]);
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let port: u16 = line
        .trim()
        .strip_prefix("http://localhost:")
        .and_then(|p| p.strip_suffix('/'))
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("first line is the URL: {line:?}"));
    assert!((8081..=8180).contains(&port), "{port}");
}

#[test]
fn a_taken_port_given_is_an_error() {
    let held = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port().to_string();
    let out = server(&["--port", &port]).wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no URL printed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
}
