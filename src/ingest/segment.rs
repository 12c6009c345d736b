//! f_seg: where the stream of turns is cut into segments.
//!
//! Rules, in order: a session boundary always cuts; a gap of more than [`MAX_GAP_SECS`] always
//! cuts; a segment never grows past [`MAX_TURNS`]; and a person's turn whose content shares no
//! word and no lexicon concept with the last turns of a segment of at least two turns is a topic
//! shift. The open segment is scanned from its start, so a segment whose synthesis failed is
//! cut again (and retried) at the next step.

use crate::event::CutReason;
use crate::lexicon::Lexicon;
use crate::memory::{Memory, Turn};
use crate::text::content_words;
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// Longest segment, in turns.
pub const MAX_TURNS: usize = 8;
/// Longest silence inside a segment.
pub const MAX_GAP_SECS: i64 = 30 * 60;

/// The first cut in the open segment: how many turns the closed prefix has, and why.
#[must_use]
pub fn next_cut(memory: &Memory, lexicon: &Lexicon) -> Option<(usize, CutReason)> {
    let open: Vec<&Turn> = memory.open_segment.iter().map(|t| &memory.turns[t.index()]).collect();
    // Each turn's words and lexicon concepts, looked up at most once per call: a turn takes part
    // in up to four topic comparisons, and lexicon matching is the costly part of the scan.
    let mut features: Vec<Option<Rc<Features>>> = open.iter().map(|_| None).collect();
    for i in 1..open.len() {
        let (prev, next) = (open[i - 1], open[i]);
        if next.session != prev.session {
            return Some((i, CutReason::SessionBoundary));
        }
        if let (Some(a), Some(b)) = (prev.time, next.time)
            && b.unix_seconds().saturating_sub(a.unix_seconds()) > MAX_GAP_SECS
        {
            return Some((i, CutReason::TimeGap));
        }
        if i >= MAX_TURNS {
            return Some((i, CutReason::MaxLength));
        }
        if i >= 2 && !next.speaker.is_assistant() && is_topic_shift(&open, &mut features, i, lexicon) {
            return Some((i, CutReason::TopicShift));
        }
    }
    None
}

/// What topic comparison needs of a turn.
struct Features {
    words: BTreeSet<String>,
    concepts: BTreeSet<String>,
}

/// Texts whose features were computed lately, for one lexicon (by address; another lexicon
/// starts the memo over). A turn stays in the open segment for several steps and every step
/// rescans it, so without this memo lexicon matching of the same texts dominated ingest time.
/// A pure function's memo: it never changes a cut. Looked up by the text itself, so a hit
/// copies nothing.
type Memo = (usize, HashMap<String, Rc<Features>>);

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new((0, HashMap::new()));
}

/// Entries kept before the memo starts over (segments hold at most [`MAX_TURNS`] turns).
const MEMO_CAPACITY: usize = 256;

fn features(turn: &Turn, lexicon: &Lexicon) -> Rc<Features> {
    let lex = std::ptr::from_ref(lexicon) as usize;
    MEMO.with_borrow_mut(|(of, memo)| {
        if *of != lex {
            memo.clear();
            *of = lex;
        }
        // Features of the turn as said: a shared photo's caption is part of its topic.
        let said = turn.said();
        if let Some(f) = memo.get(said.as_str()) {
            return Rc::clone(f);
        }
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        let f = Rc::new(Features {
            words: content_words(&said).into_iter().collect(),
            concepts: lexicon.matches(&said).map(|e| e.base.clone()).collect(),
        });
        memo.insert(said, Rc::clone(&f));
        f
    })
}

/// Whether turn `i` shares no word and no lexicon concept with the (up to) three turns before it.
fn is_topic_shift(open: &[&Turn], cache: &mut [Option<Rc<Features>>], i: usize, lexicon: &Lexicon) -> bool {
    let recent = i.saturating_sub(3)..i;
    for j in std::iter::once(i).chain(recent.clone()) {
        let f = cache[j].get_or_insert_with(|| features(open[j], lexicon));
        if j == i && f.concepts.is_empty() {
            return false;
        }
    }
    let Some(next) = cache[i].as_ref() else { return false };
    let recent: Vec<&Features> = cache[recent].iter().flatten().map(|f| &**f).collect();
    let seg_concepts = recent.iter().any(|f| !f.concepts.is_empty());
    seg_concepts
        && recent.iter().all(|f| f.concepts.is_disjoint(&next.concepts))
        && recent.iter().all(|f| f.words.is_disjoint(&next.words))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::time::Timestamp;

    fn memory(turns: &[(&str, &str, u32, i64)]) -> Memory {
        let mut m = Memory::new();
        m.apply(&Event::person_tracked("Alex", "user"));
        for (i, (speaker, text, session, minute)) in turns.iter().enumerate() {
            m.apply(&Event::TurnIngested {
                turn: u32::try_from(i).unwrap(),
                speaker: (*speaker).into(),
                text: (*text).into(),
                time: Timestamp::from_unix_seconds(1_700_000_000 + minute * 60),
                session: *session,
                source_ref: None,
                attachments: Vec::new(),
                dates: Vec::new(),
            });
        }
        m
    }

    #[test]
    fn a_session_boundary_always_cuts() {
        let m = memory(&[
            ("user", "I went lifting", 1, 0),
            ("assistant", "Nice", 1, 1),
            ("user", "Lifting again", 2, 2),
        ]);
        assert_eq!(next_cut(&m, Lexicon::builtin()), Some((2, CutReason::SessionBoundary)));
    }

    #[test]
    fn a_long_silence_cuts() {
        let m = memory(&[("user", "I went lifting", 1, 0), ("user", "Lifting again", 1, 90)]);
        assert_eq!(next_cut(&m, Lexicon::builtin()), Some((1, CutReason::TimeGap)));
    }

    #[test]
    fn a_topic_shift_cuts_but_a_follow_up_does_not() {
        let m = memory(&[
            ("user", "I did heavy squats at the gym today", 1, 0),
            ("assistant", "How did the squats feel?", 1, 1),
            ("user", "The squats felt strong", 1, 2),
        ]);
        assert_eq!(next_cut(&m, Lexicon::builtin()), None);
        let m = memory(&[
            ("user", "I did heavy squats at the gym today", 1, 0),
            ("assistant", "How did the squats feel?", 1, 1),
            ("user", "My sister is visiting from Paris next week", 1, 2),
        ]);
        assert_eq!(next_cut(&m, Lexicon::builtin()), Some((2, CutReason::TopicShift)));
    }

    #[test]
    fn segments_never_exceed_the_maximum() {
        let turns: Vec<(&str, &str, u32, i64)> = (0..12).map(|i| ("user", "I went lifting", 1, i)).collect();
        let m = memory(&turns);
        assert_eq!(
            next_cut(&m, Lexicon::builtin()),
            Some((MAX_TURNS, CutReason::MaxLength))
        );
    }
}
