//! Reading the context's items into sentences: each with its item line, its date, whom it is
//! about (the speaker, the person a Σ/Δ path starts with, or the listener a turn's "you"
//! addresses) and its stems; and the persons the context and the question name.
//!
//! A turn, a fact, a conclusion, a slot and a Σ/Δ item carry their speaker, day, path,
//! bullets and words as data ([`Shows`]), and those are read as given. Only an item of a
//! context that arrived as text (a fixture, a prompt a test server quotes back) is read from
//! its line: its day ("[8 May 2023] …") and concept path ("Alex / Fitness: …").

use crate::model::{AnswerContext, Profile, Said, Shows};
use crate::rules::english::extractive::{Sentence, Stems, stem};
use crate::text::{sentences, words};
use crate::time::Timestamp;

/// The turn before the one being read: its day, stems, whether it asks something, its speaker.
struct Prior {
    date: Option<Timestamp>,
    stems: Stems,
    asked: bool,
    who: Option<String>,
}

/// Reads the context's items into sentences. A turn is read from what it carries: its
/// speaker, its day, its words; its line (the support an answer names) opens with its group's
/// header ("[8 May 2023] Caroline: …"). A fact, a conclusion or a slot is read from its day
/// and words, a Σ/Δ item from its path and bullets, each with its line as shown (the support
/// an answer names). An item that is only text is read from it: a day in
/// brackets ("[8 May 2023] …"), a concept path ("Alex / Fitness: Σ …"), or, in a context
/// given only as text, a turn's "[D1:3 8 May 2023] Caroline: …" prefix.
///
/// Only an item's first line is read as the item. What follows a line break in it (a photo
/// caption on its own line, the rest of a long reply) is read as lines of text were before
/// items were typed: a "- " line as an item of its own, a "#" line as a heading. Reading a
/// turn's words whole instead moves answers (on BEAM, flat_bm25 declines 27.1% of answerable
/// probes instead of 36.1%), so it waits for a measured change of its own.
pub(in crate::rules) fn read_context(context: &AnswerContext) -> Vec<Sentence> {
    let mut r = Reader::default();
    let mut section: Option<&str> = None;
    // The header last shown over the items of this section.
    let mut shown: Option<&str> = None;
    for item in &context.items {
        if section != Some(item.section.as_str()) {
            section = Some(&item.section);
            shown = None;
            r.group = None;
            r.before = None;
        }
        if let Some(header) = item.group.as_deref()
            && shown != Some(header)
        {
            shown = Some(header);
            r.group = Some((header, parse_date(header)));
            r.before = None;
        }
        let mut lines = item.text.lines();
        let first = lines.next().unwrap_or_default();
        match &item.shows {
            Shows::Turn(said) => r.turn(first, item.group.as_deref(), said),
            Shows::Note(note) => r.note(first, note.day, &note.words),
            Shows::Slot(slot) => r.note(first, slot.day, &slot.words),
            Shows::Profile(kept) => r.profile(first, kept),
            Shows::Text if first.trim().is_empty() => {}
            Shows::Text => r.text_item(first.trim_end()),
        }
        for raw in lines {
            r.text_line(raw.trim());
        }
    }
    r.out
}

/// The state of a read: the sentences so far, the header the items stand under (and its
/// date), and the turn before.
#[derive(Default)]
struct Reader<'a> {
    out: Vec<Sentence>,
    group: Option<(&'a str, Option<Timestamp>)>,
    before: Option<Prior>,
}

impl<'a> Reader<'a> {
    /// A line of text within an item, after its first.
    fn text_line(&mut self, raw: &'a str) {
        if let Some(header) = raw.strip_prefix("## ") {
            self.group = Some((header, parse_date(header)));
            self.before = None;
        } else if raw.starts_with('#') {
            self.group = None;
            self.before = None;
        } else if let Some(item) = raw.strip_prefix("- ") {
            self.text_item(item);
        }
    }

    /// A turn: `first` is the first line of its text, `speaker: words`.
    fn turn(&mut self, first: &str, group: Option<&str>, said: &Said) {
        let first = first.trim_end();
        if first.is_empty() {
            return;
        }
        let line = group.map_or_else(|| first.to_string(), |header| format!("[{header}] {first}"));
        let words = said.words.lines().next().unwrap_or_default();
        self.push(&line, said.day, Some(said.speaker.clone()), words, true, false);
    }

    /// A statement no one speaks (a fact, a conclusion, a slot): `first` is the first line
    /// of its text, the line an answer names as its support. Whom it is about is found from
    /// the persons it names ([`attribute`]).
    fn note(&mut self, first: &str, day: Option<Timestamp>, words: &str) {
        let line = first.trim_end();
        let words = words.lines().next().unwrap_or_default();
        if line.is_empty() || words.trim().is_empty() {
            return;
        }
        self.push(line, day, None, words, false, false);
    }

    /// What of a concept's Σ/Δ (or a person's gathered mentions) an item keeps: each bullet's
    /// own sentences and each mention with its day, about the person its path starts with. A
    /// bullet's branch ("Camping") is what each of its sentences is about, so its words count
    /// as theirs.
    fn profile(&mut self, first: &str, kept: &Profile) {
        let line = first.trim_end();
        let who = kept.path.first().filter(|p| !p.is_empty());
        self.before = None;
        for b in &kept.bullets {
            let branch: Vec<String> = words(&b.branch).map(|w| stem(&w)).collect();
            // A bullet that keeps nothing but its branch names it.
            let own = if b.text.is_empty() && b.told.is_empty() {
                b.branch.as_str()
            } else {
                b.text.as_str()
            };
            for s in sentences(own) {
                self.statement(line, &s, b.day, who, &branch);
            }
            for t in &b.told {
                self.statement(line, &t.text, t.day.or(b.day), who, &branch);
            }
        }
    }

    /// One sentence no one speaks, about `who` (or the person it opens with), with `also` among
    /// its stems.
    fn statement(&mut self, line: &str, s: &str, date: Option<Timestamp>, who: Option<&String>, also: &[String]) {
        let s = s.trim();
        if s.is_empty() {
            return;
        }
        let who = who.cloned().or_else(|| {
            s.split_whitespace()
                .next()
                .map(|w| w.trim_end_matches("'s").to_string())
        });
        let mut stems: Stems = words(s).map(|w| stem(w.trim_end_matches("'s"))).collect();
        stems.extend(also.iter().cloned());
        self.out.push(Sentence {
            asks: s.ends_with('?') && !crate::rules::english::extractive::update::question_tells(s),
            stems,
            text: s.to_string(),
            line: line.to_string(),
            date,
            who,
            spoken: false,
            near: Stems::default(),
            heard: false,
        });
    }

    /// An item given as text: a fact, a conclusion, a Σ/Δ line, or a turn's line as text.
    fn text_item(&mut self, item: &str) {
        if item.is_empty() {
            return;
        }
        // A turn under a header reads as the turn with its header's date.
        let grouped = self.group.and_then(|(header, date)| {
            let (who, _) = item.split_once(": ")?;
            speaker_like(who).then(|| (format!("[{header}] {item}"), date))
        });
        let line = grouped.as_ref().map_or(item, |(l, _)| l.as_str());
        let (date, who, body) = split_item(line);
        let date = date.or_else(|| grouped.as_ref().and_then(|(_, d)| *d));
        let spoken = who.is_some() && line.starts_with('[');
        // Σ/Δ bullets run on in one line ("Σ - Photography: … - Pottery: …"); in a turn a dash
        // is the speaker's own punctuation.
        let bullets = !line.starts_with('[');
        self.push(line, date, who, body, spoken, bullets);
    }

    /// The sentences of one item's body.
    fn push(
        &mut self,
        line: &str,
        date: Option<Timestamp>,
        who: Option<String>,
        body: &str,
        spoken: bool,
        bullets: bool,
    ) {
        // A turn right after another speaker's question, on the same day, is read with that
        // question's words: it is the reply.
        let near = self
            .before
            .take()
            .filter(|p| spoken && p.date.is_some() && p.date == date && p.asked && p.who != who)
            .map(|p| p.stems)
            .unwrap_or_default();
        let first = self.out.len();
        let body = unquote(body);
        for s in sentences(body)
            .iter()
            .flat_map(|s| {
                if bullets {
                    s.split(" - ").collect::<Vec<_>>()
                } else {
                    vec![s.as_str()]
                }
            })
            // "A; B; C": a memory line's list of mentions, or a speaker's clauses, one by one.
            .flat_map(|s| s.split("; "))
            .flat_map(|s| s.split(" Σ ").flat_map(|p| p.split(" Δ ")))
            // A brief's "…" marks a gap, not words.
            .map(|s| s.trim_matches(|c: char| c == '…' || c.is_whitespace()))
            .filter(|s| !s.is_empty())
        {
            let s = s.trim_start_matches("Σ ").trim_start_matches("Δ ");
            let s = strip_tag(s);
            // A mention's "(6 October 2023)" is the day it was said, not words of it.
            let (s, date) = match told_day(s) {
                Some((rest, day)) => (rest, Some(day)),
                None => (s, date),
            };
            let who = who.clone().or_else(|| {
                s.split_whitespace()
                    .next()
                    .map(|w| w.trim_end_matches("'s").to_string())
            });
            self.out.push(Sentence {
                // A question that tells a value of the asker's own supports it as a statement would.
                asks: s.trim_end().ends_with('?') && !crate::rules::english::extractive::update::question_tells(s),
                stems: words(s).map(|w| stem(w.trim_end_matches("'s"))).collect(),
                text: s.to_string(),
                line: line.to_string(),
                date,
                who,
                spoken,
                near: near.clone(),
                heard: false,
            });
        }
        if spoken {
            let said = self.out.get(first..).unwrap_or_default();
            let stems = said.iter().flat_map(|s| s.stems.iter().cloned()).collect();
            let asked = said.iter().any(|s| s.asks);
            self.before = Some(Prior {
                date,
                stems,
                asked,
                who,
            });
        }
    }
}

/// 'On 8 May 2024, Alex said: "I swim."' → 'I swim.': a reported turn read as the turn.
/// A fact's "On 8 May 2023: " opening is the item's date, not a date the fact tells.
fn unquote(body: &str) -> &str {
    if let Some((head, rest)) = body.strip_prefix("On ").and_then(|b| b.split_once(": "))
        && parse_date(head.trim_end_matches(',')).is_some()
    {
        return rest;
    }
    let Some((head, said)) = body.split_once(" said: ") else {
        return body;
    };
    if !head.starts_with("On ") || head.split_whitespace().count() > 8 {
        return body;
    }
    said.trim().trim_matches(|c| c == '"' || c == '“' || c == '”')
}

/// "Audrey couldn't walk the dogs (6 October 2023)" → the text before the day, and the day.
fn told_day(s: &str) -> Option<(&str, Timestamp)> {
    let inner = s.trim_end_matches(['.', ';', ' ']).strip_suffix(')')?;
    let (rest, day) = inner.rsplit_once(" (")?;
    Some((rest.trim_end(), parse_date(day)?))
}

/// "[habit] Alex swims" → "Alex swims".
fn strip_tag(s: &str) -> &str {
    match s.strip_prefix('[').and_then(|r| r.split_once("] ")) {
        Some((tag, rest)) if !tag.contains(':') => rest,
        _ => s,
    }
}

/// Whether the words before a colon can be a speaker: a name of up to three words, each
/// capitalised ("Caroline", "Dr Mira Shah"), or the assistant. "Bad news: …" and "Update on
/// the kitchen: …" open a sentence.
fn speaker_like(who: &str) -> bool {
    let words: Vec<&str> = who.split_whitespace().collect();
    (1..=3).contains(&words.len())
        && (matches!(who, "assistant" | "user") || words.iter().all(|w| w.starts_with(char::is_uppercase)))
}

/// (date, speaker, text) of an item line.
fn split_item(line: &str) -> (Option<Timestamp>, Option<String>, &str) {
    if let Some(rest) = line.strip_prefix('[')
        && let Some((tag, body)) = rest.split_once("] ")
    {
        // "[D1:3 8 May 2023]" (a turn) or "[8 May 2023]" (a fact).
        let date = parse_date(tag).or_else(|| tag.split_once(' ').and_then(|(_, d)| parse_date(d)));
        if let Some((who, text)) = body.split_once(": ")
            && speaker_like(who)
        {
            return (date, Some(who.to_string()), text);
        }
        return (date, None, body);
    }
    // A concept: "Alex / Health and Wellness / Fitness: Σ …" is about its first path element.
    if let Some((path, body)) = line.split_once(": ")
        && path.contains(" / ")
    {
        let who = path.split(" / ").next().map(str::to_string);
        return (None, who, body);
    }
    (None, None, line)
}

/// "8 May 2023" → that day.
pub(in crate::rules) fn parse_date(s: &str) -> Option<Timestamp> {
    let t: Vec<&str> = s.split_whitespace().collect();
    let [d, m, y] = t.as_slice() else { return None };
    let day: u32 = d.parse().ok().filter(|d| (1..=31).contains(d))?;
    let month = Timestamp::month_from_name(m)?;
    let year: i64 = y.parse().ok().filter(|y| (1..=9999).contains(y))?;
    Timestamp::from_civil(year, month, day, 0, 0, 0)
}

/// Everyone the context speaks about: turn speakers and the question's person(s).
pub(in crate::rules) fn persons(sents: &[Sentence], person: &str) -> Vec<String> {
    let mut out: Vec<String> = person
        .split(" and ")
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    for s in sents {
        if let Some(w) = &s.who
            && s.spoken
            && !out.contains(w)
        {
            out.push(w.clone());
        }
    }
    out
}

/// The known person the question names (first mention), else the only person given.
pub(in crate::rules) fn asked_person(question: &str, known: &[String], person: &str) -> Option<String> {
    let toks: Vec<String> = words(question).map(|w| w.trim_end_matches("'s").to_string()).collect();
    let found = toks
        .iter()
        .find_map(|t| known.iter().find(|k| words(k).next().is_some_and(|f| f == *t)).cloned());
    found.or_else(|| (!person.contains(" and ") && !person.is_empty()).then(|| person.to_string()))
}

/// A speaker's sentence that says "you" and never "I", "my" or "we" is about the listener:
/// "What do you love most about camping with your family?" in a turn of Caroline's is about
/// the other person of the conversation. Only when that other person is the one other speaker.
///
/// A sentence no one speaks (a fact, a conclusion, a Σ line) is about the first known person
/// it names: "On 19 August 2023: Deborah loves going to this park" is about Deborah.
pub(in crate::rules) fn attribute(sents: &mut [Sentence], known: &[String]) {
    for s in sents.iter_mut().filter(|s| !s.spoken) {
        let named = words(&s.text).find_map(|w| {
            let w = w.trim_end_matches("'s");
            known.iter().find(|k| words(k).next().is_some_and(|f| f == w)).cloned()
        });
        if let Some(n) = named {
            s.who = Some(n);
        }
    }
    let speakers: Vec<&String> = known
        .iter()
        .filter(|k| sents.iter().any(|s| s.spoken && s.who.as_ref() == Some(k)))
        .collect();
    let [a, b] = speakers.as_slice() else { return };
    let (a, b) = ((*a).clone(), (*b).clone());
    for s in sents.iter_mut().filter(|s| s.spoken) {
        let (mut first, mut second) = (false, false);
        for w in words(&s.text) {
            match w.as_str() {
                "i" | "i'm" | "i've" | "i'll" | "i'd" | "me" | "my" | "mine" | "myself" | "we" | "we're" | "we've"
                | "our" | "us" => first = true,
                "you" | "your" | "you're" | "you've" | "yours" | "yourself" | "ya" => second = true,
                _ => {}
            }
        }
        // An assistant's "you" sentence is advice ("keep one long run a week for your knee"),
        // not a remark on what the person is or did: it stays the assistant's.
        let advice = s.who.as_deref() == Some("assistant");
        if second && !first && !advice {
            let other = if s.who.as_ref() == Some(&a) { &b } else { &a };
            s.who = Some(other.clone());
            s.heard = true;
        }
    }
}
