//! What a turn's words do: whether it says nothing of its own (filler), whether it matched
//! only where it asks, which question it answers, and its brief (the sentences that hold the
//! question's keywords). Ranking and packing read these; they decide nothing themselves.

use crate::ids::TurnId;
use crate::memory::Memory;
use crate::text::{content_words, words};

/// A brief holds at least this many words where the turn has them: one sentence lifted out
/// ("I've been saving $1,000 a month for it.") loses what its words refer to, which the
/// sentences beside it say.
const BRIEF_WORDS: usize = 30;

/// Adds the sentences next to the kept ones (those after them while there are any, then those
/// before) until the kept ones hold [`BRIEF_WORDS`] words, never past half the turn's words: a
/// brief of a short turn stays the sentence that matched.
fn widen(sents: &[String], holds: &mut [bool]) {
    let size: Vec<usize> = sents.iter().map(|s| s.split_whitespace().count()).collect();
    let half = size.iter().sum::<usize>() / 2;
    let mut kept: usize = size.iter().zip(holds.iter()).filter(|(_, h)| **h).map(|(n, _)| n).sum();
    while kept < BRIEF_WORDS {
        let beside = |i: usize| i.checked_sub(1).is_some_and(|p| holds[p]);
        let after = (0..holds.len()).find(|&i| !holds[i] && beside(i));
        let before = (0..holds.len()).find(|&i| !holds[i] && holds.get(i + 1).copied().unwrap_or(false));
        let Some(i) = after.or(before) else { break };
        if kept + size[i] > half {
            break;
        }
        holds[i] = true;
        kept += size[i];
    }
}

/// A question sentence with at least this many content words tells its circumstances as it
/// asks ("How can I keep Scott's homework completion rate up now that his tutor left?"),
/// where a short one only asks back ("How did it make you feel?").
const TELLING_QUESTION: usize = 6;

/// Whether a sentence says something of its own: a statement, or a question that tells as it
/// asks (a number, or [`TELLING_QUESTION`] content words): people who ask for advice put their
/// facts in the question ("I'm 60 and earning $85,000, will that be a problem?").
pub(super) fn tells(s: &str) -> bool {
    !s.trim_end().ends_with('?') || s.chars().any(|c| c.is_ascii_digit()) || content_words(s).len() >= TELLING_QUESTION
}

/// The text of the turn before `t` in its session when that turn asks something `t` answers
/// (another speaker, a question mark).
pub(super) fn question_before(m: &Memory, t: TurnId) -> Option<String> {
    let turn = &m.turns[t.index()];
    let prev = m.turns.get(t.index().checked_sub(1)?)?;
    let said = prev.said();
    (prev.session == turn.session && prev.speaker != turn.speaker && said.contains('?')).then_some(said)
}

pub(super) fn speaker_name(m: &Memory, t: TurnId) -> String {
    let turn = &m.turns[t.index()];
    m.person_for(&turn.speaker)
        .map_or_else(|| turn.speaker.to_string(), |r| m.concept(r).name.clone())
}

/// Whether turn `t` says nothing of its own: each sentence asks without telling (see [`tells`])
/// or holds at most one content word ("Cool!", "Wow, that's great!"), and it shares nothing (no
/// rendered attachment, nor any other bracketed aside).
pub(super) fn filler(m: &Memory, t: TurnId) -> bool {
    crate::text::sentences(&m.turns[t.index()].said())
        .iter()
        .all(|s| !s.starts_with('[') && (!tells(s) || content_words(s).len() <= 1))
}

/// Whether every sentence of turn `t` that holds one of the keyword stems asks without telling
/// (see [`tells`]): the turn matched only where it asks, so what it holds is the question, not
/// an answer.
pub(super) fn asks_only(m: &Memory, t: TurnId, keys: &[String]) -> bool {
    let sents = crate::text::sentences(&m.turns[t.index()].said());
    let mut any = false;
    for s in &sents {
        if words(s).any(|w| keys.contains(&crate::text::stem::stem(&w))) {
            if tells(s) {
                return false;
            }
            any = true;
        }
    }
    any
}

/// A turn cut to the sentences that hold one of the question's keyword stems, and what it shared
/// (a bracketed photo caption), the gaps marked "…"; `None` when every sentence (or none) holds one, so the brief would say nothing new.
pub(super) fn brief(m: &Memory, t: TurnId, keys: &[String], quoted: Option<&str>) -> Option<String> {
    let sents = match quoted {
        Some(q) => crate::text::sentences(q),
        None => crate::text::sentences(&m.turns[t.index()].said()),
    };
    let mut holds: Vec<bool> = sents
        .iter()
        .map(|s| words(s).any(|w| keys.contains(&crate::text::stem::stem(&w))))
        .collect();
    // What the speaker shared (a photo, rendered as a bracketed aside of the turn) is what the
    // turn is about: it stays in the brief.
    let aside: Vec<bool> = sents.iter().map(|s| s.starts_with('[')).collect();
    let any = holds.iter().any(|h| *h);
    for (h, a) in holds.iter_mut().zip(&aside) {
        *h |= any && *a;
    }
    if !holds.iter().any(|h| *h) {
        return None;
    }
    widen(&sents, &mut holds);
    if holds.iter().all(|h| *h) {
        return None;
    }
    let mut out = format!("{}:", speaker_name(m, t));
    let mut gap = false;
    for (s, h) in sents.iter().zip(&holds) {
        if *h {
            if gap {
                out.push_str(" …");
            }
            out.push(' ');
            out.push_str(s);
            gap = false;
        } else {
            gap = true;
        }
    }
    if gap {
        out.push_str(" …");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sents(words: &[usize]) -> Vec<String> {
        words
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{}.", vec![format!("w{i}"); *n].join(" ")))
            .collect()
    }

    #[test]
    fn a_short_brief_of_a_long_turn_takes_the_sentences_beside_it() {
        // 100 words; the brief's one sentence holds 10: the sentences after it come in until
        // it holds 30.
        let s = sents(&[20, 10, 12, 10, 48]);
        let mut holds = vec![false, true, false, false, false];
        widen(&s, &mut holds);
        assert_eq!(holds, vec![false, true, true, true, false]);
    }

    #[test]
    fn a_brief_of_a_short_turn_stays_the_sentence_that_matched() {
        let s = sents(&[6, 7, 19]);
        let mut holds = vec![false, true, false];
        widen(&s, &mut holds);
        assert_eq!(holds, vec![false, true, false], "half of 32 words is 16");
    }

    #[test]
    fn a_question_that_tells_says_something() {
        assert!(tells("How can I keep Scott's homework completion rate at 92%?"));
        assert!(tells(
            "How do I balance the catering budget with the guests' needs and the venue's rules?"
        ));
        assert!(!tells("How did it make you feel?"));
        assert!(tells("I went camping."));
    }
}
