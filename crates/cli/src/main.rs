//! The `baroque` command-line tool.
fn main() {}
