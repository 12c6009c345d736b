//! When to try a request again and how long to wait: exponential backoff with jitter, or the
//! server's `Retry-After` when it sends one. Pure, so the policy is tested without sleeping.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Retry settings. Tests shrink the delays to microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// Delay before the first retry; doubled for each one after.
    pub base_delay: Duration,
    /// Upper bound of a computed delay.
    pub max_delay: Duration,
    /// Upper bound of a server's `Retry-After`, so a hostile value cannot park the engine.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_retries: 4,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(20),
            max_retry_after: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// Delay before retry `attempt` (0 for the first retry). A `Retry-After` from the server is
    /// honoured (capped); otherwise `base · 2^attempt`, capped, then jittered into its upper
    /// half by `jitter` in `[0, 1)` so clients that failed together do not retry together.
    #[must_use]
    pub fn delay(&self, attempt: u32, retry_after: Option<Duration>, jitter: f64) -> Duration {
        if let Some(wait) = retry_after {
            return wait.min(self.max_retry_after);
        }
        let exp = self
            .base_delay
            .saturating_mul(1u32 << attempt.min(16))
            .min(self.max_delay);
        let jitter = jitter.clamp(0.0, 1.0);
        exp.mul_f64(0.5 + 0.5 * jitter)
    }
}

/// Whether an HTTP status is worth retrying: rate limits and server-side failures.
#[must_use]
pub fn retryable(status: u16) -> bool {
    status == 429 || status == 408 || (500..600).contains(&status)
}

/// Reads a `Retry-After` value: delta-seconds, or an HTTP date (RFC 9110 IMF-fixdate) compared
/// with `now`.
#[must_use]
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let v = value.trim();
    if let Ok(secs) = v.parse::<f64>() {
        // A hostile 1e20 would overflow `Duration`; anything past a day is capped later anyway.
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)));
    }
    let at = parse_http_date(v)?;
    let now = now.duration_since(UNIX_EPOCH).ok()?.as_secs();
    Some(Duration::from_secs(at.saturating_sub(now)))
}

/// "Sun, 06 Nov 1994 08:49:37 GMT" → seconds since the epoch.
fn parse_http_date(v: &str) -> Option<u64> {
    let parts: Vec<&str> = v.split_whitespace().collect();
    let [_, day, month, year, clock, "GMT"] = parts.as_slice() else {
        return None;
    };
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = i64::try_from(MONTHS.iter().position(|m| m == month)?).ok()? + 1;
    let day: i64 = day.parse().ok()?;
    let year: i64 = year.parse().ok()?;
    let hms: Vec<i64> = clock.split(':').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    let [h, m, s] = hms.as_slice() else {
        return None;
    };
    // Out-of-range fields are not a date; the bounds also keep the arithmetic below in range.
    let in_range = (1..=9999).contains(&year)
        && (1..=31).contains(&day)
        && (0..24).contains(h)
        && (0..60).contains(m)
        && (0..=60).contains(s);
    if !in_range {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from(days * 86_400 + h * 3600 + m * 60 + s).ok()
}

/// A cheap jitter source in `[0, 1)`: no cryptography needed, only decorrelation.
pub fn jitter() -> f64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::from(d.subsec_nanos()));
    let mut x = STATE.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed) ^ seed;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_is_capped_and_jittered() {
        let p = RetryPolicy {
            max_retries: 5,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(1000),
            max_retry_after: Duration::from_secs(60),
        };
        assert_eq!(p.delay(0, None, 1.0), Duration::from_millis(100));
        assert_eq!(p.delay(1, None, 1.0), Duration::from_millis(200));
        assert_eq!(p.delay(2, None, 0.0), Duration::from_millis(200));
        assert_eq!(p.delay(9, None, 1.0), Duration::from_millis(1000));
        assert_eq!(p.delay(0, Some(Duration::from_secs(7)), 0.3), Duration::from_secs(7));
        assert_eq!(p.delay(0, Some(Duration::from_secs(600)), 0.3), Duration::from_secs(60));
        for _ in 0..100 {
            let j = jitter();
            assert!((0.0..1.0).contains(&j));
        }
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = UNIX_EPOCH + Duration::from_secs(784_111_770);
        assert_eq!(parse_retry_after("3", now), Some(Duration::from_secs(3)));
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now),
            Some(Duration::from_secs(7))
        );
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("1e20", now), Some(Duration::from_secs(86_400)));
        assert_eq!(parse_retry_after("-3", now), None);
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 99999999999999999 08:49:37 GMT", now),
            None
        );
        assert_eq!(parse_retry_after("Sun, 99999999999 Nov 1994 08:49:37 GMT", now), None);
        assert!(retryable(429) && retryable(503) && !retryable(401) && !retryable(404));
    }
}
