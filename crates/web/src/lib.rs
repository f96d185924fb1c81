//! WebAssembly bindings for Baroque.
