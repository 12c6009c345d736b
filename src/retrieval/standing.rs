//! Standing instructions and stated preferences as carriers: what a person asked of the
//! assistant for good ("Always include dividend yields when I ask about ETFs") or said they
//! prefer ("I prefer dividend reinvestment plans") governs every later answer on its topic, yet
//! shares few words with the question it governs ("What are some popular ETFs I should
//! consider?"). The turns that say them are few and short: the one or two whose topic is the
//! question's go into its context first.

use crate::rules::words::verbs::FRAME;
use crate::rules::words::verbs::PAST;

use super::assemble::Retriever;
use super::embed::{self, cosine};
use crate::ids::{ConceptId, TurnId};
use crate::text::stem::stem;
use crate::text::{content_words, sentences, words};
use std::collections::HashSet;

/// Most standing instructions a question gets.
const INSTRUCTIONS: usize = 1;
/// Most stated preferences a request for advice gets.
const PREFERENCES: usize = 1;
/// Least score (the rarity-weighted content stems it shares with the question, plus twice the
/// cosine of its topic above the unrelated floor) for a standing sentence to count as being
/// about the question's topic.
const MIN_SCORE: f32 = 1.5;
/// The static embedder's cosine between unrelated texts (see `turns::COSINE_FLOOR`).
const COSINE_FLOOR: f32 = 0.3;

/// What a sentence of the person's asks for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    /// An instruction to the assistant that holds from now on: "Always use type hints", "Never
    /// suggest paid tools when I ask about hosting", "Please always cite the version".
    Instruction,
    /// A stated preference: "I prefer tea over coffee", "I'd rather take the train", "I
    /// prioritize quiet neighbourhoods", "my preference for small teams".
    Preference,
}

/// Which standing kind a sentence is, if any. An instruction opens with "always" or "never"
/// (after an optional "please") followed by a verb in the present ("Never thought…" and "Always
/// wanted…" tell a story, not an instruction).
pub(super) fn standing(sentence: &str) -> Option<Standing> {
    let toks: Vec<String> = words(sentence).map(|w| w.replace('’', "'")).collect();
    let start = usize::from(toks.first().is_some_and(|w| w == "please"));
    let opens = toks.get(start).is_some_and(|w| w == "always" || w == "never");
    let next_past = toks
        .get(start + 1)
        .is_none_or(|w| w.ends_with("ed") || PAST.contains(&w.as_str()));
    if opens && !next_past {
        return Some(Standing::Instruction);
    }
    let pair = |a: &str, b: &[&str]| toks.windows(2).any(|w| w[0] == a && b.contains(&w[1].as_str()));
    let prefers = pair("i", &["prefer", "prioritize", "prioritise"])
        || pair("i'd", &["prefer", "rather"])
        || pair("my", &["preference", "preferences"])
        || toks
            .windows(3)
            .any(|w| w[0] == "i" && w[1] == "would" && w[2] == "rather");
    prefers.then_some(Standing::Preference)
}

/// The topic a standing sentence is for: what follows "when I ask about" (or "…ask for",
/// "when it comes to", "for questions about"), else the whole sentence.
fn topic(sentence: &str) -> &str {
    let lower = sentence.to_lowercase();
    for lead in [
        "ask about ",
        "ask for ",
        "asking about ",
        "when it comes to ",
        "questions about ",
    ] {
        if let Some(at) = lower.find(lead)
            && let Some(rest) = sentence.get(at + lead.len()..)
        {
            return rest;
        }
    }
    sentence
}

impl Retriever<'_> {
    /// The turns of the question's person (the user when it names no one) that state a standing
    /// instruction or, for a request for advice, a preference on the question's topic, best
    /// first. Instructions are only read where an assistant takes part: they are addressed to it.
    pub(super) fn standing(&self, question: &str, root: Option<ConceptId>) -> Vec<TurnId> {
        let m = self.memory;
        let has_assistant = m.turns.iter().any(|t| t.speaker.is_assistant());
        let advice = super::route::route(question).advice;
        if !has_assistant && !advice {
            return Vec::new();
        }
        let asked: HashSet<String> = content_words(question)
            .iter()
            .filter(|w| !FRAME.contains(&w.as_str()))
            .map(|w| stem(w))
            .collect();
        let query = embed::local(question);
        // Every standing sentence of the person's, with its kind, turn and content stems.
        let mut said: Vec<(Standing, TurnId, String, HashSet<String>)> = Vec::new();
        for turn in &m.turns {
            if turn.speaker.is_assistant() || root.is_some_and(|r| m.person_for(turn.speaker.label()) != Some(r)) {
                continue;
            }
            for s in sentences(&turn.said()) {
                let Some(kind) = standing(&s) else {
                    continue;
                };
                if (kind == Standing::Instruction && !has_assistant) || (kind == Standing::Preference && !advice) {
                    continue;
                }
                let stems = content_words(&s).iter().map(|w| stem(w)).collect();
                said.push((kind, turn.id, s, stems));
            }
        }
        // A word every standing sentence uses ("recipes" in a cooking chat) tells none apart.
        let n = said.len() as f32;
        let idf = |w: &str| {
            let df = said.iter().filter(|(_, _, _, st)| st.contains(w)).count() as f32;
            (1.0 + n / (1.0 + df)).ln()
        };
        let mut found: Vec<(f32, Standing, TurnId)> = Vec::new();
        for (kind, turn, s, stems) in &said {
            let shared: f32 = stems.intersection(&asked).map(|w| idf(w)).sum();
            let cos = (cosine(&query, &embed::memo::local(topic(s))) - COSINE_FLOOR).max(0.0) / (1.0 - COSINE_FLOOR);
            let score = shared + 2.0 * cos;
            if score < MIN_SCORE {
                continue;
            }
            match found.iter_mut().find(|f| f.2 == *turn) {
                Some(f) if f.0 < score => *f = (score, *kind, *turn),
                Some(_) => {}
                None => found.push((score, *kind, *turn)),
            }
        }
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        let pick = |kind: Standing, n: usize| found.iter().filter(move |f| f.1 == kind).take(n).map(|f| f.2);
        pick(Standing::Instruction, INSTRUCTIONS)
            .chain(pick(Standing::Preference, PREFERENCES))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_and_preferences_are_told_from_stories() {
        let i = Some(Standing::Instruction);
        let p = Some(Standing::Preference);
        assert_eq!(standing("Always use type hints in Python examples."), i);
        assert_eq!(standing("Please never suggest paid tools when I ask about hosting."), i);
        assert_eq!(standing("Never thought I'd enjoy hiking this much!"), None);
        assert_eq!(standing("Always wanted to see Lisbon."), None);
        assert_eq!(standing("I prefer the train over flying, it's calmer."), p);
        assert_eq!(standing("I'd rather keep the budget under $500."), p);
        assert_eq!(standing("We went to the beach."), None);
    }

    #[test]
    fn an_instruction_is_for_what_follows_when_i_ask_about() {
        assert_eq!(topic("Always include dividend yields when I ask about ETFs."), "ETFs.");
        assert_eq!(topic("Always use type hints."), "Always use type hints.");
    }
}
