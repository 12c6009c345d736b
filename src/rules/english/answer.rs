//! Offline L2 tasks: the rule-based query plan, the short extractive answer, and a token-overlap judge.

use super::extractive::NOT_MENTIONED;
use crate::lexicon::Lexicon;
use crate::model::AnswerContext;
use crate::text::content_words;
use serde_json::json;
use std::collections::BTreeSet;

/// The planner reply: the rule-based plan of [`super::plan`], as the JSON list the planner prompt
/// asks for.
pub fn plan(lex: &Lexicon, question: &str) -> String {
    serde_json::to_string(&super::plan::plan(lex, question)).unwrap_or_else(|_| "[]".into())
}

/// The short answer of [`super::extractive::short_answer`], naming the item it rests on in a
/// last line `from: …`, or "not mentioned".
pub fn answer(person: &str, question: &str, context: &AnswerContext) -> String {
    let found = super::extractive::short_answer(question, context, person);
    if is_question(question) {
        return match found {
            None => NOT_MENTIONED.to_string(),
            // An answer with no support line (none to name) shows alone.
            Some((answer, support)) if support.is_empty() => answer,
            Some((answer, support)) => format!("{answer}\nfrom: {}", crate::text::clip(&support, 200)),
        };
    }
    // A statement in a chat is something to remember, not to answer: acknowledge it, and show
    // what the memory already holds on the subject.
    match found {
        None => "Noted; nothing in memory touches on that yet.".into(),
        Some((_, support)) => format!("Noted. Memory already holds: {support}"),
    }
}

/// Whether a message asks something: a question mark, or an opening question word.
fn is_question(message: &str) -> bool {
    use crate::rules::words::questions::ASKING_OPENERS as OPENERS;
    message.trim_end().ends_with('?')
        || crate::text::words(message)
            .next()
            .is_some_and(|w| OPENERS.contains(&w.as_str()))
}

/// The judge: CORRECT when most gold content words appear in the answer.
pub fn judge(gold: &str, answer: &str) -> String {
    let g: BTreeSet<String> = content_words(gold).into_iter().collect();
    let a: BTreeSet<String> = content_words(answer).into_iter().collect();
    let hit = g.intersection(&a).count();
    let label = if !g.is_empty() && hit * 2 >= g.len() {
        "CORRECT"
    } else {
        "WRONG"
    };
    json!({"label": label}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_are_acknowledged_and_questions_answered() {
        let context = &AnswerContext::from_rendered("# Conclusions\n- [habit] Alex goes climbing every Saturday.\n");
        assert_eq!(
            answer("Alex", "I went climbing again today.", &AnswerContext::default()),
            "Noted; nothing in memory touches on that yet."
        );
        assert!(
            answer("Alex", "Climbing again this Saturday, forearms are toast.", context)
                .starts_with("Noted. Memory already holds:")
        );
        assert!(answer("Alex", "When does Alex go climbing?", context).contains("every Saturday"));
    }
}
