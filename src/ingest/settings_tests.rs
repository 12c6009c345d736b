//! Tests of the settings and versions a turn states, on sentences written for the purpose.

use super::*;

fn got(text: &str) -> Vec<(Slot, String, String)> {
    stated(text)
}

fn setting(w: &str, v: &str) -> (Slot, String, String) {
    (Slot::Setting, w.into(), v.into())
}

#[test]
fn a_value_ends_before_a_word_of_time() {
    assert_eq!(
        got("I raised the upload size to 4MB yesterday."),
        vec![setting("upload size", "4MB")]
    );
    assert_eq!(
        got("I set the image size limit to 120MB right now."),
        vec![setting("image size limit", "120MB")]
    );
}

#[test]
fn a_setting_s_name_keeps_its_capitals() {
    assert_eq!(
        got("I increased my Roth IRA contributions to $300 monthly."),
        vec![setting("Roth IRA contributions", "$300 monthly")]
    );
}

#[test]
fn a_change_verb_sets_the_new_value() {
    assert_eq!(
        got("I set the rate limit to 100 requests per minute with Flask-Limiter."),
        vec![setting("rate limit", "100 requests per minute")]
    );
    assert_eq!(
        got("Yesterday I raised the limit from 100 to 120 requests per minute, it works."),
        vec![setting("limit", "120 requests per minute")]
    );
    assert_eq!(
        got("We cut our monthly budget to $400 a month after the move."),
        vec![setting("monthly budget", "$400 a month")]
    );
    assert_eq!(
        got("I've reduced my error rate from 3 errors in 10 problems to 1 error in 15 problems."),
        vec![setting("error rate", "1 error in 15 problems")]
    );
    assert_eq!(
        got("I raised my hit rate to 9 out of 10 shots this week."),
        vec![setting("hit rate", "9 out of 10 shots")]
    );
    assert_eq!(
        got("I've adjusted my work hours to 9 AM-5 PM and added evening walks."),
        vec![setting("work hours", "9 AM-5 PM")]
    );
    assert_eq!(
        got("So I've changed my work hours to 8:30 AM\u{2013}4:30 PM, but I'm not sure yet."),
        vec![setting("work hours", "8:30 AM\u{2013}4:30 PM")]
    );
    assert_eq!(
        got("I moved the standup to 9:15 tomorrow."),
        vec![setting("standup", "9:15")]
    );
    assert_eq!(
        got("I moved the daily backup to 11 pm, after the batch jobs."),
        vec![setting("daily backup", "11 pm")]
    );
    assert_eq!(
        got("I raised the upload limit to 100 in 2024."),
        vec![setting("upload limit", "100")]
    );
    assert_eq!(
        got("I increased my monthly savings to $1,000 starting in October."),
        vec![setting("monthly savings", "$1,000")]
    );
}

#[test]
fn a_copula_or_a_measure_noun_states_a_value() {
    assert_eq!(
        got("My budget is $500 a month."),
        vec![setting("budget", "$500 a month")]
    );
    assert_eq!(
        got("I want to redo the kitchen but my budget is only £12,000."),
        vec![setting("budget", "£12,000")]
    );
    assert_eq!(
        got("Our budget is around 6000 dollars for both of us."),
        vec![setting("budget", "around 6000 dollars")]
    );
    assert_eq!(
        got("Our timeout is now set to 30 seconds for the login endpoint."),
        vec![setting("timeout", "30 seconds")]
    );
    assert_eq!(
        got("I want to keep my homework completion rate of 92% this term."),
        vec![setting("homework completion rate", "92%")]
    );
    assert!(got("I met a group of 5 friends.").is_empty());
    assert!(got("I think the common ratio is 3 and the sum is 242.").is_empty());
    assert!(got("I got \\frac{4}{1-0.3} 5.714 as my answer.").is_empty());
    assert!(got("I want to assign a weight of 0.6 to skills and 0.3 to titles.").is_empty());
    assert_eq!(
        got("I'm updating my API for the new rate limit of 120 requests per minute."),
        vec![setting("rate limit", "120 requests per minute")]
    );
    assert_eq!(
        got("I've configured the limiter to allow 100 requests per minute."),
        vec![setting("limiter", "100 requests per minute")]
    );
}

#[test]
fn versions_of_named_software_the_person_uses() {
    let g = got("I've decided to use spaCy v3.5 for NLP, Flask 2.2 for the web, and PyMuPDF 1.22.0 for parsing.");
    assert_eq!(
        g,
        vec![
            (Slot::Version, "spaCy".into(), "v3.5".into()),
            (Slot::Version, "Flask".into(), "2.2".into()),
            (Slot::Version, "PyMuPDF".into(), "1.22.0".into()),
        ]
    );
    assert!(got("I ran it and it took 2.5 hours.").is_empty());
    assert!(got("Should I use Flask 2.2?").is_empty(), "a question states nothing");
}

#[test]
fn a_kind_of_software_takes_its_name_from_the_words_before_it() {
    let v = |n: &str, v: &str| vec![(Slot::Version, n.to_string(), v.to_string())];
    assert_eq!(
        got("I'm using the requests library v2.28.2 for the HTTP calls."),
        v("requests", "v2.28.2")
    );
    assert_eq!(
        got("I've been using React Native v0.71 for the app."),
        v("React Native", "v0.71")
    );
    assert_eq!(
        got("I'm using the Facebook Graph API v12.0 from my backend."),
        v("Facebook Graph API", "v12.0")
    );
    assert_eq!(got("I'm using the Tweepy library v4.12.1 now."), v("Tweepy", "v4.12.1"));
    assert_eq!(
        got("I'm using the Facebook Graph API version 12.0 today."),
        v("Facebook Graph API", "12.0")
    );
    assert_eq!(
        got("I'm using Hugging Face transformers v4.26.1 for it."),
        v("transformers", "v4.26.1")
    );
    assert_eq!(
        got("I trace them with the Flask debug toolbar v0.11.0 now."),
        v("Flask debug toolbar", "v0.11.0")
    );
    assert_eq!(got("I'm on the latest numpy v1.24.2 here."), v("numpy", "v1.24.2"));
    assert!(got("I'm using version 0.57.0 now.").is_empty());
    assert!(got("I'm using the library v2.28.2 for that.").is_empty());
}

#[test]
fn code_questions_and_other_people_state_nothing() {
    assert!(got("Here is my config:\n```python\nlimit = set_the_limit to 100\n```").is_empty());
    assert!(got("Should I set the limit to 100 requests per minute?").is_empty());
    assert!(got("The server set the limit to 100.").is_empty(), "no first person");
    assert!(got("So my final answer is 2522 hours.").is_empty(), "a worked result");
    assert!(
        got("I got a total of 30 hours for the three weeks.").is_empty(),
        "a worked result"
    );
    for hostile in [
        "",
        "to",
        "set the to",
        "my is 5",
        "v",
        "1.2.3.4.5.6",
        "€",
        "日本語 1.2.3 を使う",
    ] {
        let _ = got(hostile);
    }
}

#[test]
fn the_statement_a_question_opens_with_states_a_value() {
    assert_eq!(
        got("I've increased my monthly savings to $900 starting in May, how should I split it?"),
        vec![setting("monthly savings", "$900")]
    );
    assert_eq!(
        got("Our renovation budget is £8,000 now, is that enough for a new bathroom?"),
        vec![setting("renovation budget", "£8,000")]
    );
    // So does what it takes as given.
    assert_eq!(
        got("Can you review my plan, considering I increased my monthly savings to $900 starting in May?"),
        vec![setting("monthly savings", "$900")]
    );
    // The question itself states nothing.
    assert!(got("Should I set the timeout to 30 seconds?").is_empty());
    assert!(got("What if I raised the limit to 200 requests per minute?").is_empty());
}

#[test]
fn what_the_person_earns_is_their_income() {
    assert_eq!(
        got("I'm earning about $48,000 annually, which is good for my town."),
        [setting("income", "about $48,000 annually")]
    );
    assert_eq!(
        got("I make $85k a year, can I afford it?"),
        [setting("income", "$85k a year")]
    );
    assert_eq!(
        got("As someone who's 46 and earning around $85,000 annually, I'm wondering if a mixer is worth it."),
        [setting("income", "around $85,000 annually")]
    );
    assert!(got("I make 3 loaves a week.").is_empty());
    assert!(got("She earns $90,000 a year.").is_empty());
}

#[test]
fn a_vague_noun_alone_names_no_setting() {
    assert_eq!(
        got("I've reduced my time from 25 to 15 minutes over 3 practice sessions."),
        vec![]
    );
    assert_eq!(
        got("I moved my wake-up time to 6:30 last week."),
        vec![setting("wake-up time", "6:30")]
    );
}

#[test]
fn a_value_that_moved_by_itself_is_its_new_value() {
    assert_eq!(
        got("My rent went up to 560 pounds from November, so I asked for more hours."),
        vec![setting("rent", "560 pounds")]
    );
    assert_eq!(
        got("Our premium has risen from $90 to $110 a month."),
        vec![setting("premium", "$110 a month")]
    );
    // A rise with no new value, or a trip that went somewhere, sets nothing.
    assert!(got("My rent went up again.").is_empty());
    assert!(got("My sister went to 3 concerts last year.").is_empty());
}

#[test]
fn a_number_earned_per_year_is_income() {
    assert_eq!(
        got("I earn 72,000 a year as a school librarian in Dayton."),
        vec![setting("income", "72,000 a year")]
    );
    assert!(got("I make 3 loaves a week.").is_empty());
}

#[test]
fn a_setting_named_with_where_it_applies_is_the_setting() {
    assert_eq!(
        got("I set the rate limit on the API to 60 requests a minute per user with a middleware."),
        vec![setting("rate limit", "60 requests a minute")]
    );
    assert_eq!(
        got("We raised the budget for groceries to $400 a month."),
        vec![setting("budget", "$400 a month")]
    );
}

#[test]
fn an_it_after_a_change_verb_is_the_quantity_named_before() {
    assert_eq!(
        got("A few customers kept hitting the upload limit. I raised it to 50 MB."),
        vec![setting("upload limit", "50 MB")]
    );
    assert_eq!(
        got("The upload limit kept biting. I raised it from 20 MB to 50 MB."),
        vec![setting("upload limit", "50 MB")]
    );
    // With no quantity named before, "it" is left unread.
    assert!(got("I found the old bike. I raised it to 3 feet on the rack.").is_empty());
}

#[test]
fn a_date_set_or_moved_is_the_setting_of_the_thing() {
    assert_eq!(
        got("I'm on my own here and I want the first release out by April 3."),
        vec![setting("first release", "April 3")]
    );
    assert_eq!(
        got("We pushed the launch to 20 May because the payment provider is late."),
        vec![setting("launch", "20 May")]
    );
    assert!(got("We moved the sofa to the other room.").is_empty());
}
