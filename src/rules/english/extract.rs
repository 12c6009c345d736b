//! Offline f_extract. Entity paths come from the lexicon (base → sub-concept → general event),
//! instances are the named things in the same sentence, and an activity the lexicon does not
//! know ("I took up bouldering") still becomes a general event. Relation labels are event
//! snapshots in the person's own words.

use crate::rules::words::function::QUANTIFIERS;
use crate::rules::words::function::VERB_PARTICLES;
use crate::rules::words::nouns::EXTRACT_NOT_ACTIVITIES as NOT_ACTIVITIES;
use crate::rules::words::numbers::HOW_OFTEN_OR_LONG;
use crate::rules::words::people::{CLAUSE_FILLERS, LISTENER_SUBJECTS, OTHER_SUBJECTS, SPEAKERS_OWN, YOU_SAID_OR_MAY};
use crate::rules::words::verbs::ACTIVITY_VERBS;

use super::lexicon::Lexicon;
use super::vocab::anchor::anchored;
use super::vocab::phrases::{phrases, without_code};
use super::vocab::place::{Setting, place};
use super::vocab::sense::in_sense;
use super::vocab::{ACTIVITY_SETTINGS, ADVERBS, QUALIFIERS};
use crate::model::parse::PathNode;
use crate::text::{clip, entity_key, sentences, title_case, words};
use crate::time::Timestamp;
use serde_json::json;
use std::cell::OnceCell;

/// Most paths per unit, so a rambling turn cannot flood the graph.
const MAX_PATHS: usize = 8;

/// The EXTRACT ENTITIES reply: a JSON list of paths, for a person's words alone.
#[cfg(test)]
pub fn entities(lex: &Lexicon, source_text: &str) -> String {
    entities_in(lex, source_text, "")
}

/// The EXTRACT ENTITIES reply for a person's words and the replies they got in the same segment,
/// which show what the exchange is about (see [`Setting::in_exchange`]).
pub fn entities_in(lex: &Lexicon, source_text: &str, replies: &str) -> String {
    let mut paths: Vec<Vec<PathNode>> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let node = |name: &str, event: bool| PathNode {
        name: name.to_string(),
        kind: if event { "event" } else { "abstract" }.into(),
    };
    // Code in a message names variables and calls, not what the person does.
    let prose = without_code(source_text);
    let setting = Setting::in_exchange(&prose, replies);
    for sentence in sentences(&prose) {
        let mut generals: Vec<(String, String, String)> = Vec::new();
        // A word in its ordinary sense ("walk me through it") files nothing. Its sense is read
        // within its clause: "I spend my weekends gardening, my tomatoes are up" has no object.
        let in_sense_found: Vec<_> = own_clauses(&sentence)
            .flat_map(|(clause, toks)| {
                let clause: &str = &clause;
                // "… and run:" before a code block or a list: what follows the colon is the
                // verb's object, a command, so a word with a second sense is in that sense.
                let introduces = clause.trim_end().ends_with(':');
                lex.located(clause)
                    .into_iter()
                    .filter(|f| !(introduces && f.entry.polysemous && f.at + f.len == toks.len()))
                    .filter(|f| in_sense(&toks, f, &setting))
                    .collect::<Vec<_>>()
            })
            .collect();
        for found in &in_sense_found {
            let e = found.entry;
            let key = (e.base.clone(), e.sub.clone(), e.general.clone());
            if !generals.contains(&key) {
                generals.push(key);
            }
        }
        // An activity the lexicon does not know comes first: it is what the sentence is about
        // ("my kintsugi workshop"), while the known word beside it is only its setting.
        // Where the person's words are plainly about something else (a codebase, a proof),
        // "I tried adding…" is a step of that work, not a pastime.
        if let Some((activity, base, sub)) = unknown_activity(&sentence)
            && lex.matches(&activity).next().is_none()
            && !setting.plainly_elsewhere(&base)
            // "I've tried to use caching" in a passage about code is a step of that work.
            && !setting.about_code()
        {
            generals.insert(0, (base, sub, activity));
        }
        // A condition the person was diagnosed with is one of theirs, listed or not.
        if let Some(condition) = super::diagnosis::diagnosed(&sentence) {
            let (base, sub) = super::diagnosis::FILED;
            let key = (base.to_string(), sub.to_string(), condition);
            if !generals.contains(&key) {
                generals.insert(0, key);
            }
        }
        let names = super::names::named_things(&sentence);
        for (i, (base, sub, general)) in generals.iter().enumerate() {
            let mut path = vec![node("User", false), node(base, false)];
            // A sub-concept named like its event ("Reading" / "Reading") still files it, so the event
            // sits beside its siblings ("Books") instead of in a second, unrelated "Reading".
            if !sub.is_empty() && entity_key(sub) != entity_key(general) && entity_key(sub) != entity_key(base) {
                path.push(node(sub, false));
            }
            path.push(node(general, true));
            // A named thing in the sentence belongs to its first activity, when it stands close
            // to it ("a trip to Lisbon", not "vegetarian since we got back from Lisbon").
            let instance = if i == 0 {
                names
                    .first()
                    .filter(|n| entity_key(n) != entity_key(general) && near(&sentence, n, general, lex))
            } else {
                None
            };
            if let Some(name) = instance {
                path.push(node(name, true));
            }
            let key = path.iter().map(|n| entity_key(&n.name)).collect::<Vec<_>>().join("/");
            if !seen.contains(&key) && paths.len() < MAX_PATHS {
                seen.push(key);
                paths.push(path);
            }
        }
    }
    // What the person keeps talking about, in their words, filed where it belongs by meaning:
    // a study subject, a tool, a project, as naturally as a hobby.
    for phrase in phrases(source_text) {
        let key = entity_key(&phrase.name);
        // "Fly.io" holds no word the lexicon knows: "fly" is only a part of the name.
        let known = paths.iter().flatten().any(|n| entity_key(&n.name) == key)
            || (!crate::text::is_dotted_name(&phrase.name) && lex.matches(&phrase.name).next().is_some());
        if known || paths.len() >= MAX_PATHS {
            continue;
        }
        // A name among a passage about code is software ("the Facebook dashboard … using
        // WebSockets"), whatever life word stands beside it: `place` files it by meaning.
        let anchored = (phrase.technical && !setting.about_code())
            .then(|| anchored(&phrase.name, &phrase.sentence))
            .flatten();
        if let Some((base, sub)) =
            anchored.or_else(|| place(&phrase.name, &phrase.sentence, source_text, phrase.technical))
        {
            let mut path = vec![node("User", false), node(base, false)];
            if entity_key(sub) != key {
                path.push(node(sub, false));
            }
            path.push(node(&phrase.name, true));
            paths.push(path);
        }
    }
    serde_json::to_string(&paths).unwrap_or_else(|_| "[]".into())
}

/// Whether `name` stands within a few words of a word filed under `general` (or of the
/// activity's own name) in `sentence`.
fn near(sentence: &str, name: &str, general: &str, lex: &Lexicon) -> bool {
    let toks: Vec<String> = words(sentence).collect();
    let first = name
        .split_whitespace()
        .next()
        .map(str::to_lowercase)
        .unwrap_or_default();
    let Some(at) = toks.iter().position(|t| *t == first) else {
        return false;
    };
    let key = entity_key(general);
    toks.iter().enumerate().any(|(i, t)| {
        i.abs_diff(at) <= 5
            && i != at
            && (lex.matches(t).any(|e| entity_key(&e.general) == key) || key.split(' ').any(|k| entity_key(t) == k))
    })
}

/// The EXTRACT RELATIONS reply for the paths of a unit, for a person's words alone.
#[cfg(test)]
pub fn relations(lex: &Lexicon, paths: &[Vec<PathNode>], source_text: &str, time: Option<Timestamp>) -> String {
    relations_in(lex, paths, source_text, "", time)
}

/// The EXTRACT RELATIONS reply for the paths of a unit, the person's words read in the setting
/// the replies they got show (see [`Setting::in_exchange`]).
pub fn relations_in(
    lex: &Lexicon,
    paths: &[Vec<PathNode>],
    source_text: &str,
    replies: &str,
    time: Option<Timestamp>,
) -> String {
    // A mention quotes the person's prose, never a comment in their pasted code ("# Post photo").
    let prose = without_code(source_text);
    let sents = sentences(&prose);
    let setting = Setting::in_exchange(&prose, replies);
    // What each sentence names in the sense it was filed under, read once when a target first
    // asks (every target asked every sentence's clauses again).
    let in_sense: Vec<OnceCell<Vec<String>>> = sents.iter().map(|_| OnceCell::new()).collect();
    // The sentences as said, maths written plainly: what a mention quotes where the prose read
    // for meaning left a formula out.
    let spoken = if source_text.contains("\\(") || source_text.contains("\\[") {
        sentences(&crate::rules::format::latex::plain_math(source_text))
    } else {
        Vec::new()
    };
    let mut out = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for path in paths {
        for pair in path.windows(2) {
            let (s, t) = (&pair[0], &pair[1]);
            let key = (entity_key(&s.name), entity_key(&t.name));
            // A node is never its own target.
            if seen.contains(&key) || key.0 == key.1 {
                continue;
            }
            seen.push(key);
            let (label, kind) = if !s.is_concrete() && !t.is_concrete() {
                let label = if entity_key(&s.name) == "user" {
                    "has profile in"
                } else {
                    "has subclass"
                };
                (label.to_string(), "classification")
            } else {
                (
                    snapshot(lex, &t.name, &sents, &in_sense, &setting, &spoken, time),
                    "event",
                )
            };
            out.push(json!({"source": s.name, "target": t.name, "relationship": label, "relationship_type": kind}));
        }
    }
    serde_json::to_string(&out).unwrap_or_else(|_| "[]".into())
}

/// "user mentions strength training ("went lifting this morning") on 2024-03-01".
/// `in_sense` holds, per sentence, the keys of the general events its clauses name in their
/// sense (see [`in_sense_keys`]), filled as they are first needed.
fn snapshot(
    lex: &Lexicon,
    target: &str,
    sents: &[String],
    in_sense: &[OnceCell<Vec<String>>],
    setting: &Setting,
    spoken: &[String],
    time: Option<Timestamp>,
) -> String {
    let key = entity_key(target);
    // The sentence that says it in the sense it was filed under ("I went for a run"), before
    // one that only has the word ("run the unit tests").
    let own = sents
        .iter()
        .zip(in_sense)
        .find(|(s, keys)| keys.get_or_init(|| in_sense_keys(lex, s, setting)).contains(&key))
        .map(|(s, _)| s)
        .or_else(|| {
            sents.iter().find(|s| {
                lex.matches(s).any(|e| entity_key(&e.general) == key)
                    || entity_key(s).contains(&key)
                    || unknown_activity(s).is_some_and(|(a, _, _)| entity_key(&a) == key)
            })
        })
        .or_else(|| sents.first());
    let mut label = format!("user mentions {}", target.to_lowercase());
    if let Some(s) = own {
        let quoted = with_maths(s, spoken).unwrap_or(s);
        label.push_str(&format!(" (\"{}\")", clip(quoted, 160)));
    }
    if let Some(t) = time {
        label.push_str(&format!(" on {}", t.date()));
    }
    label
}

/// The sentence of `spoken` that `sentence` (read without its maths) was cut from: the one that
/// opens with the same words. "I've been studying how to express and symbolically" is said as
/// "… how to express a_n and S_n symbolically".
fn with_maths<'a>(sentence: &str, spoken: &'a [String]) -> Option<&'a str> {
    let opening: Vec<String> = words(sentence).take(4).collect();
    if opening.is_empty() {
        return None;
    }
    spoken
        .iter()
        .find(|s| words(s).take(opening.len()).eq(opening.iter().cloned()))
        .map(String::as_str)
}

/// The keys of the general events a sentence's clauses name in the sense they were filed under.
fn in_sense_keys(lex: &Lexicon, sentence: &str, setting: &Setting) -> Vec<String> {
    in_sense_entries(lex, sentence, setting)
        .into_iter()
        .map(|e| entity_key(&e.general))
        .collect()
}

/// The lexicon entries a sentence's clauses name in the sense they are filed under, in the
/// order said: "I'm walking through the proof" names no walk, "I walk every morning" does.
pub(crate) fn in_sense_entries<'l>(
    lex: &'l Lexicon,
    sentence: &str,
    setting: &Setting,
) -> Vec<&'l crate::lexicon::LexEntry> {
    let mut found = Vec::new();
    for (clause, toks) in own_clauses(sentence) {
        for f in lex.located(&clause) {
            if in_sense(&toks, &f, setting) {
                found.push(f.entry);
            }
        }
    }
    found
}

/// The clauses of a sentence that may speak of the speaker's own life, each with its words:
/// dotted names left out ("a Fly.io machine" names a service, not a flight), and no clause
/// about the listener's life or another person's doing.
fn own_clauses<'s>(sentence: &'s str) -> impl Iterator<Item = (std::borrow::Cow<'s, str>, Vec<String>)> {
    let mut another = false;
    clauses(sentence).enumerate().filter_map(move |(i, clause)| {
        let clause = without_dotted_names(clause);
        // "…a month, Fly was costing us 38": a capital opening a clause after a comma is a
        // name's, not the word's.
        let clause = if i > 0 { without_opening_name(clause) } else { clause };
        let toks: Vec<String> = words(&clause).collect();
        // "Customers sign up online, pay at the door": a clause that opens on its verb, or on
        // "then", goes on with the subject before it.
        let continues = toks.first().is_some_and(|w| w == "then")
            || toks
                .iter()
                .find(|w| !CLAUSE_FILLERS.contains(&w.as_str()))
                .is_some_and(|w| opens_on_verb(w));
        another = of_another(&toks) || (continues && another && !speakers_own(&toks));
        (!of_listener(&toks) && !another).then_some((clause, toks))
    })
}

/// The clause with a capitalised first word other than "I" left out (see [`own_clauses`]).
fn without_opening_name(clause: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    let trimmed = clause.trim_start();
    let first = trimmed.split_whitespace().next().unwrap_or_default();
    let word = first.trim_matches(|c: char| !c.is_alphanumeric());
    let pronoun = word == "I" || word.starts_with("I'") || word.starts_with("I’");
    if pronoun || !word.starts_with(char::is_uppercase) {
        return clause;
    }
    std::borrow::Cow::Owned(format!(";{}", trimmed.get(first.len()..).unwrap_or_default()))
}

/// Whether a clause's first word is a verb in the past or the third person ("drove",
/// "helped", "takes"), so that the clause has no subject of its own.
fn opens_on_verb(w: &str) -> bool {
    let verb = |v: &str| {
        crate::rules::words::verbs::VERBS.contains(&v) && !matches!(v, "like" | "mind" | "glad" | "lucky" | "proud")
    };
    verb(w)
        || [w.strip_suffix("es"), w.strip_suffix('s')]
            .into_iter()
            .flatten()
            .any(verb)
        || crate::rules::words::verbs::IRREGULAR.iter().any(|(past, _)| *past == w)
        || (w.chars().count() > 4 && w.ends_with("ed"))
}

/// Whether a clause holds a word of the speaker's own ("I", "my", "we"): it is (also) theirs.
fn speakers_own(toks: &[String]) -> bool {
    toks.iter().any(|w| SPEAKERS_OWN.contains(&w.as_str()))
}

/// Whether a clause tells what the people a product or a service serves do, not the speaker:
/// it has no word of the speaker's own and opens on them ("Users photograph a receipt",
/// "customers pay at the door").
fn of_another(toks: &[String]) -> bool {
    if speakers_own(toks) {
        return false;
    }
    toks.iter()
        .find(|w| !CLAUSE_FILLERS.contains(&w.as_str()))
        .is_some_and(|w| OTHER_SUBJECTS.contains(&w.as_str()))
}

/// Whether a clause is about the listener's life and not the speaker's: it has no word of the
/// speaker's own ("I", "my", "we") and makes the listener its subject ("You always wanted to
/// take up sailing", "you're so good at painting", "Don't paint yourself into a corner"). What
/// the listener said or should do ("You suggested Redis", "You should try it") and a question
/// put to them ("Can you explain sigma notation?") still speak of the speaker's topic.
fn of_listener(toks: &[String]) -> bool {
    if toks.iter().any(|w| SPEAKERS_OWN.contains(&w.as_str())) {
        return false;
    }
    if toks.iter().any(|w| LISTENER_SUBJECTS.contains(&w.as_str())) {
        return true;
    }
    let opening = toks.iter().position(|w| !CLAUSE_FILLERS.contains(&w.as_str()));
    opening.is_some_and(|i| {
        toks.get(i).is_some_and(|w| w == "you")
            && toks
                .get(i.saturating_add(1))
                .is_some_and(|next| !YOU_SAID_OR_MAY.contains(&next.as_str()))
    })
}

/// The clause with every dotted name left out: "Fly.io", "Node.js", "www.example.com" are one
/// name each, and the words inside them ("fly", "node") are no words of the clause.
pub(crate) fn without_dotted_names(clause: &str) -> std::borrow::Cow<'_, str> {
    if !clause.split_whitespace().any(crate::text::is_dotted_name) {
        return std::borrow::Cow::Borrowed(clause);
    }
    let kept: Vec<&str> = clause
        .split_whitespace()
        .map(|t| if crate::text::is_dotted_name(t) { ";" } else { t })
        .collect();
    std::borrow::Cow::Owned(kept.join(" "))
}

/// A sentence's clauses, split where a comma, semicolon or dash is followed by a space (not
/// inside "1,000").
fn clauses(sentence: &str) -> impl Iterator<Item = &str> {
    sentence
        .split(", ")
        .flat_map(|c| c.split("; "))
        .flat_map(|c| c.split(" — "))
        .flat_map(|c| c.split(" – "))
        .filter(|c| !c.trim().is_empty())
}

/// An activity the lexicon does not know, with the (base, sub-concept) it belongs under: what
/// comes before "class", "club", "lesson" … after "my", "our" or "a" (a hobby, unless its meaning
/// places it elsewhere), or the -ing word after "I love/started/tried …" used without an object,
/// where its meaning must place it.
fn unknown_activity(sentence: &str) -> Option<(String, String, String)> {
    let toks: Vec<String> = words(sentence).collect();
    if let Some(activity) = activity_in_setting(&toks) {
        let (base, sub) =
            place(&activity, sentence, "", false).unwrap_or(("Interests and Entertainment", "Activities"));
        return Some((activity, base.into(), sub.into()));
    }
    for (i, w) in toks.iter().enumerate() {
        if !matches!(w.as_str(), "i" | "i've" | "i'm") {
            continue;
        }
        let rest = &toks[i + 1..];
        let Some(verb_at) = rest.iter().take(3).position(|v| ACTIVITY_VERBS.contains(&v.as_str())) else {
            continue;
        };
        let Some(at) = rest
            .iter()
            .skip(verb_at + 1)
            .take(3)
            .position(|c| c.len() > 5 && c.ends_with("ing"))
            .map(|p| p + verb_at + 1)
        else {
            continue;
        };
        let candidate = &rest[at];
        if rest.get(at + 1).is_some_and(|n| VERB_PARTICLES.contains(&n.as_str())) {
            continue;
        }
        // "Starting Strength" is a name, not an activity.
        let proper = sentence.split_whitespace().any(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .eq_ignore_ascii_case(candidate)
                && w.starts_with(char::is_uppercase)
        });
        if proper || NOT_ACTIVITIES.contains(&candidate.as_str()) || crate::text::is_stopword(candidate) {
            continue;
        }
        // Used without an object ("I'm learning fingerpicking now", "I started bouldering at
        // the gym") the word names a pastime, placed by its meaning or else among activities.
        // With one ("I've tried adding flask-cors to my project", "started caching the
        // results") it is an action on that object, and the lexicon already knows the pastimes
        // that take one ("knitting scarves").
        // A quantifier opens an object as a determiner does ("I've tried adding some logging").
        let intransitive = rest.get(at + 1).is_none_or(|n| {
            (crate::text::is_stopword(n) && !QUANTIFIERS.contains(&n.as_str()))
                || ADVERBS.contains(&n.as_str())
                // "bouldering 3 times a week"; "researching 2-bedroom condos" has an object.
                || (n.chars().any(|c| c.is_ascii_digit())
                    && rest.get(at + 2).is_none_or(|u| HOW_OFTEN_OR_LONG.contains(&u.as_str())))
        });
        if !intransitive {
            continue;
        }
        let (base, sub) =
            place(candidate, sentence, "", false).unwrap_or(("Interests and Entertainment", "Activities"));
        return Some((compound_of(sentence, candidate), base.into(), sub.into()));
    }
    None
}

/// The activity's name with the hyphenated modifier said before it: "dollar-cost averaging" is
/// "Dollar-Cost Averaging", not "Averaging"; "I started bouldering" is "Bouldering".
fn compound_of(sentence: &str, word: &str) -> String {
    let raw: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '-')))
        .collect();
    let modifier = raw
        .iter()
        .position(|w| w.eq_ignore_ascii_case(word))
        .and_then(|i| i.checked_sub(1).and_then(|p| raw.get(p)))
        .filter(|m| {
            m.contains('-')
                && m.split('-')
                    .all(|p| !p.is_empty() && p.chars().all(char::is_alphabetic))
        });
    let name = modifier.map_or_else(|| word.to_string(), |m| format!("{} {word}", m.to_lowercase()));
    title_case(&name.replace('-', "- ")).replace("- ", "-")
}

/// "my ceramics class" → "Ceramics"; one or two words between the determiner and the setting.
fn activity_in_setting(toks: &[String]) -> Option<String> {
    // In a sentence about code a "class" or a "session" is the program's ("a base class").
    if super::vocab::code_sentence(toks) {
        return None;
    }
    let at = toks.iter().position(|t| ACTIVITY_SETTINGS.contains(&t.as_str()))?;
    let det = toks[..at]
        .iter()
        .rposition(|t| matches!(t.as_str(), "my" | "our" | "a" | "the" | "her" | "his"))?;
    let words = &toks[det + 1..at];
    let useful = !words.is_empty()
        && words.len() <= 2
        && words.iter().all(|w| {
            w.len() > 2
                && !crate::text::is_stopword(w)
                && !QUALIFIERS.contains(&w.as_str())
                && !w.chars().any(|c| c.is_ascii_digit())
        });
    useful.then(|| title_case(&words.join(" ")))
}

/// A weekday, month, ordinal or number word: a date or a count, never a relation's target.
#[must_use]
pub fn is_calendar_or_count(word: &str) -> bool {
    use crate::rules::words::numbers::CALENDAR_OR_COUNT as WORDS;
    let w = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let singular = w.strip_suffix('s').unwrap_or(&w);
    w.is_empty()
        || WORDS.contains(&w.as_str())
        || WORDS.contains(&singular)
        || crate::relative_date::month_number(&w).is_some()
        || w.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        || (w.chars().next().is_some_and(|c| c.is_ascii_digit())
            && ["st", "nd", "rd", "th", "s"].iter().any(|e| w.ends_with(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_activities_are_read_from_first_person_verbs() {
        let name = |s: &str| unknown_activity(s).map(|(a, _, _)| a);
        assert_eq!(name("I've tried adding some logging statements, but no luck"), None);
        assert_eq!(
            name("Here is the code that defines a base class and two subclasses."),
            None
        );
        assert_eq!(
            name("I just started bouldering at the new place"),
            Some("Bouldering".into())
        );
        assert_eq!(name("Good morning to you"), None);
        assert_eq!(name("I went to my ceramics class again."), Some("Ceramics".into()));
        assert_eq!(name("Our chess club meets on Tuesdays"), Some("Chess".into()));
        assert_eq!(name("I skipped class"), None);
        // A verb at work on something is not a pastime.
        assert_eq!(name("I tried plugging in the values"), None);
        assert_eq!(name("I tried substituting these values into the formula"), None);
        assert_eq!(name("I've started researching 2-bedroom condos downtown"), None);
        assert_eq!(name("I started bouldering 3 times a week"), Some("Bouldering".into()));
        assert_eq!(
            name("I've decided to start dollar-cost averaging with $100 biweekly"),
            Some("Dollar-Cost Averaging".into())
        );
        // Speaking with someone is how a thing gets done.
        assert_eq!(name("I think I'll start by talking to my parents about it."), None);
        assert_eq!(name("I've started chatting with my neighbours more"), None);
    }

    #[test]
    fn an_unknown_activity_beside_a_known_setting_is_still_extracted() {
        let paths =
            crate::model::parse::parse_paths(&entities(Lexicon::builtin(), "I went to my kintsugi workshop again."))
                .unwrap();
        assert!(
            paths
                .iter()
                .any(|p| p.last().is_some_and(|n| n.name == "Kintsugi" && n.is_concrete())),
            "{paths:?}"
        );
    }

    #[test]
    fn a_mention_quotes_the_maths_it_was_read_without() {
        let text = r"I've been studying how to express \( a_n \) and \( S_n \) symbolically for my exam.";
        let lex = Lexicon::builtin();
        let paths = crate::model::parse::parse_paths(&entities(lex, text)).unwrap();
        let reply = relations(lex, &paths, text, None);
        assert!(reply.contains("express a_n and S_n symbolically"), "{reply}");
        assert!(!reply.contains("express and"), "{reply}");
    }
}
