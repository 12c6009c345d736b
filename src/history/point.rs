//! Points in history, named the same way everywhere: a seq (`412`), a date or time (`2024-05-01`:
//! the last event at or before it), `head`, or a branch tip (`branch:N`).
//!
//! A branch is a run of consecutive seqs: the log's first events, then one more run per
//! `rolled_back` event, because every other event continues the head. Branches are numbered from 1
//! in the order they were started, so `branch:1` is the original history.
//!
//! An event's time is the conversation time of the latest dated turn at or before it on its own
//! chain: what a step derives from a turn happened when the turn was said. A date alone means the
//! whole of that day (UTC); a date resolves on the head branch.

use super::HistoryError;
use crate::event::{Event, EventRecord};
use crate::ids::Seq;
use crate::time::Timestamp;
use std::fmt;
use std::str::FromStr;

/// A point as a person names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Point {
    /// A seq.
    Seq(Seq),
    /// The last event.
    Head,
    /// The tip of a branch, numbered from 1.
    Branch(u64),
    /// The last event at or before a time on the head branch.
    At {
        /// The latest time that counts (the end of the day for a date).
        until: Timestamp,
        /// What was typed.
        text: String,
    },
}

impl FromStr for Point {
    type Err = HistoryError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let bad = || HistoryError::BadPoint(text.to_string());
        if text.eq_ignore_ascii_case("head") {
            return Ok(Self::Head);
        }
        let digits = text.strip_prefix('#').unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return digits.parse().map(|n| Self::Seq(Seq(n))).map_err(|_| bad());
        }
        if let Some(n) = text
            .get(..7)
            .filter(|p| p.eq_ignore_ascii_case("branch:"))
            .and_then(|_| text.get(7..))
        {
            return match n.bytes().all(|b| b.is_ascii_digit()) {
                true => n.parse().map(Self::Branch).map_err(|_| bad()),
                false => Err(bad()),
            };
        }
        let until = parse_date(text)
            .or_else(|| Timestamp::parse_rfc3339(text))
            .ok_or_else(bad)?;
        Ok(Self::At {
            until,
            text: text.to_string(),
        })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Seq(s) => write!(f, "{s}"),
            Self::Head => f.write_str("head"),
            Self::Branch(n) => write!(f, "branch:{n}"),
            Self::At { text, .. } => f.write_str(text),
        }
    }
}

/// `YYYY-MM-DD` as the last second of that day (UTC); none for impossible dates (2024-02-30).
fn parse_date(text: &str) -> Option<Timestamp> {
    let mut parts = text.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let shaped = [(y, 4), (m, 2), (d, 2)]
        .iter()
        .all(|(p, len)| p.len() == *len && p.bytes().all(|b| b.is_ascii_digit()));
    if parts.next().is_some() || !shaped {
        return None;
    }
    let (y, m, d): (i64, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    Timestamp::from_civil(y, m, d, 23, 59, 59)
}

/// One branch of the history tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// Its number, from 1 in the order branches were started.
    pub number: u64,
    /// Its first seq (a `rolled_back` event for every branch but the first).
    pub start: Seq,
    /// Its last seq.
    pub tip: Seq,
    /// Where it leaves the tree: the parent of its first seq (0 for the first branch).
    pub forked_from: Seq,
    /// Whether the head is its tip.
    pub is_head: bool,
}

impl Branch {
    /// The point naming its tip.
    #[must_use]
    pub fn point(&self) -> Point {
        Point::Branch(self.number)
    }
}

/// The shape of a log's history: parents, branches and event times, enough to resolve any point.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    /// `parents[seq]`; index 0 is the empty root.
    parents: Vec<Seq>,
    /// The time of each seq (see the module docs); none before the first dated turn.
    times: Vec<Option<Timestamp>>,
    /// The first seq of each branch.
    starts: Vec<Seq>,
}

impl Tree {
    /// The tree of a whole log, from its records in seq order. A record out of sequence ends the
    /// tree there; a parent that does not come before its seq is read as the previous seq, so a
    /// damaged log can never make a walk loop.
    #[must_use]
    pub fn from_records(records: &[EventRecord]) -> Self {
        let mut tree = Self {
            parents: vec![Seq(0)],
            times: vec![None],
            starts: Vec::new(),
        };
        for r in records {
            let seq = tree.head().0.saturating_add(1);
            if r.seq.0 != seq {
                break;
            }
            let parent = if r.parent.0 < seq { r.parent } else { Seq(seq - 1) };
            let time = match &r.event {
                Event::TurnIngested { time: Some(t), .. } => Some(*t),
                _ => tree.times.get(parent.index()).copied().flatten(),
            };
            if seq == 1 || matches!(r.event, Event::RolledBack { .. }) {
                tree.starts.push(r.seq);
            }
            tree.parents.push(parent);
            tree.times.push(time);
        }
        tree
    }

    /// The last seq (0 for an empty log).
    #[must_use]
    pub fn head(&self) -> Seq {
        Seq(self.parents.len().saturating_sub(1) as u64)
    }

    /// The parent of a seq.
    #[must_use]
    pub fn parent_of(&self, seq: Seq) -> Option<Seq> {
        self.parents.get(seq.index()).copied()
    }

    /// The time of a seq: its latest dated turn's, on its own chain.
    #[must_use]
    pub fn time_of(&self, seq: Seq) -> Option<Timestamp> {
        self.times.get(seq.index()).copied().flatten()
    }

    /// The ancestor chain of `seq`, newest first, excluding 0.
    pub fn chain_back(&self, seq: Seq) -> impl Iterator<Item = Seq> + '_ {
        let mut cur = (seq <= self.head()).then_some(seq);
        std::iter::from_fn(move || {
            let s = cur.filter(|s| s.0 > 0)?;
            cur = self.parent_of(s);
            Some(s)
        })
    }

    /// Every branch, oldest first.
    #[must_use]
    pub fn branches(&self) -> Vec<Branch> {
        let head = self.head();
        self.starts
            .iter()
            .enumerate()
            .map(|(i, start)| {
                let tip = self.starts.get(i + 1).map_or(head, |next| Seq(next.0 - 1));
                Branch {
                    number: i as u64 + 1,
                    start: *start,
                    tip,
                    forked_from: self.parent_of(*start).unwrap_or(Seq(0)),
                    is_head: tip == head,
                }
            })
            .collect()
    }

    /// The branch a seq belongs to (none for 0 or past the head).
    #[must_use]
    pub fn branch_of(&self, seq: Seq) -> Option<Branch> {
        self.branches().into_iter().find(|b| b.start <= seq && seq <= b.tip)
    }

    /// The seq a point names.
    pub fn resolve(&self, point: &Point) -> Result<Seq, HistoryError> {
        let head = self.head();
        match point {
            Point::Head => Ok(head),
            Point::Seq(seq) if *seq <= head => Ok(*seq),
            Point::Seq(seq) => Err(HistoryError::UnknownSeq { seq: *seq, head }),
            Point::Branch(n) => self
                .branches()
                .into_iter()
                .find(|b| b.number == *n)
                .map(|b| b.tip)
                .ok_or(HistoryError::UnknownBranch {
                    number: *n,
                    count: self.starts.len(),
                }),
            Point::At { until, text } => {
                if self.chain_back(head).all(|s| self.time_of(s).is_none()) {
                    return Err(HistoryError::Undated(text.clone()));
                }
                Ok(self
                    .chain_back(head)
                    .find(|s| self.time_of(*s).is_none_or(|t| t <= *until))
                    .unwrap_or(Seq(0)))
            }
        }
    }

    /// Parses and resolves a point in one go.
    pub fn resolve_str(&self, text: &str) -> Result<Seq, HistoryError> {
        self.resolve(&text.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: u64, parent: u64, event: Event) -> EventRecord {
        EventRecord {
            seq: Seq(seq),
            parent: Seq(parent),
            event,
        }
    }

    fn turn(i: u32, time: Option<&str>) -> Event {
        Event::TurnIngested {
            turn: i,
            speaker: "user".into(),
            text: format!("turn {i}"),
            time: time.and_then(Timestamp::parse_rfc3339),
            session: 1,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        }
    }

    fn theta() -> Event {
        Event::ThresholdsChanged {
            theta_inf: 3,
            theta_sum: 6,
        }
    }

    /// 1: θ, 2-5: turns on 1, 2, 2 and 4 May, 6: rollback to 3, 7: a turn on 9 May.
    fn branched() -> Tree {
        Tree::from_records(&[
            record(1, 0, theta()),
            record(2, 1, turn(0, Some("2024-05-01T10:00:00Z"))),
            record(3, 2, turn(1, Some("2024-05-02T10:00:00Z"))),
            record(4, 3, turn(2, Some("2024-05-02T23:00:00Z"))),
            record(5, 4, turn(3, Some("2024-05-04T10:00:00Z"))),
            record(6, 3, Event::RolledBack { to: Seq(3) }),
            record(7, 6, turn(4, Some("2024-05-09T10:00:00Z"))),
        ])
    }

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn every_form_parses_and_prints_back() {
        assert_eq!(p("412"), Point::Seq(Seq(412)));
        assert_eq!(p("#412"), Point::Seq(Seq(412)));
        assert_eq!(p(" HEAD "), Point::Head);
        assert_eq!(p("branch:2"), Point::Branch(2));
        assert_eq!(p("branch:2").to_string(), "branch:2");
        let Point::At { until, .. } = p("2024-05-01") else {
            panic!("a date is a time point")
        };
        assert_eq!(until.to_string(), "2024-05-01T23:59:59Z");
        let Point::At { until, .. } = p("2024-05-01T08:00:00+02:00") else {
            panic!("a time is a time point")
        };
        assert_eq!(until.to_string(), "2024-05-01T06:00:00Z");
    }

    #[test]
    fn malformed_points_are_refused_by_name() {
        for bad in [
            "",
            "#",
            "tail",
            "branch:",
            "branch:x",
            "branch:-1",
            "2024-02-30",
            "2024-13-01",
            "99999-01-01",
            "2024-5-1",
            "99999999999999999999999",
            "１２",
            "Ω",
        ] {
            let err = bad.parse::<Point>().unwrap_err();
            assert_eq!(err, HistoryError::BadPoint(bad.trim().to_string()), "{bad}");
            assert!(err.to_string().contains(&format!("`{}`", bad.trim())), "{err}");
        }
    }

    #[test]
    fn branches_are_runs_between_rollbacks() {
        let t = branched();
        let b = t.branches();
        assert_eq!(b.len(), 2);
        assert_eq!(
            (b[0].start, b[0].tip, b[0].forked_from, b[0].is_head),
            (Seq(1), Seq(5), Seq(0), false)
        );
        assert_eq!(
            (b[1].start, b[1].tip, b[1].forked_from, b[1].is_head),
            (Seq(6), Seq(7), Seq(3), true)
        );
        assert_eq!(t.resolve(&p("branch:1")), Ok(Seq(5)));
        assert_eq!(t.resolve(&p("branch:2")), Ok(Seq(7)));
        assert_eq!(t.branch_of(Seq(4)).map(|b| b.number), Some(1));
        assert_eq!(
            t.resolve(&p("branch:3")),
            Err(HistoryError::UnknownBranch { number: 3, count: 2 })
        );
        assert!(t.resolve(&p("branch:0")).is_err());
    }

    #[test]
    fn a_date_is_the_last_event_on_or_before_it_on_the_head_branch() {
        let t = branched();
        // The abandoned 2 and 4 May events (4, 5) are not on the head branch.
        assert_eq!(t.resolve(&p("2024-05-02")), Ok(Seq(6)));
        assert_eq!(t.resolve(&p("2024-05-01")), Ok(Seq(2)));
        assert_eq!(t.resolve(&p("2024-05-01T09:59:59Z")), Ok(Seq(1)));
        assert_eq!(t.resolve(&p("2024-05-09T10:00:00Z")), Ok(Seq(7)));
        assert_eq!(t.resolve(&p("2030-01-01")), Ok(Seq(7)));
        // Events that come from a turn share its time; the rollback inherits seq 3's.
        assert_eq!(t.time_of(Seq(6)), t.time_of(Seq(3)));
    }

    #[test]
    fn seqs_and_head_resolve_and_unknown_ones_name_the_head() {
        let t = branched();
        assert_eq!(t.resolve(&Point::Head), Ok(Seq(7)));
        assert_eq!(t.resolve(&p("0")), Ok(Seq(0)));
        let err = t.resolve(&p("99")).unwrap_err();
        assert_eq!(err.to_string(), "no event #99 in the log (head is #7)");
    }

    #[test]
    fn a_log_without_times_refuses_dates() {
        let t = Tree::from_records(&[record(1, 0, theta()), record(2, 1, turn(0, None))]);
        assert_eq!(
            t.resolve(&p("2024-05-01")),
            Err(HistoryError::Undated("2024-05-01".into()))
        );
        let empty = Tree::from_records(&[]);
        assert_eq!(empty.resolve(&Point::Head), Ok(Seq(0)));
        assert!(empty.branches().is_empty());
    }

    #[test]
    fn a_damaged_parent_cannot_make_a_walk_loop() {
        let t = Tree::from_records(&[
            record(1, 0, theta()),
            record(2, 5, turn(0, None)),
            record(3, 3, turn(1, None)),
        ]);
        assert_eq!(t.chain_back(Seq(3)).collect::<Vec<_>>(), vec![Seq(3), Seq(2), Seq(1)]);
    }
}
