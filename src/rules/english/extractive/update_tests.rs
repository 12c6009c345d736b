//! Tests of answers a value or a date as it stands, a stemmer's split verb, a place that is
//! no language, what the assistant said and a price: each over a context written as text.

use super::*;
use crate::model::AnswerContext;

/// The answer over a context written as text, read into items as a test fixture is.
fn short_answer(question: &str, context: &str, person: &str) -> Option<(String, String)> {
    super::short_answer(question, &AnswerContext::from_rendered(context), person)
}

#[test]
fn a_date_moved_later_is_the_date_as_it_stands_though_said_in_fewer_words() {
    let ctx = "# Events\n## 10 May 2025\n- Tomás: We agreed on the price with my cousin. The deed signing is on June 18.\n## 2 June 2025\n- Tomás: The signing moved to July 2 because the notary is on holiday.\n";
    let got = short_answer("When is the deed signing?", ctx, "Tomás").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("2 July 2025"));
    // Asked how it was first planned, the first date stands.
    let got = short_answer("When was the deed signing originally planned?", ctx, "Tomás").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("18 June 2025"));
}

#[test]
fn a_verb_the_stemmer_splits_still_finds_its_past() {
    let ctx = "# Events\n## 12 January 2025\n- Tomás: My father died on January 3rd. I'm the executor.\n## 2 March 2025\n- Tomás: Clearing the flat I found my father's recipes.\n";
    let got = short_answer("When did my father die?", ctx, "Tomás").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("3 January 2025"));
}

#[test]
fn a_language_is_no_place() {
    let ctx = "# Events\n## 12 January 2025\n- Tomás: My father died on January 3rd. I have no idea where to start with his flat in Porto.\n## 2 March 2025\n- Tomás: Clearing my father's flat I found his recipes, all in Portuguese.\n";
    let got = short_answer("Where was my father's flat?", ctx, "Tomás").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("Porto"));
}

#[test]
fn a_question_about_what_the_assistant_said_is_answered_from_its_words() {
    let ctx = "# Events\n## 7 May 2025\n- User: Plaid webhooks sometimes arrive twice. How do I make the handler idempotent?\n- assistant: Store each webhook's id in a table with a unique constraint, so a duplicate fails the insert.\n";
    let got = short_answer("What did you suggest for the webhook duplicates?", ctx, "User").map(|(a, _)| a);
    assert!(
        got.as_deref().is_some_and(|a| a.contains("unique constraint")),
        "{got:?}"
    );
    assert!(question::asks_what_was_said_to(
        "Can you remind me what you recommended?"
    ));
    assert!(
        !question::asks_what_was_said_to("Can you tell me when my beta is?"),
        "a request, not a report"
    );
}

#[test]
fn a_value_raised_with_it_is_the_value_as_it_stands() {
    let ctx = "# Events\n## 9 April 2025\n- User: I set the rate limit on the API to 60 requests a minute per user.\n## 16 April 2025\n- User: Some testers hit the limit while syncing. I raised it to 200 requests a minute and added batching.\n";
    let got = short_answer("What is the rate limit on the API?", ctx, "User").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("200 requests a minute"));
}

#[test]
fn a_what_question_about_a_price_is_answered_with_the_sum() {
    let ctx = "# Events\n## 14 May 2025\n- User: I have about 8 months of savings. Is it realistic to charge 4 euros a month?\n";
    let got = short_answer("What do I charge per month?", ctx, "User").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("4 euros a month"));
}

#[test]
fn a_switch_away_answers_a_still_question_no() {
    let ctx = "# Events\n## 2 February 2025\n- Ines: The shop runs on Shopify with a theme I bought.\n## 9 June 2025\n- Ines: We switched from Shopify to WooCommerce because the fees kept rising.\n";
    let got = short_answer("Does Ines still use Shopify?", ctx, "Ines").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("No"));
    // Without "still", the question asks whether she ever did.
    let got = short_answer("Did Ines use Shopify?", ctx, "Ines").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("Yes"));
}

#[test]
fn an_assistants_advice_is_no_statement_of_the_persons() {
    let ctx = "# Events\n## 1 March 2025\n- User: My knee hurts after long runs, so I've cut back to 14 km for the long run.\n- assistant: Increase your weekly distance slowly and keep one long run a week.\n";
    let got = short_answer("What is my long run distance now?", ctx, "User").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("14 km"));
}

#[test]
fn a_question_about_my_relative_is_answered_from_sentences_about_them() {
    let ctx = "# Facts\n- [2 January 2025] Nadia lives in Ghent, so every visit is a train ride.\n# Events\n## 9 January 2025\n- Nadia: My mother has spent her whole life in Antwerp.\n";
    let got = short_answer("Where does my mother live?", ctx, "Nadia").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("Antwerp"));
    let got = short_answer("Where do I live?", ctx, "Nadia").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("Ghent"));
    // The place may be in the next sentence of the turn that names the relative.
    let ctx = "# Facts\n- [2 January 2025] Nadia lives in Ghent, so every visit is a train ride.\n# Events\n## 9 January 2025\n- Nadia: My mother was in hospital all week. Her flat in Antwerp is empty now.\n";
    let got = short_answer("Where does my mother live?", ctx, "Nadia").map(|(a, _)| a);
    assert_eq!(got.as_deref(), Some("Antwerp"));
}
