//! Third-person rewriting of what a person said about themselves: "I write my own these days"
//! becomes "Alex writes their own these days". The name is the subject, present-tense verbs
//! agree with it, "my" is "Alex's" until the name has been the subject (then "their"), and a
//! sentence-initial "she"/"he" is replaced by the one person the segment names that fits.

use crate::rules::words::clauses::{ADVERBIAL_OPENERS, THAT_TAKERS};
use crate::rules::words::function::AUXILIARIES;
use crate::rules::words::verbs::LY_VERBS;
use crate::rules::words::verbs::SAME_PAST;

mod agreement;
mod mentions;

use agreement::{BARE_AFTER, COORDINATED, SUBJECTS, compound_subject};
pub use mentions::{Mention, companion, leading_pronoun, mentions, resolve_pronoun};
use std::borrow::Cow;

/// Adverbs that may stand between a subject and its verb ("I really like", "I still go").
static ADVERBS: crate::text::WordSet = crate::text::WordSet::new(&[
    "just",
    "really",
    "still",
    "also",
    "always",
    "never",
    "often",
    "sometimes",
    "actually",
    "only",
    "even",
    "mostly",
    "finally",
    "definitely",
    "totally",
    "probably",
    "usually",
    "generally",
    "normally",
    "rarely",
    "barely",
    "already",
    "simply",
    "honestly",
    "literally",
    "basically",
    "seriously",
    "truly",
    "absolutely",
    "constantly",
    "currently",
    "recently",
    "mainly",
    "kinda",
    "sorta",
    "now",
    "then",
    "too",
    "all",
    "both",
    "ever",
    "once",
    "again",
    "almost",
    "nearly",
    "hardly",
    "typically",
    "slowly",
    "especially",
    "personally",
    "secretly",
    "occasionally",
]);

/// Words after the subject that are not a present-tense verb to inflect.
static KEEP: crate::text::WordSet = crate::text::WordSet::new(&[
    "can", "could", "will", "would", "should", "shall", "might", "must", "may", "was", "had", "did", "got", "went",
    "made", "took", "ran", "swam", "saw", "came", "met", "gave", "told", "said", "felt", "bought", "brought",
    "thought", "found", "left", "lost", "won", "ate", "drank", "wrote", "began", "became", "kept", "slept", "spent",
    "sent", "built", "caught", "taught", "fought", "flew", "drove", "rode", "sang", "sat", "stood", "heard", "paid",
    "held", "knew", "grew", "threw", "wore", "broke", "chose", "fell", "forgot", "woke", "sold", "led", "meant", "and",
    "or", "but", "to",
]);

/// Whether a sentence speaks of the past: a past form, or a word that looks back.
fn looks_back(sentence: &str) -> bool {
    crate::text::words(sentence).any(|w| {
        KEEP.contains(w.as_str())
            && !matches!(
                w.as_str(),
                "can" | "will" | "should" | "shall" | "must" | "may" | "and" | "or" | "but" | "to"
            )
            || (w.len() > 4 && w.ends_with("ed") && !w.ends_with("eed"))
            || matches!(w.as_str(), "yesterday" | "ago" | "last" | "earlier" | "once")
    })
}

/// Inflects a present-tense verb for a third-person singular subject.
#[must_use]
pub fn inflect(verb: &str) -> String {
    match verb {
        "am" | "are" | "be" => return "is".into(),
        "were" => return "was".into(),
        "have" => return "has".into(),
        "do" => return "does".into(),
        "don't" | "dont" => return "doesn't".into(),
        "haven't" => return "hasn't".into(),
        "aren't" => return "isn't".into(),
        "go" => return "goes".into(),
        _ => {}
    }
    if verb.ends_with("n't") || verb.contains('\'') {
        return verb.into();
    }
    let vowels = ['a', 'e', 'i', 'o', 'u'];
    if let Some(stem) = verb.strip_suffix('y')
        && stem.len() > 1
        && !stem.ends_with(vowels)
    {
        return format!("{stem}ies");
    }
    if ["s", "sh", "ch", "x", "z", "o"].iter().any(|e| verb.ends_with(e)) {
        return format!("{verb}es");
    }
    format!("{verb}s")
}

/// Whether a lowercase word after a subject is a base-form verb that must agree.
fn agrees(word: &str) -> bool {
    // "-eed" is a past tense after "-ee" ("agreed", "freed", "guaranteed"), a base form
    // otherwise ("need", "feed", "succeed").
    let past = word.len() > 3
        && word.ends_with("ed")
        && (!word.ends_with("eed")
            || matches!(word.strip_suffix('d'), Some(b) if crate::rules::words::verbs::EE_VERBS.contains(&b)));
    let negated = word.ends_with("n't") && !matches!(word, "don't" | "haven't" | "aren't");
    let inflected = word.ends_with('s') && !word.ends_with("ss") && word != "focus";
    let plain = !word.is_empty() && word.chars().all(|c| c.is_alphabetic() || c == '\'');
    plain && !KEEP.contains(word) && !past && !negated && !inflected && !word.ends_with("ing")
}

/// First words of lexicon phrases that are verbs themselves ("work from home", "start running").
static VERB_STARTS: crate::text::WordSet = crate::text::WordSet::new(&[
    "work", "start", "quit", "train", "go", "play", "take", "make", "do", "get", "have", "learn", "save", "move",
    "stop", "try", "watch", "love", "like", "run", "cook", "bake", "read", "write", "paint", "drive", "ride", "walk",
]);

/// Whether "noun verb" is a compound the lexicon knows ("meal prep"), whose verb is the second word.
fn is_compound(first: &str, second: &str) -> bool {
    if VERB_STARTS.contains(first) || KEEP.contains(first) || crate::text::STOPWORDS.contains(second) {
        return false;
    }
    let phrase = format!("{first} {second}");
    super::lexicon::Lexicon::builtin()
        .matches(&phrase)
        .any(|e| e.pattern == phrase)
}

fn is_adverb(word: &str) -> bool {
    ADVERBS.contains(word) || (word.len() > 4 && word.ends_with("ly") && !LY_VERBS.contains(&word))
}

fn split(raw: &str) -> (&str, &str, &str) {
    let start = raw.len() - raw.trim_start_matches(|c: char| !c.is_alphanumeric()).len();
    let (lead, rest) = raw.split_at_checked(start).unwrap_or(("", raw));
    let core_len = rest.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
    let (core, tail) = rest.split_at_checked(core_len).unwrap_or((rest, ""));
    (lead, core, tail)
}

fn capitalise_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// Rewrites a first-person sentence about `name` in the third person. `referent` replaces a
/// leading "she"/"he" ("Alex's physio"), when the caller resolved one.
#[must_use]
pub fn third_person(sentence: &str, name: &str, referent: Option<&str>) -> String {
    // A formula quoted in the sentence is kept as a person would write it, not as TeX.
    let plain = crate::rules::format::latex::plain_math(sentence);
    let sentence: &str = &plain;
    let toks: Vec<&str> = sentence.split_whitespace().collect();
    // Words left as they are are borrowed: most of a sentence is.
    let mut out: Vec<Cow<'_, str>> = Vec::new();
    let mut subject_named = false;
    // Set once the person is a subject in the current sentence: a second "I" there that opens
    // what they think or say, or an adverbial clause, is "they" ("Ana thinks they will start
    // with a fund", "Ana started when they were young", not "Ana thinks Ana will start"). A
    // coordinated clause keeps the name ("…, so Alex is resting").
    let mut named_here = false;
    let reported = |i: usize| {
        let word = |k: usize| toks.get(k).map(|t| lower_word(split(t).1)).unwrap_or_default();
        let Some(before) = i.checked_sub(1) else {
            return false;
        };
        let taker =
            |k: usize| toks.get(k).is_some_and(|t| !t.ends_with(',')) && THAT_TAKERS.contains(&word(k).as_str());
        taker(before)
            || (word(before) == "that" && before.checked_sub(1).is_some_and(taker))
            || ADVERBIAL_OPENERS.contains(&word(before).as_str())
    };
    // Set after a subject was written: the next verb must agree with it.
    let mut pending_verb = false;
    // The person alone is the subject in force: a verb coordinated by "and" agrees with them too
    // ("Alex started a project and has been raising funds").
    let mut person_subject = false;
    let past = looks_back(sentence);
    // "I'm Priya, 34, and I …": the name in a self-introduction is said by the subject already
    // written ("Priya is 34"), never as "Priya is Priya".
    let introduced = |i: usize| {
        let Some((_, core, tail)) = toks.get(i + 1).map(|t| split(t)) else {
            return false;
        };
        matches!(lower_word(split(toks[i]).1).as_str(), "i'm" | "am")
            && core.eq_ignore_ascii_case(name)
            && tail == ","
            && toks.get(i + 2).is_some()
    };
    // "I'm Meghan Fowler, and I'm looking for …" (or "I'm Meghan, and …"): the introduction says
    // only who the subject is; the sentence goes on with what it says of them. The tokens the
    // introduction takes up to and with its "and".
    let introduction = |i: usize| -> usize {
        let is_name = |k: usize| toks.get(k).is_some_and(|t| split(t).1.eq_ignore_ascii_case(name));
        let tail_at = |k: usize| toks.get(k).map_or("", |t| split(t).2);
        let surname = |k: usize| {
            toks.get(k)
                .is_some_and(|t| split(t).1.starts_with(char::is_uppercase) && tail_at(k) == ",")
        };
        let and_at = |k: usize| toks.get(k).is_some_and(|t| lower_word(split(t).1) == "and");
        if lower_word(split(toks[i]).1) != "i'm" || !is_name(i + 1) {
            return 0;
        }
        if tail_at(i + 1) == "," && and_at(i + 2) {
            3
        } else if tail_at(i + 1).is_empty() && surname(i + 2) && and_at(i + 3) {
            4
        } else {
            0
        }
    };
    // Tokens still to leave out, of an introduction read at an earlier one.
    let mut skip = 0usize;
    for (i, raw) in toks.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let n = introduction(i);
        if n > 0 {
            skip = n - 1;
            continue;
        }
        skip = usize::from(introduced(i));
        let (lead, core, tail) = split(raw);
        let lower = lower_word(core);
        let cap = i == 0 || out.last().is_some_and(|p| p.ends_with(['.', '!', '?', ':']));
        let name_cap = |s: String| if cap { capitalise_first(&s) } else { s };
        if pending_verb {
            if is_adverb(&lower) && tail.is_empty() {
                out.push(Cow::Borrowed(raw));
                continue;
            }
            // "I meal prep on Sundays": the noun of a lexicon compound waits for its verb.
            if let Some(next) = toks.get(i + 1)
                && is_compound(&lower, &split(next).1.to_lowercase())
            {
                out.push(Cow::Borrowed(raw));
                continue;
            }
            pending_verb = false;
            // "I hurt my back" tells of an event; "I read novels" of a habit.
            let next_is_mine = toks
                .get(i + 1)
                .is_some_and(|n| matches!(split(n).1.to_lowercase().as_str(), "my" | "myself" | "it" | "that"));
            let ambiguous = SAME_PAST.contains(&lower.as_str());
            // "I quit the hospital job", "I quit smoking": quitting is told when it happened,
            // hardly ever as a habit.
            let past = past || next_is_mine || lower == "quit";
            if (ambiguous && !past) || (!ambiguous && agrees(&lower)) {
                let v = inflect(&lower);
                let v = if core.starts_with(char::is_uppercase) {
                    capitalise_first(&v)
                } else {
                    v
                };
                out.push(Cow::Owned(format!("{lead}{v}{tail}")));
                continue;
            }
        }
        let after_and = || {
            i.checked_sub(1)
                .and_then(|p| toks.get(p))
                .is_some_and(|p| p.eq_ignore_ascii_case("and"))
        };
        if person_subject && COORDINATED.contains(&lower.as_str()) && tail.is_empty() && after_and() {
            let v = inflect(&lower);
            out.push(Cow::Owned(format!("{lead}{v}{tail}")));
            continue;
        }
        // Another subject, a new sentence, or a verb that takes a bare one ("to go and have
        // fun", "can swim and have fun") ends the person's run of finite verbs.
        if SUBJECTS.contains(&lower.as_str())
            || BARE_AFTER.contains(&lower.as_str())
            || raw.ends_with(['.', '!', '?', ';'])
        {
            person_subject = false;
        }
        // "They" is plural in form: no verb after it agrees with the person's name.
        let they = named_here
            && matches!(lower.as_str(), "i" | "i'm" | "i've" | "i'll" | "i'd")
            && reported(i)
            && !compound_subject(&toks, i);
        if they {
            person_subject = false;
        }
        let again = |plain: &str| Some(name_cap(plain.to_string()));
        let third = match lower.as_str() {
            // "They" takes a plural verb: "they were able to", never "they was".
            "i" if they => match toks.get(i + 1).map(|n| split(n)) {
                Some(("", verb, rest)) if tail.is_empty() && plural_of(verb).is_some() => {
                    skip = 1;
                    let verb = plural_of(verb).unwrap_or_default();
                    again(&format!("they {verb}{rest}"))
                }
                _ => again("they"),
            },
            "i'm" if they => again("they are"),
            "i've" if they => again("they have"),
            "i'll" if they => again("they will"),
            "i'd" if they => again("they would"),
            // "My partner and I often play": a plural subject, whose verb stays as it is.
            "i" if compound_subject(&toks, i) => {
                subject_named = true;
                Some(name.to_string())
            }
            "i've" if compound_subject(&toks, i) => {
                subject_named = true;
                Some(format!("{name} have"))
            }
            "i" => {
                subject_named = true;
                // "how can I ensure it": after an auxiliary the verb stays bare ("how can Alex
                // ensure it"), since the auxiliary already agrees.
                let inverted = i
                    .checked_sub(1)
                    .and_then(|p| toks.get(p))
                    .is_some_and(|p| AUXILIARIES.contains(&lower_word(split(p).1).as_str()));
                pending_verb = tail.is_empty() && !inverted;
                person_subject = tail.is_empty();
                Some(name.to_string())
            }
            "i'm" => {
                subject_named = true;
                person_subject = tail.is_empty();
                Some(format!("{name} is"))
            }
            "i've" => {
                subject_named = true;
                person_subject = tail.is_empty();
                Some(format!("{name} has"))
            }
            "i'll" => {
                subject_named = true;
                Some(format!("{name} will"))
            }
            "i'd" => {
                subject_named = true;
                Some(format!("{name} would"))
            }
            "my" => {
                let next = toks.get(i + 1).map(|n| split(n).1.to_lowercase());
                if subject_named || next.as_deref() == Some("own") {
                    Some(name_cap("their".into()))
                } else {
                    Some(format!("{name}'s"))
                }
            }
            "mine" => Some(if subject_named {
                "theirs".into()
            } else {
                format!("{name}'s")
            }),
            "me" => Some(if subject_named { "them".into() } else { name.to_string() }),
            "myself" => Some("themselves".into()),
            // "8 AM" is a time of day, not the verb.
            "am" if !raw.contains("AM")
                && !i
                    .checked_sub(1)
                    .and_then(|j| toks.get(j))
                    .is_some_and(|p| p.ends_with(|c: char| c.is_ascii_digit())) =>
            {
                Some("is".into())
            }
            "she" | "he" if i == 0 && referent.is_some() => {
                pending_verb = false;
                referent.map(str::to_string)
            }
            "she's" | "he's" if i == 0 && referent.is_some() => {
                let next = toks.get(i + 1).map(|n| split(n).1.to_lowercase()).unwrap_or_default();
                let aux = if next == "been" || next == "got" || next.ends_with("ed") {
                    "has"
                } else {
                    "is"
                };
                referent.map(|r| format!("{r} {aux}"))
            }
            _ => None,
        };
        if third.is_some() && matches!(lower.as_str(), "i" | "i'm" | "i've" | "i'll" | "i'd") {
            named_here = true;
        }
        if raw.ends_with(['.', '!', '?', ';']) {
            named_here = false;
        }
        match third {
            Some(r) => out.push(Cow::Owned(format!("{lead}{r}{tail}"))),
            None => out.push(Cow::Borrowed(*raw)),
        }
    }
    out.join(" ")
}

/// The form a verb of "I" takes after "they" where the two differ ("was" → "were").
fn plural_of(verb: &str) -> Option<&'static str> {
    match lower_word(verb).as_str() {
        "was" => Some("were"),
        "wasn't" => Some("weren't"),
        "am" => Some("are"),
        _ => None,
    }
}

/// `core.to_lowercase().replace('’', "'")`, in one allocation for an ASCII word (which holds
/// no '’').
fn lower_word(core: &str) -> String {
    if core.is_ascii() {
        core.to_ascii_lowercase()
    } else {
        core.to_lowercase().replace('’', "'")
    }
}

/// Rewrites "we", "our" and "us" for a reader who does not know who "we" are: the person and
/// `companion` when the segment names one ("Alex and their wife"), else "Alex and others".
/// The subject stays plural, so its verbs need no change.
#[must_use]
pub fn first_plural(sentence: &str, name: &str, companion: Option<&str>) -> String {
    let group = companion.map_or_else(|| format!("{name} and others"), |c| format!("{name} and {c}"));
    let mut out: Vec<Cow<'_, str>> = Vec::new();
    let mut said_we = false;
    let mut said_i = false;
    let toks: Vec<&str> = sentence.split_whitespace().collect();
    // "our time together" is the group's, not the person's alone: it stays plural.
    let together = |i: usize| {
        toks.iter()
            .skip(i.saturating_add(1))
            .take(3)
            .any(|t| lower_word(split(t).1) == "together")
    };
    for (i, raw) in toks.iter().enumerate() {
        let (lead, core, tail) = split(raw);
        let lower = lower_word(core);
        let cap = i == 0 || out.last().is_some_and(|p| p.ends_with(['.', '!', '?', ':']));
        let head = |s: &str| if cap { capitalise_first(s) } else { s.to_string() };
        let rewritten = match lower.as_str() {
            "we" => Some(group.clone()),
            "we're" => Some(format!("{group} are")),
            "we've" => Some(format!("{group} have")),
            "we'll" => Some(format!("{group} will")),
            "we'd" => Some(format!("{group} would")),
            // After the person's own "I" the sentence has its subject, whose "our" is "their":
            // "I'm worried about our planning" → "Alex is worried about their planning".
            "our" if said_we || said_i || together(i) => Some(head("their")),
            "ours" if said_we => Some("theirs".into()),
            "our" | "ours" => Some(format!("{name}'s")),
            "us" if said_we => Some("them".into()),
            "us" => Some(group.clone()),
            "ourselves" => Some("themselves".into()),
            _ => None,
        };
        if matches!(lower.as_str(), "we" | "we're" | "we've" | "we'll" | "we'd") {
            said_we = true;
        }
        if matches!(lower.as_str(), "i" | "i'm" | "i've" | "i'll" | "i'd") {
            said_i = true;
        }
        match rewritten {
            Some(r) => out.push(Cow::Owned(format!("{lead}{r}{tail}"))),
            None => out.push(Cow::Borrowed(*raw)),
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests;
