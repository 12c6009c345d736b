//! `rgmem log --cost`: model calls, failures, tokens and time summed per operator and per
//! purpose, over every branch of the log (what was spent, including abandoned branches).

use anyhow::Result;
use rgmem::log::Log;
use rgmem::log::cost::CostReport;
use std::io::Write;

/// Prints the cost report, as text or as one JSON object.
pub fn print(log: &Log, json: bool, out: &mut impl Write) -> Result<()> {
    let records = log.all()?;
    let report = CostReport::from_events(records.iter().map(|r| &r.event));
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        write!(out, "{}", report.to_text())?;
    }
    Ok(())
}
