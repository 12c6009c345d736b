//! The files rgmem reads besides its log: session files, LoCoMo's and BEAM's benchmark files, and where
//! a JSON fault sits in one. (An export of a log is the log's: `log::export`.)

pub mod beam;
pub mod jsonpos;
pub mod locomo;
pub mod session;
