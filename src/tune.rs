//! TEMPORARY tuning knobs (removed before landing).
#[must_use]
pub fn get(name: &str, default: f64) -> f64 {
    std::env::var(format!("RGMEM_T_{name}")).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
