//! The offline model's query planner (`Task::Plan`): a question becomes `{name, retrieve}` items by
//! rules, following the planner prompt's stages: content words and proper nouns as text keywords,
//! lexicon synonyms and concept folders, dates decomposed into `YYYY-MM-DD`, `YYYY-MM` and `YYYY`,
//! and intent words mapped to layers. An LLM writes the same items, parsed by `parse::parse_plan`.

use crate::rules::words::questions::LOW_VALUE;

use crate::lexicon::Lexicon;
use crate::model::parse::{PlanItem, Retrieve};
use crate::text::{is_stopword, words};
use crate::time::Timestamp;

/// Intent words → layers (planner prompt, stage 2).
const INTENTS: &[(&str, Retrieve)] = &[
    ("summary", Retrieve::Summary),
    ("summarize", Retrieve::Summary),
    ("overall", Retrieve::Summary),
    ("general", Retrieve::Summary),
    ("describe", Retrieve::Summary),
    ("personality", Retrieve::Summary),
    ("traits", Retrieve::Summary),
    ("kind", Retrieve::Summary),
    ("why", Retrieve::Inference),
    ("reason", Retrieve::Inference),
    ("reasons", Retrieve::Inference),
    ("relationship", Retrieve::Inference),
    ("because", Retrieve::Inference),
    ("feel", Retrieve::Inference),
    ("motivated", Retrieve::Inference),
    ("inspired", Retrieve::Inference),
    ("change", Retrieve::Inference),
    ("changed", Retrieve::Inference),
    ("what", Retrieve::Conclusions),
    ("which", Retrieve::Conclusions),
    ("confirm", Retrieve::Conclusions),
    ("does", Retrieve::Conclusions),
    ("prefer", Retrieve::Conclusions),
    ("favorite", Retrieve::Conclusions),
    ("favourite", Retrieve::Conclusions),
    ("would", Retrieve::Conclusions),
    ("likely", Retrieve::Conclusions),
    ("when", Retrieve::History),
    ("recall", Retrieve::History),
    ("happened", Retrieve::History),
    ("last", Retrieve::History),
    ("did", Retrieve::History),
    ("ago", Retrieve::History),
    ("first", Retrieve::History),
    ("before", Retrieve::History),
    ("after", Retrieve::History),
    ("during", Retrieve::History),
    ("date", Retrieve::History),
    ("year", Retrieve::History),
    ("month", Retrieve::History),
    ("week", Retrieve::History),
];

/// The rule-based plan for a question.
#[must_use]
pub fn plan(lex: &Lexicon, question: &str) -> Vec<PlanItem> {
    let layers = intent_layers(question);
    let mut items: Vec<PlanItem> = Vec::new();
    let push = |items: &mut Vec<PlanItem>, name: &str, retrieve: &[Retrieve]| {
        let key = name.to_lowercase();
        if let Some(existing) = items.iter_mut().find(|i| i.name.to_lowercase() == key) {
            for l in retrieve {
                if !existing.retrieve.contains(l) {
                    existing.retrieve.push(l.clone());
                }
            }
        } else {
            items.push(PlanItem {
                name: name.to_string(),
                retrieve: retrieve.to_vec(),
            });
        }
    };
    // A dotted name ("Fly.io", "Node.js") is one name, kept whole and never read for its words:
    // "fly" in "Fly.io" is no flight.
    for name in question.split_whitespace().filter(|t| crate::text::is_dotted_name(t)) {
        push(&mut items, name.trim_matches(|c: char| !c.is_alphanumeric()), &[]);
    }
    let masked = super::extract::without_dotted_names(question);
    let question: &str = &masked;
    // (A) content words; proper nouns as written, never expanded.
    for (i, raw) in question
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let w = raw.trim_matches(|c| c == '\'' || c == '-');
        let lower = w.to_lowercase();
        let lower = lower.strip_suffix("'s").unwrap_or(&lower);
        if lower.len() < 2
            || is_stopword(lower)
            || LOW_VALUE.contains(&lower)
            || INTENTS.iter().any(|(k, _)| *k == lower)
        {
            continue;
        }
        let proper = i > 0 && w.chars().next().is_some_and(char::is_uppercase);
        let name = if proper {
            w.strip_suffix("'s").unwrap_or(w)
        } else {
            lower
        };
        push(&mut items, name, &[]);
    }
    // (B) dates, decomposed.
    for d in dates(question) {
        push(&mut items, &d, &[]);
    }
    // (C) lexicon: general events and sub-concepts are graph targets; their patterns are synonyms.
    let mut elite = 0;
    for e in lex.matches(question) {
        for name in [&e.general, &e.sub] {
            push(&mut items, name, &layers);
            elite += 1;
        }
        if layers.contains(&Retrieve::Summary) {
            push(&mut items, &e.base, &[Retrieve::Summary]);
        }
        for syn in lex.synonyms(&e.general).take(6) {
            push(&mut items, syn, &[]);
        }
    }
    // Without a lexicon concept, the longest plain content words become the graph targets.
    if elite == 0 {
        let mut plain: Vec<String> = items
            .iter()
            .filter(|i| i.name.chars().all(|c| c.is_lowercase() || c == '\'' || c == '-'))
            .map(|i| i.name.clone())
            .collect();
        plain.sort_by_key(|n| std::cmp::Reverse(n.len()));
        for n in plain.into_iter().take(2) {
            push(&mut items, &n, &layers);
        }
    }
    items
}

/// Layers the question's intent words ask for; `conclusions` when none does.
#[must_use]
pub fn intent_layers(question: &str) -> Vec<Retrieve> {
    let toks: Vec<String> = words(question).collect();
    let mut out: Vec<Retrieve> = Vec::new();
    for layer in Retrieve::ALL {
        if INTENTS.iter().any(|(w, l)| *l == layer && toks.iter().any(|t| t == w)) {
            out.push(layer);
        }
    }
    if out.is_empty() {
        out.push(Retrieve::Conclusions);
    }
    out
}

/// Every absolute date in a text, as written plus `YYYY-MM-DD`, `YYYY-MM` and `YYYY` (as far as
/// the text gives them). Recognises "7 May 2023", "May 7, 2023", "2023-05-07", "May 2023" and
/// a bare year.
#[must_use]
pub fn dates(text: &str) -> Vec<String> {
    let toks: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || c == '-')))
        .filter(|t| !t.is_empty())
        .collect();
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    let day = |t: &str| {
        let t = t.trim_end_matches(|c: char| c.is_alphabetic());
        t.parse::<u32>().ok().filter(|d| (1..=31).contains(d))
    };
    let year = |t: &str| t.parse::<i64>().ok().filter(|y| (1900..=2100).contains(y));
    let mut used = vec![false; toks.len()];
    for (i, t) in toks.iter().enumerate() {
        if let Some(ts) = iso_date(t) {
            let (y, m, d) = ts.civil();
            push((*t).to_string());
            push(format!("{y:04}-{m:02}-{d:02}"));
            push(format!("{y:04}-{m:02}"));
            push(format!("{y:04}"));
            used[i] = true;
            continue;
        }
        let Some(m) = Timestamp::month_from_name(t).filter(|_| t.len() >= 3 && t.chars().all(char::is_alphabetic))
        else {
            continue;
        };
        let before = i.checked_sub(1).and_then(|j| day(toks[j]).map(|d| (j, d)));
        let after_day = toks.get(i + 1).and_then(|t| day(t)).map(|d| (i + 1, d));
        let (d, y_at) = match (before, after_day) {
            (Some((_, d)), _) => (Some(d), i + 1),
            (None, Some((j, d))) if toks.get(j + 1).and_then(|t| year(t)).is_some() => (Some(d), j + 1),
            _ => (None, i + 1),
        };
        let Some(y) = toks.get(y_at).and_then(|t| year(t)) else {
            continue;
        };
        used[y_at] = true;
        let month_name = Timestamp::month_name(i8::try_from(m).unwrap_or(1));
        match d {
            Some(d) => {
                push(format!("{d} {month_name} {y}"));
                push(format!("{y:04}-{m:02}-{d:02}"));
            }
            None => push(format!("{month_name} {y}")),
        }
        push(format!("{y:04}-{m:02}"));
        push(format!("{y:04}"));
    }
    for (i, t) in toks.iter().enumerate() {
        if !used[i]
            && let Some(y) = year(t)
        {
            push(format!("{y:04}"));
        }
    }
    out
}

fn iso_date(t: &str) -> Option<Timestamp> {
    Timestamp::parse_rfc3339(&format!("{}T00:00:00Z", t.get(..10)?)).filter(|_| t.len() == 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(items: &[PlanItem]) -> Vec<&str> {
        items.iter().map(|i| i.name.as_str()).collect()
    }

    fn layers_of<'a>(items: &'a [PlanItem], name: &str) -> Vec<&'a str> {
        items
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.retrieve.iter().map(Retrieve::as_str).collect())
            .unwrap_or_default()
    }

    #[test]
    fn dated_questions_decompose_every_date() {
        assert_eq!(
            dates("the week before 9 June 2023"),
            vec!["9 June 2023", "2023-06-09", "2023-06", "2023"]
        );
        assert_eq!(
            dates("on May 7, 2023?"),
            vec!["7 May 2023", "2023-05-07", "2023-05", "2023"]
        );
        assert_eq!(dates("in 2022-12-01"), vec!["2022-12-01", "2022-12", "2022"]);
        assert_eq!(
            dates("back in March 2021 and 2019"),
            vec!["March 2021", "2021-03", "2021", "2019"]
        );
        let p = plan(Lexicon::builtin(), "What did Caroline paint on 7 May 2023?");
        let n = names(&p);
        for want in ["Caroline", "paint", "7 May 2023", "2023-05-07", "2023-05", "2023"] {
            assert!(n.contains(&want), "{want} missing from {n:?}");
        }
        assert!(
            !n.contains(&"what") && !n.contains(&"did"),
            "low-value words are dropped: {n:?}"
        );
    }

    #[test]
    fn why_questions_ask_for_inference() {
        let p = plan(Lexicon::builtin(), "Why did Alex stop running?");
        assert!(intent_layers("Why did Alex stop running?").contains(&Retrieve::Inference));
        let elite: Vec<&PlanItem> = p.iter().filter(|i| !i.retrieve.is_empty()).collect();
        assert!(!elite.is_empty(), "{p:?}");
        assert!(elite.iter().all(|i| i.retrieve.contains(&Retrieve::Inference)), "{p:?}");
        assert!(layers_of(&p, "Alex").is_empty(), "proper nouns are text-only");
    }

    #[test]
    fn summary_questions_ask_for_summary_and_folders() {
        let layers = intent_layers("Give me an overall summary of Alex's fitness");
        assert_eq!(layers, vec![Retrieve::Summary]);
        let p = plan(
            Lexicon::builtin(),
            "What kind of person is Alex overall when it comes to running?",
        );
        assert!(p.iter().any(|i| i.retrieve.contains(&Retrieve::Summary)), "{p:?}");
    }

    #[test]
    fn a_dotted_name_is_one_keyword_and_no_lexicon_word() {
        let items = plan(Lexicon::builtin(), "Do we still deploy on Fly.io?");
        let names = names(&items);
        assert!(names.contains(&"Fly.io"), "{names:?}");
        assert!(!names.iter().any(|n| n.to_lowercase().contains("flight")), "{names:?}");
    }

    #[test]
    fn recall_questions_ask_for_history_with_synonyms() {
        let p = plan(Lexicon::builtin(), "When did Melanie go camping with her family?");
        assert!(intent_layers("When did Melanie go camping?").contains(&Retrieve::History));
        assert!(p.iter().any(|i| i.retrieve.contains(&Retrieve::History)), "{p:?}");
        assert!(names(&p).contains(&"Melanie") && names(&p).contains(&"camping"));
        assert!(p.len() > 4, "synonyms and folders are added: {p:?}");
    }
}
