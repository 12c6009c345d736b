//! Upgrades of stored bodies written by older codec versions, one function per kind that changed
//! shape. Each takes the old body (without its `kind`) and returns it in today's shape, so
//! `decode` then reads it as it reads a current one. Upgrades run at the log boundary, never
//! inside the fold.

use serde_json::{Map, Value};

/// Brings a body of `kind` written at `version` up to the current version.
pub(super) fn upgrade(kind: &str, version: u32, body: &mut Map<String, Value>) -> Result<(), String> {
    if version < 2 {
        v1_to_v2(kind, body)?;
    }
    Ok(())
}

/// Version 2 made Σ/Δ and relation summaries typed data, and a turn carry what ingest resolved.
fn v1_to_v2(kind: &str, body: &mut Map<String, Value>) -> Result<(), String> {
    match kind {
        "turn_ingested" => turn_ingested_v1(body),
        _ => Ok(()),
    }
}

/// A version-1 turn: nothing to do yet.
#[allow(clippy::unnecessary_wraps)]
fn turn_ingested_v1(_body: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}
