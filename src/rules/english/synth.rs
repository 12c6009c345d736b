//! Offline f_synth: the fact is a compact third-person statement of what the person said
//! happened ("On 8 May 2024: Alex hurt their back deadlifting on Saturday, 4 May 2024."), with
//! relative dates resolved and pronouns resolved where one person fits; conclusions come from
//! first-person cues (preference, habit, plan, change, constraint, injury, reason, feeling), and
//! one about a sentence the fact already states says what it means instead of repeating it.

use crate::rules::words::clauses::CONNECTIVES;
use crate::rules::words::clauses::EMPTY_WORDS;
use crate::rules::words::clauses::FILLERS;
use crate::rules::words::function::SECOND_PERSON;

use super::lexicon::{Cue, Lexicon};
use super::person::{Mention, companion, first_plural, leading_pronoun, mentions, resolve_pronoun, third_person};
use crate::relative_date::{anchor_of, resolve};
use crate::text::{clip, sentences, without_fences};
use crate::time::Timestamp;

/// Most conclusions per list.
const MAX_CONCLUSIONS: usize = 4;

/// Whether a sentence leans on one before it through a demonstrative standing alone: "I need to
/// apply this to a large dataset", "I've done these before". Before a noun it is a determiner
/// and points at nothing outside ("this week", "these shoes").
fn points_back(sentence: &str) -> bool {
    let toks: Vec<String> = crate::text::words(sentence).collect();
    toks.iter().enumerate().skip(1).any(|(i, w)| {
        matches!(w.as_str(), "this" | "these" | "those") && toks.get(i + 1).is_none_or(|n| crate::text::is_stopword(n))
    })
}

/// One of the person's sentences, rewritten.
struct Said {
    /// Position among the person's sentences.
    at: usize,
    /// As said (first person), for cue matching.
    original: String,
    /// Third person, dates resolved, pronoun resolved or not.
    third: String,
    /// `third` without its bracketed asides (a shared photo as its turn renders it): what the
    /// fact states.
    told: String,
    cues: Vec<Cue>,
    topics: usize,
    /// A question, a remark to the listener, or a leading pronoun nobody in the segment fits:
    /// not for the fact.
    unusable: bool,
    /// A question, or a leading pronoun nobody in the segment fits: no conclusion either.
    unclear: bool,
    /// Content words.
    words: usize,
    /// Says "I", "my" or "me": about the person, not a fragment ("Upper/lower split").
    first_person: bool,
    /// Names someone (the person, "we", one of the person's people): a statement, not a
    /// remark ("Trying new places is always fun", "See ya!") or a photo's caption alone.
    subject: bool,
    /// Leans on a sentence before through a lone demonstrative ("apply this to…").
    leans: bool,
}

/// The text without its bracketed asides: "[a photo of a dog] I adopted a puppy." says
/// "I adopted a puppy.".
fn without_asides(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '[' => depth = depth.saturating_add(1),
            ']' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_matches(['.', ' '])
        .to_string()
}

/// Whether a sentence says "I", "my" or "me".
fn first_person_word(sentence: &str) -> bool {
    crate::text::words(sentence).any(|w| {
        matches!(
            w.replace('’', "'").as_str(),
            "i" | "i'm" | "i've" | "i'll" | "i'd" | "my" | "me"
        )
    })
}

/// Drops a leading interjection ("Yeah, ", "Ha, ", "Good news, ").
pub(super) fn without_filler(sentence: &str) -> String {
    let mut rest = sentence.trim();
    for _ in 0..2 {
        let Some((first, tail)) = rest.split_once(char::is_whitespace) else {
            break;
        };
        let word = first.trim_end_matches([',', '!', '.', ';', ':']).to_lowercase();
        let punctuated = first.ends_with([',', '!', '.', ';', ':']);
        // "So that's my routine", "And I also…": a linking word opens the sentence without meaning.
        let linking = !punctuated && matches!(word.as_str(), "so" | "and" | "but" | "anyway" | "plus");
        let filler = FILLERS.contains(&word.as_str()) || CONNECTIVES.contains(&word.as_str()) || word == "news";
        if ((punctuated && filler) || linking) && !tail.trim().is_empty() {
            rest = tail.trim_start();
        } else if word == "good" && tail.to_lowercase().starts_with("news,") {
            rest = tail.get(5..).unwrap_or("").trim_start();
        } else {
            break;
        }
    }
    let mut c = rest.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// Drops empty intensifiers, keeping the sentence's punctuation.
fn compact(sentence: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for raw in sentence.split_whitespace() {
        let core = raw.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        let leads = raw.starts_with(|c: char| !c.is_alphanumeric());
        if EMPTY_WORDS.contains(&core.as_str()) && !leads && !out.is_empty() {
            let end: String = raw.chars().filter(|c| matches!(c, '.' | '!' | '?' | ';')).collect();
            if let Some(last) = out.last_mut() {
                last.push_str(&end);
            }
            continue;
        }
        out.push(raw.to_string());
    }
    out.join(" ")
}

fn ends_sentence(s: &str) -> String {
    let t = s.trim_end();
    if t.ends_with(['.', '!', '?', '…']) {
        t.to_string()
    } else {
        format!("{t}.")
    }
}

/// The f_synth reply for the person's lines of a segment.
pub fn synthesize(lex: &Lexicon, person: &str, time: Option<Timestamp>, lines: &[(String, String)]) -> String {
    let anchor = time.and_then(|t| anchor_of(&t.date()));
    let mut seen: Vec<Mention> = Vec::new();
    let mut own: Vec<Said> = Vec::new();
    // Whom the person speaks to, for a request told as theirs ("Walk me through it" → "I asked
    // the assistant to walk me through it").
    let listener = lines.iter().map(|(s, _)| s).find(|s| *s != person).map(|s| {
        if s.eq_ignore_ascii_case("assistant") {
            "the assistant".to_string()
        } else {
            s.clone()
        }
    });
    for (speaker, text) in lines {
        let is_person = speaker == person;
        for sentence in sentences(&without_fences(text)) {
            // "I'm 60 and earning $85,000, will that be a problem?": the person's statement
            // before the question is what they said about themselves.
            let sentence = if is_person {
                super::disclosed::statement_in_question(&sentence).unwrap_or(sentence)
            } else {
                sentence
            };
            // The sentence's mentions, found once: the companion, the subject test and the
            // mentions later sentences resolve against all read them.
            let found = mentions(&sentence, person, is_person);
            let named = !found.is_empty();
            if !is_person {
                seen.extend(found);
                continue;
            }
            let Some(sentence) = super::chat_remark::without_chat_remark(&sentence) else {
                continue;
            };
            let original = super::subject::with_subject(&without_filler(sentence));
            let original = listener
                .as_deref()
                .and_then(|l| super::request::as_reported(&original, l))
                .unwrap_or(original);
            let pronoun = leading_pronoun(&original);
            // Resolved against earlier sentences only; the companion sees this one's too.
            let referent = pronoun.as_deref().and_then(|p| resolve_pronoun(p, &seen));
            let (dated, _) = resolve(&original, anchor);
            let referent = referent.map(str::to_string);
            // "My mom visits us": the one this sentence names beside "us", unless paired with
            // the speaker ("my mom and I"), is not one of "us".
            let beside =
                found.iter().any(|m| named_before_us(&original, &m.text, person)) && !pairs_with_speaker(&original);
            seen.extend(found);
            let with = companion(&seen, person).filter(|_| !beside);
            let plural = first_plural(&dated, person, with.as_deref());
            let third = ends_sentence(&compact(&third_person(&plural, person, referent.as_deref())));
            let to_listener = crate::text::words(&original).any(|w| SECOND_PERSON.contains(&w.as_str()));
            // "Here's my plan for phase 2:" opens a list or a block; it states nothing itself.
            let question = original.trim_end().ends_with(['?', ':']) || super::disclosed::unmarked_question(&original);
            // "That's my new routine": what "that" is was said before; so in "Hopefully,
            // this will help", past a one-word lead-in.
            let opener = original
                .split_once(", ")
                .filter(|(lead, _)| !lead.contains(' '))
                .map_or(original.as_str(), |(_, rest)| rest);
            let opening: Vec<String> = crate::text::words(opener).take(2).collect();
            let (first, second) = (opening.first(), opening.get(1));
            // So does "the other" or "the latter": which one was said before ("The other is
            // finding ways to supply clean water").
            let demonstrative = matches!(
                first.map(String::as_str),
                Some("that" | "that's" | "this" | "it" | "it's" | "these" | "those")
            ) || (first.is_some_and(|w| w == "the")
                && matches!(
                    second.map(String::as_str),
                    Some("other" | "others" | "latter" | "former" | "rest")
                ));
            let unresolved = (pronoun.is_some() && referent.is_none()) || demonstrative;
            // Only a Δ item stands alone; a fact keeps such a sentence, since the sentence
            // before it in the fact may say what "this" is.
            let leans = points_back(&original);
            let plural = crate::text::words(&original)
                .any(|w| matches!(w.as_str(), "we" | "we're" | "we've" | "we'll" | "we'd" | "our" | "us"));
            let first = first_person_word(&original);
            // "Trying new places is always fun": a remark names no one, so no fact states it.
            let subject = first || plural || named;
            own.push(Said {
                at: own.len(),
                subject,
                unclear: question || unresolved,
                leans,
                cues: lex.cues(&original),
                topics: lex.matches(&original).count(),
                unusable: question || unresolved || to_listener,
                first_person: first,
                words: crate::text::content_words(&original).len(),
                told: ends_sentence(&without_asides(&third)),
                original,
                third,
            });
        }
    }
    // The fact: the one or two most informative usable sentences, in the order said.
    let mut ranked: Vec<&Said> = own
        .iter()
        .filter(|s| !s.unusable && s.words >= 2 && s.subject && s.told.chars().any(char::is_alphanumeric))
        .collect();
    ranked.sort_by_key(|s| {
        (
            std::cmp::Reverse(
                s.topics * 2
                    + s.cues.len() * 2
                    + s.original.len().min(200) / 40
                    + usize::from(s.first_person) * 3
                    + specifics(&s.original).min(3) * 2,
            ),
            s.at,
        )
    });
    let mut chosen: Vec<&Said> = ranked.into_iter().take(2).collect();
    chosen.sort_by_key(|s| s.at);
    let date = time.map(|t| format!("On {}: ", t.human_date())).unwrap_or_default();
    // A segment that says nothing about the person yields no fact, and no episode.
    let fact = if chosen.is_empty() {
        "none".to_string()
    } else {
        let text: Vec<&str> = chosen.iter().map(|s| s.told.as_str()).collect();
        format!("{date}{}", clip(&text.join(" "), 400))
    };
    let in_fact: Vec<usize> = chosen.iter().map(|s| s.at).collect();
    // The setting the person's words make, read as entity extraction reads the same words next
    // (so its per-thread memo serves both).
    let own_words: Vec<&str> = lines
        .iter()
        .filter(|(speaker, _)| speaker == person)
        .map(|(_, text)| text.as_str())
        .collect();
    let setting = super::vocab::place::Setting::of(&super::vocab::phrases::without_code(&own_words.join("\n")));
    let mut base = Vec::new();
    let mut salient = Vec::new();
    for s in &own {
        let about_self = is_about_self(&s.original);
        if (s.cues.is_empty() && s.topics == 0) || !about_self || s.unclear {
            continue;
        }
        let primary = s
            .cues
            .iter()
            .copied()
            .find(|c| c.is_salient())
            .or_else(|| s.cues.first().copied());
        // "She's always wanted to try pottery" is a taste of someone else's; a restriction
        // someone else sets ("my physio says no lifting") is still the person's.
        if !primary.is_some_and(Cue::is_salient) && is_about_other(&s.original, person) {
            continue;
        }
        // Conditions ("Knee Injury", "Stress") are not activities one enjoys or keeps up, and a
        // word in another sense is no topic: "I'll be walking through the proof" plans no walk.
        let entry = super::extract::in_sense_entries(lex, &s.original, &setting)
            .into_iter()
            .find(|e| !e.is_condition());
        // A routine is of something one does: a pastime, a practice of health, cooking, or an
        // activity the lexicon names by its verb ("budgeting", "studying"). "Keeps a regular
        // marriage routine" or "taxes routine" is not English.
        let done = entry.is_some_and(|e| {
            matches!(
                e.base.as_str(),
                "Interests and Entertainment" | "Health and Wellness" | "Dining"
            ) || e.general.ends_with("ing")
        });
        let topic = entry
            // Lowercase: a capital here would be a name the sentence never said ("Japan" for
            // "Tokyo"), which the grounding check rightly refuses. An acronym the sentence
            // writes so keeps its capitals ("LGBTQ identity").
            .map(|e| {
                e.general
                    .split_whitespace()
                    .map(|w| {
                        let capitals = w.chars().filter(|c| c.is_uppercase()).count();
                        if capitals >= 2 && s.original.contains(w) {
                            w.to_string()
                        } else {
                            w.to_lowercase()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            });
        // A sentence the fact already states gives a conclusion that says what it means;
        // salient ones keep their words, which Δ needs (an end date, what is restricted).
        let text = if in_fact.contains(&s.at) && !primary.is_some_and(Cue::is_salient) {
            let primary = primary.filter(|c| *c != Cue::Habit || done);
            match meaning(primary, topic.as_deref(), person) {
                Some(m) => m,
                None => continue,
            }
        } else {
            clip(&s.third, 240)
        };
        let line = match primary {
            Some(cue) => format!("{} {text}", label(cue)),
            None => format!("[topic] {text}"),
        };
        // A salient conclusion becomes a Δ item on its own, where "apply this to a large
        // dataset" points at nothing: such a sentence stays a base conclusion, still an index
        // to its turn. So does a shared photo's caption, which no one said ("[a photo of a
        // woman in a wheelchair]" is no injury of the person's).
        let said_aloud = s.told.chars().any(char::is_alphanumeric);
        // Nor does a sentence that names no one: "The priority queue can be used to store the
        // posts" tells how a thing works, not what changed or binds the person.
        let list = if primary.is_some_and(Cue::is_salient) && !s.leans && said_aloud && s.subject {
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

/// Names, titles and numbers a sentence holds (capitalised words after its first, digits,
/// number words): what a fact is most often asked about.
fn specifics(sentence: &str) -> usize {
    sentence
        .split_whitespace()
        .skip(1)
        .filter(|w| {
            let core = w.trim_matches(|c: char| !c.is_alphanumeric());
            let lower = core.to_lowercase();
            (core.starts_with(char::is_uppercase) && !matches!(core, "I" | "I'm" | "I've" | "I'll" | "I'd"))
                || core.chars().any(|c| c.is_ascii_digit())
                || matches!(
                    lower.as_str(),
                    "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" | "ten" | "twice"
                )
        })
        .count()
}

/// What a cue sentence says about the person, beyond its words.
fn meaning(cue: Option<Cue>, topic: Option<&str>, person: &str) -> Option<String> {
    let topic = topic?;
    Some(match cue {
        Some(Cue::Like) => format!("{person} enjoys {topic}."),
        Some(Cue::Dislike) => format!("{person} dislikes {topic}."),
        Some(Cue::Habit) => format!("{person} keeps a regular {topic} routine."),
        Some(Cue::Plan) => format!("{person} has plans that involve {topic}."),
        Some(Cue::Feeling) => format!("{person} has strong feelings about {topic}."),
        // A topic without a cue says nothing the fact does not.
        _ => return None,
    })
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

/// Whether a sentence is about someone else: a third-person pronoun or one of the person's
/// people ("my sister"), and no "I" or "me".
/// Whether `mention` ("Alex's mom", "Katherine") is said in `sentence` before its first "we",
/// "us" or "our": "My mom visits us" names the one "us" leaves out; "We hiked with my brother"
/// adds him to "we".
fn named_before_us(sentence: &str, mention: &str, person: &str) -> bool {
    let words: Vec<String> = crate::text::words(sentence).collect();
    let own = format!("{}'s ", person.to_lowercase());
    let mention = mention.to_lowercase();
    let key: Vec<String> = match mention.strip_prefix(&own) {
        Some(role) => std::iter::once("my".to_string())
            .chain(crate::text::words(role))
            .collect(),
        None => crate::text::words(&mention).collect(),
    };
    let named = (!key.is_empty())
        .then(|| words.windows(key.len()).position(|w| w == key.as_slice()))
        .flatten();
    let us = words.iter().position(|w| {
        matches!(
            w.as_str(),
            "we" | "we're" | "we've" | "we'll" | "we'd" | "us" | "our" | "ours"
        )
    });
    matches!((named, us), (Some(n), Some(u)) if n < u)
}

/// "my husband and I", "me and Anna", "Anna and me": the speaker and someone named as one
/// subject, who are then the "we" and "us" that follow.
fn pairs_with_speaker(sentence: &str) -> bool {
    let words: Vec<String> = crate::text::words(sentence).collect();
    words.windows(2).any(|w| {
        matches!(
            (w[0].as_str(), w[1].as_str()),
            ("and", "i" | "me") | ("i" | "me", "and")
        )
    })
}

fn is_about_other(sentence: &str, person: &str) -> bool {
    let mut other = !mentions(sentence, person, true).is_empty();
    for w in crate::text::words(sentence) {
        match w.as_str() {
            "i" | "i'm" | "i've" | "i'll" | "i'd" | "me" | "myself" => return false,
            "she" | "he" | "she's" | "he's" | "her" | "him" | "his" | "they" | "they're" | "them" => other = true,
            _ => {}
        }
    }
    other
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

#[cfg(test)]
#[path = "synth_tests.rs"]
mod tests;
