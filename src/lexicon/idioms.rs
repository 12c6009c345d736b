//! Constraint cues that restrict nothing, so they make no Δ `[constraint]`:
//! - "can't" that says how someone feels: "I can't wait", "can't help but smile", "couldn't
//!   believe it", "couldn't have done it without you";
//! - an obligation that is a step of a task: "I have to find the sum", "I need to debug the
//!   parser" (a restriction is "I have to avoid stairs", "I need to stay under $500");
//! - "shouldn't" with a thing as its subject, a forecast: "it shouldn't matter", "that
//!   shouldn't take long" (a restriction is "I shouldn't lift");
//! - anything inside quotation marks, someone else's words: "codec can't decode byte 0xff";
//! - an inability of a thing, not of a person: "the script is unable to connect", "if the PDF
//!   cannot be opened", "it can't find the module" (a restriction is "my knee can't take it");
//! - a span of time in a sentence that restricts nothing: "Bye for now", "I'll keep looking
//!   until I find it" (a restriction is "no running for now", "I'm off sugar until May").

/// Negations that open an idiom when one of [`FREE_VERBS`] follows ("can not" too, as two words).
const NEGATIONS: &[&str] = &["can't", "cannot", "couldn't"];
/// Verbs after which "can't" says how someone feels, not what they may do. Left out: "get",
/// "stand", "bear", which also restrict ("can't stand for long after the surgery").
const FREE_VERBS: &[&str] = &[
    "wait", "help", "imagine", "believe", "thank", "stop", "express", "describe", "tell", "complain", "argue", "deny",
    // "I can't agree more", "you can't beat a sunny day", "I couldn't resist".
    "agree", "beat", "resist",
];

/// Verbs of working a problem or a piece of code: after "have to" or "need to" they name the
/// next step of a task, not something the speaker may not do.
const TASK_VERBS: &[&str] = &[
    "find",
    "try",
    "model",
    "apply",
    "analyze",
    "analyse",
    "estimate",
    "design",
    "finalize",
    "finalise",
    "document",
    "calculate",
    "compute",
    "solve",
    "prove",
    "show",
    "determine",
    "figure",
    "evaluate",
    "simplify",
    "derive",
    "express",
    "identify",
    "convert",
    "plug",
    "substitute",
    "multiply",
    "divide",
    "subtract",
    "factor",
    "graph",
    "debug",
    "fix",
    "implement",
    "refactor",
    "install",
    "configure",
    "deploy",
    "parse",
    "update",
    "rewrite",
    "test",
    "verify",
    "check",
    "add",
    "write",
    "read",
    "learn",
    "understand",
    "review",
    "practice",
    "finish",
    "submit",
    "store",
    "integrate",
    "extract",
    "build",
    "create",
    "optimize",
    "optimise",
    "migrate",
    "load",
    "save",
    "generate",
    "train",
    "connect",
    "upload",
    "download",
    "encode",
    "decode",
    "plan",
    "research",
    "do",
    "go",
    "use",
    "fetch",
    "process",
    "provide",
    "call",
    "send",
    // What someone wants to learn, not what they may do: "that's what I needed to hear".
    "hear",
    "know",
    "sort",
    "filter",
    "merge",
    "compare",
    "import",
    "export",
    "define",
    "initialize",
    "initialise",
    "format",
    "validate",
    "render",
    "handle",
    "set",
    "figure",
    "make",
    "ensure",
    "confirm",
    "double-check",
    "correct",
    "redo",
    "repeat",
    "recalculate",
];
/// Words that restrict: with one of them in the sentence, a span of time bounds the restriction
/// ("no lifting for now", "I'm off coffee until May", "running is on hold for a while");
/// without one it bounds nothing ("Bye for now", "I'll keep looking until I find it").
const RESTRICTS: &[&str] = &[
    "no",
    "not",
    "never",
    "without",
    "avoid",
    "off",
    "hold",
    "pause",
    "paused",
    "break",
    "stop",
    "stopped",
    "quit",
    "skip",
    "only",
    "limit",
    "limited",
    "restricted",
    "careful",
    "rest",
    "banned",
    "allowed",
    "easy",
];

/// Whether a sentence says that something may not or cannot be done.
/// "Not sure" doubts and restricts nothing.
fn restricts(words: &[&str]) -> bool {
    let lower: Vec<String> = words.iter().map(|w| crate::text::token_word(w)).collect();
    lower.iter().enumerate().any(|(i, w)| {
        let doubt = lower
            .get(i + 1)
            .is_some_and(|n| matches!(n.as_str(), "sure" | "certain"));
        (w.ends_with("n't") || w == "cannot" || RESTRICTS.contains(&w.as_str())) && !doubt
    })
}

/// Words that make a subject someone's: with one of them before "can't", the inability is a
/// person's ("my knee can't take it", "the doctor says I can't").
const PERSONAL: &[&str] = &[
    "i", "i'm", "me", "my", "we", "we're", "our", "us", "you", "your", "he", "she", "they", "his", "her", "their",
];

/// Whether the words before position `at` make its negation a thing's: within five words of
/// its own clause, a determiner or a pronoun of things opens the subject ("the migration script
/// is unable", "it can't") before any person's word does ("my knee can't").
fn thing_subject(words: &[&str], at: usize) -> bool {
    for k in 1..=5 {
        let Some(w) = at.checked_sub(k).and_then(|j| words.get(j)) else {
            return false;
        };
        // A subject stands in the negation's own clause.
        if w.ends_with([',', ';', ':', '.', '!', '?']) {
            return false;
        }
        let w = crate::text::token_word(w);
        if PERSONAL.contains(&w.as_str()) {
            return false;
        }
        if THING_SUBJECTS.contains(&w.as_str()) || matches!(w.as_str(), "the" | "a" | "an") {
            return true;
        }
    }
    false
}

/// Things as subjects: "shouldn't" after them forecasts ("it shouldn't matter").
const THING_SUBJECTS: &[&str] = &["it", "that", "this", "which", "there", "these", "those"];

/// The text with every constraint cue that restricts nothing blanked out, or `None` when it has
/// none (so the cue stands as matched). Blanked words keep the text's other words and sentence
/// breaks.
pub(super) fn without_free_constraints(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower = crate::text::token_word;
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    let mut blanked = false;
    let mut quoted = false;
    let restriction = restricts(&words);
    let mut i = 0;
    while let Some(w) = words.get(i) {
        // Someone else's words in quotation marks (an error message: "codec can't decode")
        // restrict nothing the speaker does.
        let opens = w.starts_with(['"', '“']);
        let closes = w
            .trim_end_matches(|c: char| !c.is_alphanumeric() && !matches!(c, '"' | '”'))
            .ends_with(['"', '”']);
        if quoted || opens {
            out.push("…");
            blanked = true;
            quoted = !(closes && (quoted || w.chars().count() > 1));
            i += 1;
            continue;
        }
        let first = lower(w);
        let next = words.get(i + 1).map(|n| lower(n)).unwrap_or_default();
        // "can not" is two words; "cannot" and "can't" one.
        let (negation, verb_at) = if first == "can" && next == "not" {
            (true, i + 2)
        } else {
            (NEGATIONS.contains(&first.as_str()), i + 1)
        };
        let verb = words.get(verb_at).map(|v| lower(v)).unwrap_or_default();
        // "couldn't have done it without them", "couldn't be happier": what did not happen.
        let counterfactual = first == "couldn't" && matches!(verb.as_str(), "have" | "be");
        // "a limited number of results per page": a quantity, not a restriction.
        let quantity = first == "limited" && matches!(next.as_str(), "number" | "amount" | "range" | "edition");
        if quantity {
            out.push("…");
            blanked = true;
            i += 1;
            continue;
        }
        // "the script is unable to connect", "it can't find the module": a thing's failure.
        let unable = (negation || first == "unable") && thing_subject(&words, i);
        if negation && (FREE_VERBS.contains(&verb.as_str()) || counterfactual) || unable {
            out.push("…");
            blanked = true;
            i = verb_at;
            continue;
        }
        // "have to find", "need to debug", "has to solve": a step of the task at hand.
        let obligation = matches!(first.as_str(), "have" | "has" | "had" | "need" | "needs" | "needed") && next == "to";
        // "Bye for now", "until I find it": a span of time with nothing it bounds.
        let span =
            first == "until" || (first == "for" && matches!(next.as_str(), "now" | "a" | "two" | "three" | "six"));
        if span && !restriction {
            out.push("…");
            blanked = true;
            i += 1;
            continue;
        }
        let step = words.get(i + 2).map(|v| lower(v)).unwrap_or_default();
        if obligation && TASK_VERBS.contains(&step.as_str()) {
            out.push("…");
            blanked = true;
            i += 2;
            continue;
        }
        // "it shouldn't matter": a forecast about a thing.
        let previous = i
            .checked_sub(1)
            .and_then(|p| words.get(p))
            .map(|p| lower(p))
            .unwrap_or_default();
        let should_not = first == "shouldn't" || (first == "should" && next == "not");
        if should_not && THING_SUBJECTS.contains(&previous.as_str()) {
            out.push("…");
            blanked = true;
            i += if first == "should" { 2 } else { 1 };
            continue;
        }
        out.push(w);
        i += 1;
    }
    blanked.then(|| out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::without_free_constraints;

    #[test]
    fn only_idiomatic_cannots_are_blanked() {
        assert_eq!(
            without_free_constraints("I can't wait to go, but I can't run.").as_deref(),
            Some("I … wait to go, but I can't run.")
        );
        assert_eq!(
            without_free_constraints("I can not believe it").as_deref(),
            Some("I … believe it")
        );
        assert_eq!(without_free_constraints("I can't lift for a while."), None);
        assert_eq!(
            without_free_constraints("I couldn't have done it without them.").as_deref(),
            Some("I … have done it without them.")
        );
        assert_eq!(without_free_constraints("I can't have caffeine."), None);
        assert_eq!(without_free_constraints("Can you help me?"), None);
        assert_eq!(
            without_free_constraints("Then I have to find the sum of the series.").as_deref(),
            Some("Then I … find the sum of the series.")
        );
        assert_eq!(without_free_constraints("I have to avoid stairs for now."), None);
        assert_eq!(
            without_free_constraints("In the problem I had to correct the sign error.").as_deref(),
            Some("In the problem I … correct the sign error.")
        );
        assert_eq!(without_free_constraints("I need to stay under $500."), None);
        assert_eq!(
            without_free_constraints("The error is: \"codec can't decode byte 0xff\". I can't lift.").as_deref(),
            Some("The error is: … … … … … I can't lift.")
        );
        assert_eq!(
            without_free_constraints("I need to model the repayment as an arithmetic series.").as_deref(),
            Some("I … model the repayment as an arithmetic series.")
        );
        assert_eq!(
            without_free_constraints("As long as I keep it consistent, it shouldn't matter.").as_deref(),
            Some("As long as I keep it consistent, it … matter.")
        );
        assert_eq!(without_free_constraints("I shouldn't lift anything heavy."), None);
    }

    #[test]
    fn a_span_of_time_bounds_only_a_restriction() {
        assert_eq!(without_free_constraints("Bye for now.").as_deref(), Some("Bye … now."));
        assert_eq!(
            without_free_constraints("I'll keep looking until I find it.").as_deref(),
            Some("I'll keep looking … I find it.")
        );
        assert_eq!(without_free_constraints("No running for now, the physio says."), None);
        assert_eq!(without_free_constraints("I'm off coffee until May."), None);
        assert_eq!(
            without_free_constraints("I've used the old keys for a while, and I'm not sure what to change.").as_deref(),
            Some("I've used the old keys … a while, and I'm not sure what to change.")
        );
        assert_eq!(
            without_free_constraints("The API returns a limited number of results.").as_deref(),
            Some("The API returns a … number of results.")
        );
        assert_eq!(without_free_constraints("I can't lift for a few weeks."), None);
        assert_eq!(
            without_free_constraints("That's what I needed to hear.").as_deref(),
            Some("That's what I … hear.")
        );
        assert_eq!(
            without_free_constraints("Honestly, you can't beat a sunny morning.").as_deref(),
            Some("Honestly, you … beat a sunny morning.")
        );
    }

    #[test]
    fn a_thing_that_cannot_is_no_restriction_of_the_person() {
        assert_eq!(
            without_free_constraints("The migration script is unable to connect.").as_deref(),
            Some("The migration script is … to connect.")
        );
        assert_eq!(
            without_free_constraints("If the PDF is corrupted or cannot be opened, show an error.").as_deref(),
            Some("If the PDF is corrupted or … be opened, show an error.")
        );
        assert_eq!(without_free_constraints("My knee can't take the stairs."), None);
        assert_eq!(without_free_constraints("The doctor says I can't lift."), None);
        assert_eq!(without_free_constraints("I'm unable to walk far."), None);
        assert_eq!(
            without_free_constraints("Running a marathon next week, can't lift heavy."),
            None,
            "the thing before the comma is no subject"
        );
        assert_eq!(
            without_free_constraints("I need to use the put_object function.").as_deref(),
            Some("I … use the put_object function.")
        );
    }
}
