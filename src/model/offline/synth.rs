//! Offline f_synth: the fact keeps the person's most informative sentences in their own words;
//! conclusions come from first-person cues (preference, habit, plan, change, constraint, injury,
//! reason, feeling). Changes, restrictions, injuries and reasons are salient.

use super::lexicon::{Cue, Lexicon};
use super::third_person;
use crate::text::{clip, sentences};
use crate::time::Timestamp;

/// Most conclusions per list.
const MAX_CONCLUSIONS: usize = 4;

/// The f_synth reply for the person's lines of a segment.
pub fn synthesize(lex: &Lexicon, person: &str, time: Option<Timestamp>, lines: &[(String, String)]) -> String {
    let own: Vec<String> = lines
        .iter()
        .filter(|(s, _)| s == person)
        .flat_map(|(_, t)| sentences(t))
        .collect();
    let scored: Vec<(usize, &String, Vec<Cue>, usize)> = own
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cues = lex.cues(s);
            let topics = lex.matches(s).count();
            (i, s, cues, topics)
        })
        .collect();
    let mut ranked: Vec<&(usize, &String, Vec<Cue>, usize)> = scored
        .iter()
        .filter(|(_, s, _, _)| s.split_whitespace().count() > 2)
        .collect();
    ranked.sort_by_key(|(i, s, cues, topics)| {
        (
            std::cmp::Reverse(topics * 2 + cues.len() * 2 + s.len().min(200) / 40),
            *i,
        )
    });
    let mut chosen: Vec<&(usize, &String, Vec<Cue>, usize)> = ranked.into_iter().take(2).collect();
    chosen.sort_by_key(|(i, ..)| *i);
    let said: Vec<String> = if chosen.is_empty() {
        own.iter().take(1).cloned().collect()
    } else {
        chosen.iter().map(|(_, s, ..)| (*s).clone()).collect()
    };
    let date = time.map(|t| format!("On {}, ", t.human_date())).unwrap_or_default();
    let fact = if said.is_empty() {
        format!("{date}{person} took part in the conversation without saying anything about themselves.")
    } else {
        format!("{date}{person} said: \"{}\"", clip(&said.join(" "), 400))
    };
    let mut base = Vec::new();
    let mut salient = Vec::new();
    for (_, sentence, cues, topics) in &scored {
        if (cues.is_empty() && *topics == 0) || !is_about_self(sentence) {
            continue;
        }
        let text = clip(&third_person(sentence, person), 240);
        let primary = cues
            .iter()
            .copied()
            .find(|c| c.is_salient())
            .or_else(|| cues.first().copied());
        let line = match primary {
            Some(cue) => format!("{} {text}", label(cue)),
            None => format!("[topic] {text}"),
        };
        let list = if primary.is_some_and(Cue::is_salient) {
            &mut salient
        } else {
            &mut base
        };
        if list.len() < MAX_CONCLUSIONS && !list.contains(&line) {
            list.push(line);
        }
    }
    let mut out = format!("Fact: {fact}\nBase Conclusions:\n");
    for c in &base {
        out.push_str(&format!("- {c}\n"));
    }
    out.push_str("Salient Conclusions:\n");
    for c in &salient {
        out.push_str(&format!("- {c}\n"));
    }
    out
}

/// The bracketed tag a conclusion starts with; RK1/RK2 read it back.
pub fn label(cue: Cue) -> &'static str {
    match cue {
        Cue::Like => "[preference]",
        Cue::Dislike => "[dislike]",
        Cue::Habit => "[habit]",
        Cue::Plan => "[plan]",
        Cue::Change => "[change]",
        Cue::Constraint => "[constraint]",
        Cue::Injury => "[injury]",
        Cue::Reason => "[reason]",
        Cue::Feeling => "[feeling]",
    }
}

/// The cue a conclusion was tagged with, if any.
pub fn cue_of(conclusion: &str) -> Option<Cue> {
    [
        Cue::Like,
        Cue::Dislike,
        Cue::Habit,
        Cue::Plan,
        Cue::Change,
        Cue::Constraint,
        Cue::Injury,
        Cue::Reason,
        Cue::Feeling,
    ]
    .into_iter()
    .find(|c| conclusion.starts_with(label(*c)))
}

/// A conclusion without its tag.
pub fn untagged(conclusion: &str) -> &str {
    match conclusion.strip_prefix('[').and_then(|r| r.split_once("] ")) {
        Some((_, rest)) => rest,
        None => conclusion,
    }
}

/// Whether a sentence speaks about its speaker: a first-person word, or at least no "you"
/// (remarks about the other person, "must have been hard for you", are not conclusions about the speaker).
fn is_about_self(sentence: &str) -> bool {
    let mut second = false;
    for w in crate::text::words(sentence) {
        match w.as_str() {
            "i" | "i'm" | "i've" | "i'll" | "i'd" | "my" | "me" | "mine" | "myself" | "we" | "our" | "we're"
            | "we've" | "us" => {
                return true;
            }
            "you" | "your" | "you're" | "you've" | "yours" | "you'll" => second = true,
            _ => {}
        }
    }
    !second
}
