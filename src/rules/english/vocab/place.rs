//! Where a phrase belongs among the base concepts and their sub-concepts, judged by meaning: the
//! embedder (`embed::local`) compares it with each sub-concept's gloss, which is the
//! sub-concept's name followed by every lexicon pattern filed under it. The lexicon is then only
//! the prior that describes each sub-concept, never the list of what may be talked about.

use crate::rules::words::code::CODE_WORDS;
use crate::rules::words::nouns::NOT_FOR_PHRASES;

use crate::embed::{cosine, local};
use crate::lexicon::Lexicon;
use std::sync::OnceLock;

/// One sub-concept and the vector of its gloss.
pub(crate) struct Gloss {
    pub base: String,
    pub sub: String,
    vector: Vec<f32>,
    /// A general event's own gloss: it places phrases, but the sense rules weigh words against
    /// the sub-concepts alone, as they were written against.
    general: bool,
}

/// The built-in lexicon's sub-concepts, embedded once per process (about 90 short texts), and
/// beside each the general events it files under it with several patterns of their own. A
/// sub-concept gathers unlike things ("Education" holds school, exams and maths), whose mean
/// is near none of them; "geometric sequence" is near "Mathematics: algebra, calculus …".
fn glosses() -> &'static [Gloss] {
    static GLOSSES: OnceLock<Vec<Gloss>> = OnceLock::new();
    GLOSSES.get_or_init(|| {
        let mut groups: Vec<(String, String, Vec<String>)> = Vec::new();
        let mut generals: Vec<(String, String, String, Vec<String>)> = Vec::new();
        for e in Lexicon::builtin().entries() {
            let pattern = e.pattern.trim_end_matches('*').to_string();
            match groups.iter_mut().find(|(b, s, _)| *b == e.base && *s == e.sub) {
                Some((_, _, patterns)) => patterns.push(pattern.clone()),
                None => groups.push((e.base.clone(), e.sub.clone(), vec![pattern.clone()])),
            }
            // A word with a second sense ("work", "job") would pull the other sense's phrases in.
            if e.polysemous {
                continue;
            }
            match generals
                .iter_mut()
                .find(|(b, s, g, _)| *b == e.base && *s == e.sub && *g == e.general)
            {
                Some((_, _, _, patterns)) => patterns.push(pattern),
                None => generals.push((e.base.clone(), e.sub.clone(), e.general.clone(), vec![pattern])),
            }
        }
        let own = generals
            .into_iter()
            .filter(|(_, _, _, patterns)| patterns.len() >= GENERAL_GLOSS_PATTERNS)
            .map(|(base, sub, general, patterns)| {
                // A general event stands for its sub-concept, and is described as it is.
                let text = gloss_text(&general, &patterns, &base, &sub);
                (base, sub, text, true)
            });
        let mut glosses: Vec<Gloss> = groups
            .into_iter()
            .map(|(base, sub, patterns)| {
                let text = gloss_text(&sub, &patterns, &base, &sub);
                (base, sub, text, false)
            })
            .chain(own)
            .filter(|(_, sub, _, _)| !sub.is_empty())
            .map(|(base, sub, text, general)| Gloss {
                vector: unit(local(&text)),
                base,
                sub,
                general,
            })
            .collect();
        let centre = mean(glosses.iter().map(|g| g.vector.as_slice()));
        for g in &mut glosses {
            g.vector = centred(&g.vector, &centre);
        }
        CENTRE.get_or_init(|| centre);
        glosses
    })
}

/// A gloss: `name`, its lexicon patterns, and what `assets/glosses.tsv` says of its sub-concept.
fn gloss_text(name: &str, patterns: &[String], base: &str, sub: &str) -> String {
    let mut text = format!("{name}: {}", patterns.join(", "));
    if let Some(more) = described(base, sub) {
        text.push_str(", ");
        text.push_str(more);
    }
    text
}

/// The rows of `assets/glosses.tsv`: base concept, sub-concept, description.
fn descriptions() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    include_str!("../../../../assets/glosses.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?, cols.next()?, cols.next()?.trim()))
        })
}

/// What `assets/glosses.tsv` says a sub-concept is about beyond its lexicon patterns: the
/// lexicon lists the words of a person's life ("coding", "python"), and a sub-concept glossed by
/// those alone is far from the phrases of a coding chat ("POST request", "foreign key"), which
/// then fall to whatever gloss shares a word piece ("Job Offers: … new role").
fn described(base: &str, sub: &str) -> Option<&'static str> {
    descriptions()
        .find(|(b, s, _)| *b == base && *s == sub)
        .map(|(_, _, d)| d)
}

/// The fewest patterns that give a general event a gloss of its own beside its sub-concept's.
const GENERAL_GLOSS_PATTERNS: usize = 5;

/// How much nearer a general event's gloss must be than every sub-concept's to place a phrase.
const GENERAL_MARGIN: f32 = 0.1;

/// The mean of the glosses' unit vectors. Static embeddings share one large common direction,
/// so every text is near every gloss (0.5–0.8) and a gloss near that direction ("Personality")
/// attracts whatever is unfamiliar; comparing what is left after removing the mean compares
/// the texts' distinct meanings.
static CENTRE: OnceLock<Vec<f32>> = OnceLock::new();

fn mean<'a>(vectors: impl Iterator<Item = &'a [f32]>) -> Vec<f32> {
    let mut sum: Vec<f32> = Vec::new();
    let mut n = 0.0_f32;
    for v in vectors {
        if sum.is_empty() {
            sum = vec![0.0; v.len()];
        }
        sum.iter_mut().zip(v).for_each(|(s, x)| *s += x);
        n += 1.0;
    }
    if n > 0.0 {
        sum.iter_mut().for_each(|s| *s /= n);
    }
    sum
}

fn centred(v: &[f32], centre: &[f32]) -> Vec<f32> {
    if v.len() != centre.len() {
        return v.to_vec();
    }
    v.iter().zip(centre).map(|(x, c)| x - c).collect()
}

/// A text's unit vector with the glosses' centre removed, comparable with the glosses.
fn embed(text: &str) -> Vec<f32> {
    let _ = glosses();
    let v = unit(local(text));
    match CENTRE.get() {
        Some(c) => centred(&v, c),
        None => v,
    }
}

/// How a text compares with the sub-concepts: the nearest one, and by how much it beats the
/// nearest sub-concept under any other base concept (0 when it is the only base).
pub(crate) struct Nearest {
    pub gloss: &'static Gloss,
    pub cosine: f32,
    pub lead: f32,
}

fn nearest_to(v: &[f32]) -> Option<Nearest> {
    let scored: Vec<(f32, &'static Gloss)> = glosses().iter().map(|g| (cosine(v, &g.vector), g)).collect();
    let best_of = |general: bool| {
        scored
            .iter()
            .copied()
            .filter(|(_, g)| g.general == general)
            .max_by(|a, b| a.0.total_cmp(&b.0))
    };
    // A general event's gloss decides only when it is plainly nearer than every sub-concept's:
    // "geometric series" is far nearer "Mathematics" than anything, while a phrase about as
    // near a general as a sub-concept ("log messages") keeps the sub-concept's reading.
    let (best, gloss) = match (best_of(false), best_of(true)) {
        (Some(sub), Some(general)) if general.0 >= sub.0 + GENERAL_MARGIN => general,
        (Some(sub), _) => sub,
        (None, general) => general?,
    };
    if best <= 0.0 {
        return None;
    }
    let runner_up = scored
        .iter()
        .filter(|(_, g)| !g.general && g.base != gloss.base)
        .map(|(c, _)| *c)
        .fold(0.0_f32, f32::max);
    Some(Nearest {
        gloss,
        cosine: best,
        lead: best - runner_up,
    })
}

/// How much nearer a text is to the sub-concept `(base, sub)` than to the nearest sub-concept
/// of another base: negative when another base's sub-concept is nearer.
pub(crate) fn lead_of(text: &str, base: &str, sub: &str) -> f32 {
    let v = embed(text);
    let own = glosses()
        .iter()
        .filter(|g| !g.general && g.base == base && (sub.is_empty() || g.sub == sub))
        .map(|g| cosine(&v, &g.vector))
        .fold(f32::MIN, f32::max);
    let other = glosses()
        .iter()
        .filter(|g| !g.general && g.base != base)
        .map(|g| cosine(&v, &g.vector))
        .fold(0.0_f32, f32::max);
    if own == f32::MIN { 0.0 } else { own - other }
}

/// The content words from which a passage the lexicon barely hears counts as about something
/// it does not list, and the fewest content words per lexicon word that makes it so.
const UNLISTED_WORDS: usize = 20;
const UNLISTED_RATE: usize = 30;
/// The words of one other base concept that make a passage plainly about it, and the content
/// words from which 2 do.
const DOMINANT: usize = 4;
const LONG_WORDS: usize = 30;

/// What a passage (a segment's prose) is about: how many of its words the lexicon files under
/// each base concept. It decides whether the words beside a lexicon match may take it out of its
/// sense: in a maths lesson "exercises" are homework, at the gym they are a workout. Counting the
/// lexicon's words beats the embedder here, which puts any chat near traits and relationships.
pub(crate) struct Setting {
    /// (base, general event) of every lexicon word in the passage.
    votes: Vec<(String, String)>,
    /// Content words in the passage.
    words: usize,
    /// Whether it speaks of code (see [`Setting::about_code`]).
    code: bool,
    /// Whether it speaks of moving house (see [`Setting::about_moving`]).
    moving: bool,
}

/// Words of moving house.
const MOVING_HOUSE: &[&str] = &[
    "move",
    "moving",
    "movers",
    "boxes",
    "relocation",
    "relocating",
    "lease",
    "apartment",
];

/// Different words of software that make a passage one about code: one may be said in passing
/// ("the app", "a package"); three are a conversation about software.
const CODE_SETTING: usize = 3;

/// Whether a passage names [`CODE_SETTING`] different words of software.
fn speaks_of_code(text: &str) -> bool {
    let mut seen: Vec<&'static str> = Vec::new();
    for w in crate::text::words(text) {
        if let Some(code) = CODE_WORDS.iter().find(|c| **c == w)
            && !seen.contains(code)
        {
            seen.push(code);
            if seen.len() >= CODE_SETTING {
                return true;
            }
        }
    }
    false
}

impl Setting {
    /// The setting of a passage. Entity and relation extraction read the same segment's prose
    /// one after the other, so the last passage's setting is remembered (per thread).
    pub(crate) fn of(text: &str) -> std::rc::Rc<Self> {
        type Last = std::cell::RefCell<Option<(Box<str>, std::rc::Rc<Setting>)>>;
        thread_local! {
            static LAST: Last = const { std::cell::RefCell::new(None) };
        }
        LAST.with(|last| {
            if let Some((seen, setting)) = &*last.borrow()
                && **seen == *text
            {
                return std::rc::Rc::clone(setting);
            }
            let setting = std::rc::Rc::new(Self::read(text));
            *last.borrow_mut() = Some((text.into(), std::rc::Rc::clone(&setting)));
            setting
        })
    }

    /// The setting of a person's words in an exchange: that of [`Setting::of`] their words,
    /// about code as well where a reply they got shows code. "What happens if I hit the limit
    /// during actual operation?" names no software, but the answer it gets (a code block that
    /// retries the API call) shows the exchange is about a program, so its "operation" is the
    /// program's. A reply is read as showing code only with a fenced block in it and words of
    /// software: advice on a fire safety plan also says "install", "test" and "implementation".
    pub(crate) fn in_exchange(own: &str, replies: &str) -> std::rc::Rc<Self> {
        let setting = Self::of(own);
        if setting.code || !replies.contains("```") || !speaks_of_code(replies) {
            return setting;
        }
        std::rc::Rc::new(Self {
            votes: setting.votes.clone(),
            words: setting.words,
            code: true,
            moving: setting.moving,
        })
    }

    fn read(text: &str) -> Self {
        let lex = crate::lexicon::Lexicon::builtin();
        // A word with a common second sense does not vouch for either.
        let votes = crate::text::sentences(text)
            .iter()
            .flat_map(|s| lex.located(s))
            .filter(|f| !f.entry.polysemous)
            .map(|f| (f.entry.base.clone(), f.entry.general.clone()))
            .collect();
        let words = crate::text::words(text)
            .filter(|w| !crate::text::is_stopword(w))
            .count();
        Setting {
            votes,
            words,
            code: speaks_of_code(text),
            moving: crate::text::words(text).any(|w| MOVING_HOUSE.contains(&w.as_str())),
        }
    }

    /// How many of the passage's lexicon words are of `base` and of a general event `general`
    /// accepts.
    pub(crate) fn votes_for(&self, base: &str, general: impl Fn(&str) -> bool) -> usize {
        self.votes.iter().filter(|(b, g)| b == base && general(g)).count()
    }

    /// Whether the passage speaks of moving house ("the move on June 28", "the movers", "a new
    /// apartment"): packing there fills boxes, not a suitcase.
    pub(crate) fn about_moving(&self) -> bool {
        self.moving
    }

    /// Whether the passage speaks of code: it names [`CODE_SETTING`] different words of
    /// software ("the API", "my script", "the Docker container"). There, as in a sentence about
    /// code, a word with a common technical sense ("run", "operation") is taken in it.
    pub(crate) fn about_code(&self) -> bool {
        self.code
    }

    /// Whether the passage is plainly about another base concept than `base`: none of its words
    /// is filed under `base`, and either another base has at least `DOMINANT` (2 in a long
    /// passage) or the passage is about something the lexicon does not list. There a word with a
    /// common second sense is taken in that sense unless its own clause speaks for the filed one.
    pub(crate) fn plainly_elsewhere(&self, base: &str) -> bool {
        // One pass: there are 11 bases however long the passage.
        let mut tally: Vec<(&str, usize)> = Vec::new();
        for (b, _) in &self.votes {
            match tally.iter_mut().find(|(t, _)| t == b) {
                Some((_, n)) => *n += 1,
                None => tally.push((b, 1)),
            }
        }
        let own = tally.iter().find(|(b, _)| *b == base).map_or(0, |(_, n)| *n);
        let most = tally.iter().map(|(_, n)| *n).max().unwrap_or(0);
        // A long passage in which the lexicon hears almost nothing of a person's life is about
        // something it does not list (a proof, a deployment): plainly not about `base` either.
        let unlisted = self.words >= UNLISTED_WORDS && self.votes.len().saturating_mul(UNLISTED_RATE) < self.words;
        own == 0 && (unlisted || most >= DOMINANT || (most >= 2 && self.words >= LONG_WORDS))
    }

    /// Whether the passage holds more words of another base concept than of `base`, not
    /// counting `general` itself: a word does not vouch for its own sense, so a maths lesson that
    /// keeps "writing" formulas does not become a writing class by saying it often.
    pub(crate) fn leans_from(&self, base: &str, general: &str) -> bool {
        let mut tally: Vec<(&str, usize)> = Vec::new();
        for (b, g) in &self.votes {
            if b == base && g == general {
                continue;
            }
            match tally.iter_mut().find(|(t, _)| t == b) {
                Some((_, n)) => *n += 1,
                None => tally.push((b, 1)),
            }
        }
        let own = tally.iter().find(|(b, _)| *b == base).map_or(0, |(_, n)| *n);
        tally.iter().any(|(b, n)| *b != base && *n > own)
    }
}

/// The sub-concept of software and its making.
const TECHNICAL: (&str, &str) = ("Work and Study", "Technical Skills");

/// The least centred cosine at which a phrase is filed under a sub-concept; below it the phrase
/// is near nothing in particular.
pub(crate) const PLACE_FLOOR: f32 = 0.3;
/// How far a phrase must lead the nearest sub-concept of any other base to be filed: a phrase
/// about as near "Work and Study" as "Dining" is not filed by meaning at all.
pub(crate) const PLACE_LEAD: f32 = 0.05;

/// The (base, sub-concept) a phrase belongs under, judged on the phrase and, more lightly, the
/// sentence it was said in and the person's words around it. A technical name ("Hetzner",
/// "PyMuPDF") is placed by its setting alone: its word pieces mean nothing.
pub(crate) fn place(
    phrase: &str,
    sentence: &str,
    setting: &str,
    technical: bool,
) -> Option<(&'static str, &'static str)> {
    let p = if technical { Vec::new() } else { embed(phrase) };
    let s = embed(sentence);
    let t = if setting.trim().is_empty() {
        Vec::new()
    } else {
        embed(setting)
    };
    let at = |v: &[f32], i: usize| v.get(i).copied().unwrap_or(0.0);
    let mixed: Vec<f32> = (0..s.len()).map(|i| at(&p, i) + 0.5 * at(&s, i) + at(&t, i)).collect();
    // In a sentence about code ("the API", "this function"), what a phrase names is part of the
    // software: "POST request" there is no job post (the embedder hears "Job Offers"), and
    // "memory footprint" no personal goal. It goes under Technical Skills when that is near at all.
    let code =
        super::machine::code_sentence(&crate::text::words(sentence).collect::<Vec<_>>()) || speaks_of_code(setting);
    if code
        && glosses()
            .iter()
            .filter(|g| g.base == TECHNICAL.0 && g.sub == TECHNICAL.1)
            .any(|g| cosine(&mixed, &g.vector) >= PLACE_FLOOR)
    {
        return Some(TECHNICAL);
    }
    // A name written as software is written ("Fly.io", "TestFlight") among any word of
    // software is one, wherever the embedder would put the rest of the passage.
    if technical && crate::text::words(setting).any(|w| CODE_WORDS.contains(&w.as_str())) {
        return Some(TECHNICAL);
    }
    let n = nearest_to(&mixed)?;
    let filed = n.cosine >= PLACE_FLOOR && n.lead >= PLACE_LEAD && !NOT_FOR_PHRASES.contains(&n.gloss.sub.as_str());
    filed.then_some((n.gloss.base.as_str(), n.gloss.sub.as_str()))
}

/// A vector scaled to length 1 (a zero vector stays zero), so two texts mix by their directions.
fn unit(mut v: Vec<f32>) -> Vec<f32> {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter_mut().for_each(|x| *x /= n);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::descriptions;
    use crate::lexicon::Lexicon;

    #[test]
    fn every_description_names_a_sub_concept_the_lexicon_files_under() {
        let text = include_str!("../../../../assets/glosses.tsv");
        let rows = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        let read: Vec<_> = descriptions().collect();
        assert_eq!(read.len(), rows, "a row of assets/glosses.tsv lacks a column");
        for (base, sub, description) in read {
            assert!(
                Lexicon::builtin()
                    .entries()
                    .iter()
                    .any(|e| e.base == base && e.sub == sub),
                "assets/glosses.tsv: no sub-concept {base} / {sub} in the lexicon"
            );
            assert!(!description.is_empty(), "{base} / {sub}");
        }
    }
}
