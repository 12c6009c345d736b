//! The people a segment mentions ("my physio", "Caroline"), with their likely gender: whom a
//! leading "she"/"he" refers to, and whom "we" most likely includes.

use crate::rules::words::people::FEMALE;
use crate::rules::words::people::MALE;

use super::{lower_word, split};

/// The companion "we" most likely includes: the one person the segment names, as "their wife".
#[must_use]
pub fn companion(seen: &[Mention], name: &str) -> Option<String> {
    let first = seen.first()?;
    if seen.iter().any(|m| m.text != first.text) {
        return None;
    }
    let own = format!("{name}'s ");
    Some(
        first
            .text
            .strip_prefix(&own)
            .map_or_else(|| first.text.clone(), |role| format!("their {role}")),
    )
}

/// A person a segment mentions, for resolving "she"/"he": a role ("my physio", "the doctor")
/// or a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// How the fact names them ("Alex's physio", "Caroline").
    pub text: String,
    /// 'f', 'm' or 'n' (either).
    pub gender: char,
}

static NEUTRAL: crate::text::WordSet = crate::text::WordSet::new(&[
    "doctor",
    "physio",
    "physiotherapist",
    "therapist",
    "coach",
    "trainer",
    "boss",
    "manager",
    "friend",
    "partner",
    "colleague",
    "coworker",
    "teacher",
    "dentist",
    "nurse",
    "landlord",
    "landlady",
    "neighbor",
    "neighbour",
    "roommate",
    "flatmate",
    "mentor",
    "counselor",
    "counsellor",
    "cousin",
    "surgeon",
    "instructor",
    "tutor",
    "professor",
    "recruiter",
    "vet",
    "lawyer",
    "barber",
    "hairdresser",
    "nutritionist",
    "dietitian",
    "cardiologist",
    "gp",
    "advisor",
    "adviser",
    "supervisor",
    "kid",
    "child",
]);

/// The people a sentence mentions, in order. `own` says the speaker is the person being
/// described (their "my sister" is "Alex's sister"); other speakers' "your" is the person's too.
#[must_use]
pub fn mentions(sentence: &str, name: &str, own: bool) -> Vec<Mention> {
    // Each word lowercased into one of two buffers (this word, the one before): synth asks
    // this of every sentence, and a string per word was most of its cost.
    let mut out = Vec::new();
    let (mut det, mut lower) = (String::new(), String::new());
    for raw in sentence.split_whitespace() {
        let (_, core, _) = split(raw);
        lower.clear();
        if core.is_ascii() {
            lower.push_str(core);
            lower.make_ascii_lowercase();
        } else {
            lower.push_str(&lower_word(core));
        }
        let gender = if FEMALE.contains(&lower.as_str()) {
            Some('f')
        } else if MALE.contains(&lower.as_str()) {
            Some('m')
        } else if NEUTRAL.contains(lower.as_str()) {
            Some('n')
        } else {
            None
        };
        if let Some(gender) = gender
            && matches!((det.as_str(), own), ("my", true) | ("your", false) | ("the", _))
        {
            out.push(Mention {
                text: format!("{name}'s {lower}"),
                gender,
            });
        }
        std::mem::swap(&mut det, &mut lower);
    }
    out
}

/// The one mention a leading "she"/"he" can refer to, if exactly one distinct person fits.
#[must_use]
pub fn resolve_pronoun<'a>(pronoun: &str, candidates: &'a [Mention]) -> Option<&'a str> {
    let want = match pronoun {
        "she" | "she's" | "she'd" | "she'll" => 'f',
        "he" | "he's" | "he'd" | "he'll" => 'm',
        _ => return None,
    };
    let mut fit = candidates.iter().filter(|m| m.gender == want || m.gender == 'n');
    let first = fit.next()?;
    fit.all(|m| m.text == first.text).then_some(first.text.as_str())
}

/// The lowercase leading word of a sentence, if it is a personal pronoun "she"/"he" form.
#[must_use]
pub fn leading_pronoun(sentence: &str) -> Option<String> {
    let first = sentence.split_whitespace().next()?;
    let w = split(first).1.to_lowercase().replace('’', "'");
    matches!(
        w.as_str(),
        "she" | "he" | "she's" | "he's" | "she'd" | "he'd" | "she'll" | "he'll"
    )
    .then_some(w)
}
