//! The lexicon (`assets/lexicon.tsv`: word → base concept, sub-concept, general event) and the
//! first-person cue phrases (`assets/cues.tsv`), below both the model and retrieval: the offline
//! model classifies with it, segmentation and the planner expand words with it. Both files are
//! parsed once and matched on whole words; a trailing `*` matches any word starting with the stem.

mod idioms;
mod matcher;

use matcher::{Matcher, Span};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

/// One lexicon line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexEntry {
    /// The pattern as written.
    pub pattern: String,
    /// One of the 11 base concepts.
    pub base: String,
    /// Sub-concept.
    pub sub: String,
    /// General event.
    pub general: String,
    /// The word has a common sense outside this concept (`assets/senses.tsv`), so a setting
    /// plainly about something else can outvote it.
    pub polysemous: bool,
}

/// Sub-concepts whose general events are conditions a person has, not things they do.
const CONDITION_SUBS: &[&str] = &["Injury", "Medical Care", "Medical Conditions", "Symptoms"];
/// General events that are conditions under sub-concepts that also hold practices ("Mental
/// Health" holds Stress and Self-Care alike).
const CONDITIONS: &[&str] = &["Anxiety", "Burnout", "Depression", "Grief", "Stress", "Sleep Problems"];

impl LexEntry {
    /// Whether the entry names a condition ("Stress", "Knee Injury"), which no one enjoys,
    /// keeps up as a routine or plans around the way they do an activity.
    #[must_use]
    pub fn is_condition(&self) -> bool {
        CONDITION_SUBS.contains(&self.sub.as_str()) || CONDITIONS.contains(&self.general.as_str())
    }
}

/// What a first-person cue says about a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cue {
    /// A preference.
    Like,
    /// An aversion.
    Dislike,
    /// A habit.
    Habit,
    /// A plan.
    Plan,
    /// A change of behaviour.
    Change,
    /// A restriction.
    Constraint,
    /// An injury or illness.
    Injury,
    /// A reason.
    Reason,
    /// A feeling.
    Feeling,
}

impl Cue {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "like" => Self::Like,
            "dislike" => Self::Dislike,
            "habit" => Self::Habit,
            "plan" => Self::Plan,
            "change" => Self::Change,
            "constraint" => Self::Constraint,
            "injury" => Self::Injury,
            "reason" => Self::Reason,
            "feeling" => Self::Feeling,
            _ => return None,
        })
    }

    /// Changes, restrictions, injuries and reasons are salient: they seed Δ.
    #[must_use]
    pub fn is_salient(self) -> bool {
        matches!(self, Self::Change | Self::Constraint | Self::Injury | Self::Reason)
    }

    /// Restrictions and breaks with the past: what contradicts a habit.
    #[must_use]
    pub fn is_restrictive(self) -> bool {
        matches!(self, Self::Change | Self::Constraint | Self::Injury | Self::Dislike)
    }
}

/// A lexicon entry found in a text, with the words it covers: what the offline model needs to
/// read the words around it and tell which sense it is used in.
#[derive(Debug, Clone, Copy)]
pub struct Located<'a> {
    /// Index of its first word in [`crate::text::words`] of the text.
    pub at: usize,
    /// Words it covers.
    pub len: usize,
    /// The entry.
    pub entry: &'a LexEntry,
}

/// What the built-in lexicon found in the texts a thread read last. foldhash: every sentence
/// the offline model reads is looked up here, often twice.
type Seen<T> = RefCell<HashMap<Box<str>, Rc<[T]>, foldhash::fast::RandomState>>;

/// Texts remembered before the memory starts over.
const REMEMBERED: usize = 4096;

/// What `seen` holds for `text`, found and remembered if it holds nothing.
fn remembered<T>(seen: &Seen<T>, text: &str, find: impl FnOnce() -> Rc<[T]>) -> Rc<[T]> {
    if let Some(found) = seen.borrow().get(text) {
        return Rc::clone(found);
    }
    let found = find();
    let mut seen = seen.borrow_mut();
    if seen.len() >= REMEMBERED {
        seen.clear();
    }
    seen.insert(text.into(), Rc::clone(&found));
    found
}

/// Which of the lexicon's matchers a finding is from.
#[derive(Debug, Clone, Copy)]
enum Found {
    Entries,
    Cues,
}

/// The parsed lexicon and cues.
#[derive(Debug, Default)]
pub struct Lexicon {
    entries: Vec<LexEntry>,
    matcher: Matcher,
    cues: Vec<Cue>,
    cue_matcher: Matcher,
    by_general: HashMap<String, Vec<usize>>,
}

impl Lexicon {
    /// The lexicon shipped in `assets/`.
    pub fn builtin() -> &'static Self {
        static LEXICON: OnceLock<Lexicon> = OnceLock::new();
        LEXICON.get_or_init(|| {
            let mut lex = Self::parse(
                include_str!("../../assets/lexicon.tsv"),
                include_str!("../../assets/cues.tsv"),
            );
            lex.mark_polysemous(include_str!("../../assets/senses.tsv"));
            lex
        })
    }

    /// Marks the entries whose pattern `senses` lists (first column) as polysemous, and returns
    /// the listed patterns no entry has.
    pub fn mark_polysemous(&mut self, senses: &str) -> Vec<String> {
        let mut unknown = Vec::new();
        for line in senses
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let pattern = line.split('\t').next().unwrap_or_default().trim();
            let mut found = false;
            for e in self.entries.iter_mut().filter(|e| e.pattern == pattern) {
                e.polysemous = true;
                found = true;
            }
            if !found {
                unknown.push(pattern.to_string());
            }
        }
        unknown
    }

    /// Parses lexicon and cue text. Malformed lines are skipped: the files are ours and tested.
    #[must_use]
    pub fn parse(lexicon: &str, cues: &str) -> Self {
        let mut lex = Self::default();
        for line in lexicon
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let cols: Vec<&str> = line.split('\t').map(str::trim).collect();
            if let [pattern, base, sub, general] = cols[..] {
                let i = lex.entries.len();
                lex.entries.push(LexEntry {
                    pattern: pattern.into(),
                    base: base.into(),
                    sub: sub.into(),
                    general: general.into(),
                    polysemous: false,
                });
                lex.matcher.add(pattern, i);
                lex.by_general
                    .entry(crate::text::entity_key(general))
                    .or_default()
                    .push(i);
            }
        }
        for line in cues
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            if let Some((kind, phrase)) = line.split_once('\t')
                && let Some(cue) = Cue::parse(kind.trim())
            {
                lex.cue_matcher.add(phrase.trim(), lex.cues.len());
                lex.cues.push(cue);
            }
        }
        lex
    }

    /// Number of lexicon entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Every entry, in file order: the patterns filed under a sub-concept describe what it
    /// covers, which is how an open-vocabulary phrase is placed beside them.
    #[must_use]
    pub fn entries(&self) -> &[LexEntry] {
        &self.entries
    }

    /// Whether the lexicon is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Lexicon entries occurring in a text, in order of occurrence.
    pub fn matches(&self, text: &str) -> impl Iterator<Item = &LexEntry> {
        let found = self.found(text, Found::Entries);
        (0..found.len()).filter_map(move |k| found.get(k).and_then(|&i| self.entries.get(i)))
    }

    /// Lexicon entries occurring in a text with their places among the text's words, in order.
    #[must_use]
    pub fn located(&self, text: &str) -> Vec<Located<'_>> {
        self.entry_spans(text)
            .iter()
            .filter_map(|s| {
                self.entries.get(s.target).map(|entry| Located {
                    at: s.at,
                    len: s.len,
                    entry,
                })
            })
            .collect()
    }

    /// Where the entries occur in a text. The offline model reads a sentence's entries in place
    /// several times (a segment's setting, then each pass's clauses), so the built-in lexicon's
    /// spans are remembered per thread for the texts seen last, as [`Lexicon::found`] does.
    fn entry_spans(&self, text: &str) -> Rc<[Span]> {
        let find = || {
            let list = crate::text::WordList::of(text);
            Rc::<[Span]>::from(self.matcher.spans(&list.slices()))
        };
        if !std::ptr::eq(self, Self::builtin()) {
            return find();
        }
        thread_local! {
            static SPANS: Seen<Span> = RefCell::new(HashMap::default());
        }
        SPANS.with(|seen| remembered(seen, text, find))
    }

    /// Cues occurring in a text, deduplicated, in order.
    #[must_use]
    pub fn cues(&self, text: &str) -> Vec<Cue> {
        let mut out = Vec::new();
        for &i in self.found(text, Found::Cues).iter() {
            if !out.contains(&self.cues[i]) {
                out.push(self.cues[i]);
            }
        }
        // "I can't wait", "I have to find the sum", "it shouldn't matter": cues that restrict nothing.
        if out.contains(&Cue::Constraint)
            && let Some(plain) = idioms::without_free_constraints(text)
            && !self
                .found(&plain, Found::Cues)
                .iter()
                .any(|&i| self.cues[i] == Cue::Constraint)
        {
            out.retain(|c| *c != Cue::Constraint);
        }
        out
    }

    /// What `matcher` (or `cue_matcher`) finds in a text. The offline model looks at the same
    /// sentence several times while it writes one reply (segmentation, synthesis, extraction,
    /// the operators' texts), so the built-in lexicon's findings are remembered per thread for
    /// the texts seen last.
    fn found(&self, text: &str, what: Found) -> Rc<[usize]> {
        let find = || {
            let list = crate::text::WordList::of(text);
            let matcher = match what {
                Found::Entries => &self.matcher,
                Found::Cues => &self.cue_matcher,
            };
            Rc::<[usize]>::from(matcher.find(&list.slices()))
        };
        if !std::ptr::eq(self, Self::builtin()) {
            return find();
        }
        thread_local! {
            static ENTRIES: Seen<usize> = RefCell::new(HashMap::default());
            static CUES: Seen<usize> = RefCell::new(HashMap::default());
        }
        match what {
            Found::Entries => ENTRIES.with(|seen| remembered(seen, text, find)),
            Found::Cues => CUES.with(|seen| remembered(seen, text, find)),
        }
    }

    /// Whether a general event is a condition (see [`LexEntry::is_condition`]).
    #[must_use]
    pub fn names_condition(&self, general: &str) -> bool {
        self.by_general
            .get(&crate::text::entity_key(general))
            .into_iter()
            .flatten()
            .any(|i| self.entries.get(*i).is_some_and(LexEntry::is_condition))
    }

    /// Every pattern filed under a general event: its synonyms.
    pub fn synonyms(&self, general: &str) -> impl Iterator<Item = &str> {
        self.by_general
            .get(&crate::text::entity_key(general))
            .into_iter()
            .flatten()
            .map(|i| self.entries[*i].pattern.trim_end_matches('*'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Lexicon {
        Lexicon::parse(
            "# comment\nlift*\tHealth and Wellness\tFitness\tStrength Training\nbench press\tHealth and Wellness\tFitness\tStrength Training\nrun\tHealth and Wellness\tFitness\tRunning\n",
            "constraint\tno more\ninjury\thurt my\nlike\ti love\n",
        )
    }

    #[test]
    fn stems_phrases_and_whole_words_match() {
        let lex = small();
        let got: Vec<&str> = lex
            .matches("I love lifting and the bench press, not runway runs")
            .map(|e| e.general.as_str())
            .collect();
        assert_eq!(got, vec!["Strength Training", "Strength Training"]);
        assert_eq!(lex.matches("a run").count(), 1);
    }

    #[test]
    fn a_stem_shorter_than_the_head_test_still_matches() {
        let lex = Lexicon::parse(
            "ski*\tHealth and Wellness\tFitness\tSkiing\nlift*\tHealth and Wellness\tFitness\tStrength Training\n",
            "",
        );
        let got: Vec<&str> = lex
            .matches("Skiing, ski, sk, lifts, lif, liftoff")
            .map(|e| e.general.as_str())
            .collect();
        // "liftoff" only starts with the stem's letters: no lifting.
        assert_eq!(got, vec!["Skiing", "Skiing", "Strength Training"]);
        assert_eq!(small().matches("lif lift lifted").count(), 2);
    }

    #[test]
    fn cues_classify_sentences() {
        let lex = small();
        assert_eq!(
            lex.cues("I hurt my back, so no more lifting"),
            vec![Cue::Injury, Cue::Constraint]
        );
        assert!(lex.cues("I love it").contains(&Cue::Like));
        let builtin = Lexicon::builtin();
        for free in [
            "I can't wait to see the kids.",
            "Every time I see it, I can’t help but smile.",
            "Can't imagine my life without it.",
            "I couldn't believe how big it was.",
        ] {
            assert!(!builtin.cues(free).contains(&Cue::Constraint), "{free}");
        }
        for bound in [
            "I can't lift anything heavy for three months.",
            "I can't wait, but I can't run either.",
            "I'm not allowed to drive.",
        ] {
            assert!(builtin.cues(bound).contains(&Cue::Constraint), "{bound}");
        }
    }

    #[test]
    fn synonyms_come_from_one_general_event() {
        let lex = small();
        let syn: Vec<&str> = lex.synonyms("strength training").collect();
        assert_eq!(syn, vec!["lift", "bench press"]);
    }

    #[test]
    fn every_polysemous_pattern_is_a_lexicon_pattern() {
        let mut lex = Lexicon::parse(include_str!("../../assets/lexicon.tsv"), "");
        let unknown = lex.mark_polysemous(include_str!("../../assets/senses.tsv"));
        assert!(
            unknown.is_empty(),
            "senses.tsv lists patterns lexicon.tsv lacks: {unknown:?}"
        );
        assert!(
            Lexicon::builtin()
                .entries
                .iter()
                .any(|e| e.polysemous && e.pattern == "walk*")
        );
    }

    #[test]
    fn builtin_assets_parse_completely() {
        let lex = Lexicon::builtin();
        let lines = include_str!("../../assets/lexicon.tsv")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(lex.len(), lines, "every lexicon line has 4 columns");
        for e in &lex.entries {
            assert!(
                crate::memory::BASE_CONCEPTS.contains(&e.base.as_str()),
                "unknown base in {e:?}"
            );
        }
        let cue_lines = include_str!("../../assets/cues.tsv")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(lex.cues.len(), cue_lines, "every cue line has a known kind");
    }
}
