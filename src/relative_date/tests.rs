//! Tests of relative-date resolution against a turn's date.

use super::*;

fn at(s: &str) -> Option<Date> {
    anchor_of(s)
}

fn r(text: &str, anchor: &str) -> (String, Vec<(String, String)>) {
    let (t, spans) = resolve(text, at(anchor));
    (t, spans.into_iter().map(|s| (s.start, s.end)).collect())
}

#[test]
fn days_and_weekdays() {
    // 2024-05-08 is a Wednesday.
    let (t, s) = r("I hurt my back yesterday.", "2024-05-08");
    assert_eq!(t, "I hurt my back on 7 May 2024.");
    assert_eq!(s, vec![("2024-05-07".into(), "2024-05-07".into())]);
    let (t, s) = r("I hurt my back deadlifting on Saturday.", "2024-05-08");
    assert_eq!(t, "I hurt my back deadlifting on Saturday, 4 May 2024.");
    assert_eq!(s[0].0, "2024-05-04");
    let (t, _) = r("Last Friday I ran.", "2024-05-08");
    assert_eq!(t, "On Friday, 3 May 2024 I ran.");
    // 2024-05-12 is a Sunday: "this Sunday" said on it is that day, "last Sunday" the one before.
    let (t, _) = r("Baked sourdough again this Sunday.", "2024-05-12");
    assert_eq!(t, "Baked sourdough again on Sunday, 12 May 2024.");
    let (t, _) = r("I baked sourdough last Sunday.", "2024-05-12");
    assert_eq!(t, "I baked sourdough on Sunday, 5 May 2024.");
    let (t, _) = r("I baked sourdough this Sunday.", "2024-05-08");
    assert_eq!(t, "I baked sourdough on Sunday, 5 May 2024.");
}

#[test]
fn habits_keep_their_weekdays() {
    let (t, s) = r("I usually go on Monday and Thursday.", "2024-05-08");
    assert_eq!(t, "I usually go on Monday and Thursday.");
    assert!(s.is_empty());
}

#[test]
fn weeks_weekends_months_years() {
    let (t, s) = r("I gave a talk last week.", "2023-06-09");
    assert_eq!(t, "I gave a talk in the week before 9 June 2023.");
    assert_eq!(s, vec![("2023-05-29".into(), "2023-06-04".into())]);
    let (t, s) = r("We went camping two weeks ago.", "2023-06-09");
    assert_eq!(t, "We went camping around 26 May 2023.");
    assert_eq!(s[0].0, "2023-05-22");
    // 2023-07-12 is a Wednesday.
    let (t, s) = r("I'm going hiking this weekend.", "2023-07-12");
    assert_eq!(t, "I'm going hiking on the weekend of 15–16 July 2023.");
    assert_eq!(s, vec![("2023-07-15".into(), "2023-07-16".into())]);
    // 2023-07-20 is a Thursday.
    let (t, _) = r("I joined a new activist group last Tues.", "2023-07-20");
    assert_eq!(t, "I joined a new activist group on Tuesday, 18 July 2023.");
    // 2023-07-17 is a Monday: the weekend before last is 8–9 July.
    let (t, s) = r("We went camping two weekends ago.", "2023-07-17");
    assert_eq!(t, "We went camping on the weekend of 8–9 July 2023.");
    assert_eq!(s, vec![("2023-07-08".into(), "2023-07-09".into())]);
    let (t, _) = r("I start the new job next month.", "2023-12-20");
    assert_eq!(t, "I start the new job in January 2024.");
    let (t, s) = r("I will travel in May.", "2024-03-04");
    assert_eq!(t, "I will travel in May 2024.");
    assert_eq!(s, vec![("2024-05-01".into(), "2024-05-31".into())]);
    let (t, _) = r("I visited Lisbon in May.", "2024-03-04");
    assert_eq!(t, "I visited Lisbon in May 2023.");
    let (t, _) = r("I painted it last year.", "2023-03-04");
    assert_eq!(t, "I painted it in 2022.");
    // A preposition said before the phrase is not said again.
    let (t, _) = r("I'm planning my budget for next year.", "2024-12-20");
    assert_eq!(t, "I'm planning my budget for 2025.");
    let (t, _) = r("I've been saving since last month.", "2023-12-20");
    assert_eq!(t, "I've been saving since November 2023.");
    // A hedge stands in for the preposition: "about 2018", not "about in 2018".
    let (t, _) = r("I started playing guitar about 5 years ago.", "2023-08-28");
    assert_eq!(t, "I started playing guitar about 2018.");
    let (t, _) = r("We met roughly two weeks ago.", "2023-08-28");
    assert_eq!(t, "We met roughly 14 August 2023.");
}

#[test]
fn absolute_phrases_are_kept_and_recorded() {
    let (t, s) = r("It was the week before 9 June 2023.", "2024-01-01");
    assert_eq!(t, "It was the week before 9 June 2023.");
    assert_eq!(s, vec![("2023-06-02".into(), "2023-06-08".into())]);
    let (_, s) = r("Born on June 9, 2023 at noon.", "2024-01-01");
    assert_eq!(s, vec![("2023-06-09".into(), "2023-06-09".into())]);
    // A list's next number after a date is no year.
    let (_, s) = r("1. Raise it starting May 1) 2. Review the budget.", "2024-05-10");
    assert!(s.iter().all(|(start, _)| start.starts_with("2024")), "{s:?}");
}

#[test]
fn restrictions_know_when_they_end() {
    let said = at("2024-05-08").unwrap();
    let end = |t: &str| restriction_end(t, said).map(iso);
    assert_eq!(end("No lifting for three months."), Some("2024-08-08".into()));
    assert_eq!(
        end("No barbell work until August 2024 at the earliest."),
        Some("2024-08-01".into())
    );
    assert_eq!(
        end("Alex can start lifting again around 7 August 2024."),
        Some("2024-08-07".into())
    );
    assert_eq!(end("No max attempts in 2024."), Some("2024-12-31".into()));
    assert_eq!(end("No lifting."), None);
}

#[test]
fn hostile_anchors_and_text_do_not_panic() {
    assert_eq!(resolve("yesterday", None).0, "yesterday");
    assert_eq!(anchor_of("99999-01-01"), None);
    let (t, _) = r("yesterday", "0000-01-01");
    assert!(!t.is_empty());
    let _ = r(
        "“Yesterday” 🎉 café 東京 in May 99999999999999999999 days ago",
        "2024-05-08",
    );
    let _ = r("the week before 31 February 2023", "2024-05-08");
}

#[test]
fn a_state_that_has_lasted_names_its_start() {
    let (t, s) = r("We've been together for three years now and love it.", "2023-02-25");
    assert_eq!(t, "We've been together since 2020 and love it.");
    assert_eq!(s, vec![("2020-02-25".into(), "2023-02-25".into())]);
    let (t, _) = r("I've had the bike for about 4 months.", "2023-06-06");
    assert_eq!(t, "I've had the bike since about February 2023.");
    let (t, _) = r("She hasn't called me for over two years.", "2024-01-10");
    assert_eq!(t, "She hasn't called me since before 2022.");
    let (t, _) = r("I have known him for a couple of years.", "2024-01-10");
    assert_eq!(t, "I have known him since about 2022.");
    // Not the present perfect: no start is named.
    for said in [
        "I lived in Porto for 3 years.",
        "I had been there for 3 years when it closed.",
        "I have to stay in Berlin for two years.",
        "I'm moving to Spain for 3 years.",
        "I've moved twice. Then I worked there for 3 years.",
    ] {
        let (t, s) = r(said, "2024-01-10");
        assert_eq!(t, said, "{said}");
        assert!(s.is_empty(), "{said}");
    }
}

#[test]
fn seasons_are_named_against_the_day() {
    let (t, s) = r("This is the last photo, taken last summer when we hiked.", "2023-02-22");
    assert_eq!(t, "This is the last photo, taken in summer 2022 when we hiked.");
    assert_eq!(s, vec![("2022-06-01".into(), "2022-08-31".into())]);
    let (t, _) = r("Here they are having a blast last summer.", "2023-10-28");
    assert_eq!(t, "Here they are having a blast in summer 2023.");
    let (t, s) = r("I took them to a snowy one last winter.", "2023-10-13");
    assert_eq!(t, "I took them to a snowy one in the winter of 2022–2023.");
    assert_eq!(s, vec![("2022-12-01".into(), "2023-02-28".into())]);
    let (t, _) = r("Wanna do a family outing this summer?", "2023-08-17");
    assert_eq!(t, "Wanna do a family outing in summer 2023?");
    let (t, _) = r("We might move next spring.", "2024-03-20");
    assert_eq!(t, "We might move in spring 2025.");
    let (t, _) = r("We might move next fall.", "2024-03-20");
    assert_eq!(t, "We might move in fall 2024.");
}

#[test]
fn a_version_1_turn_is_resolved_with_the_phrases_its_writer_knew() {
    let time = crate::time::Timestamp::from_civil(2023, 2, 22, 9, 0, 0);
    let said = "We've been together for three years. It was taken last summer, yesterday.";
    let now = turn_dates(said, time);
    let then = turn_dates_with(said, time, Phrases::CodecV1);
    assert_eq!(now.len(), 3, "{now:?}");
    assert_eq!(then.len(), 1, "only 'yesterday' was known: {then:?}");
    assert_eq!(then[0].start, "2023-02-21");
}

#[test]
fn an_ordinal_within_a_period_is_no_day_counted_back() {
    let (t, s) = r(
        "We scheduled family check-ins on the last Sunday of each month.",
        "2024-05-08",
    );
    assert_eq!(t, "We scheduled family check-ins on the last Sunday of each month.");
    assert!(s.is_empty());
    let (t, s) = r("Our lease ended in the last week of March.", "2024-05-08");
    assert!(t.starts_with("Our lease ended in the last week of March"), "{t}");
    assert!(s.iter().all(|(start, _)| start.starts_with("2024-03")), "{s:?}");
    // Without the period after it, "last Sunday" is still the one before.
    let (t, _) = r("We had check-ins last Sunday.", "2024-05-08");
    assert_eq!(t, "We had check-ins on Sunday, 5 May 2024.");
}

#[test]
fn a_month_after_what_starts_or_was_put_off_lies_ahead() {
    // Said in January, past tense: the course starts in the March to come.
    let (t, _) = r(
        "I signed up for a beginner sailing course starting in March.",
        "2024-01-08",
    );
    assert_eq!(t, "I signed up for a beginner sailing course starting in March 2024.");
    let (t, _) = r(
        "Leila's dinner moved to the 20th of April because the restaurant double-booked.",
        "2024-03-16",
    );
    assert_eq!(
        t,
        "Leila's dinner moved to the 20th of April 2024 because the restaurant double-booked."
    );
    // Looking back stays back: a month of the past, and "since".
    let (t, _) = r("I went to the 4th of July fireworks with my cousins.", "2024-08-10");
    assert_eq!(t, "I went to the 4th of July 2024 fireworks with my cousins.");
    let (t, _) = r("We visited Lisbon in October.", "2024-03-01");
    assert_eq!(t, "We visited Lisbon in October 2023.");
    let (t, _) = r("My rent went up to 560 pounds from November.", "2024-10-29");
    assert_eq!(t, "My rent went up to 560 pounds from November 2024.");
    let (t, _) = r("I worked there from March to June.", "2024-08-01");
    assert_eq!(t, "I worked there from March 2024 to June.");
    let (t, _) = r("I haven't smoked since November.", "2024-03-01");
    assert_eq!(t, "I haven't smoked since November 2023.");
}

#[test]
fn a_day_of_a_month_without_its_year_is_the_nearest_one() {
    // Said in March of what is to come: this year's.
    let (t, s) = r("I want a beta out by May 30.", "2025-03-04");
    assert_eq!(t, "I want a beta out by 30 May 2025.");
    assert_eq!(s, vec![("2025-05-30".into(), "2025-05-30".into())]);
    // Said in January of what was: the day just gone, not next year's.
    let (t, _) = r("My father died on January 3rd.", "2025-01-12");
    assert_eq!(t, "My father died on 3 January 2025.");
    // A date something was moved to is to come, though the verb is past.
    let (_, s) = r(
        "We moved the beta to June 13 because the bank sync is not stable.",
        "2025-04-30",
    );
    assert_eq!(s, vec![("2025-06-13".into(), "2025-06-13".into())]);
    // A date to come said in December is next year's.
    let (_, s) = r("The exam will be on 14 January.", "2025-12-20");
    assert_eq!(s, vec![("2026-01-14".into(), "2026-01-14".into())]);
    // "may" as a verb, and a day that no month has, are no dates.
    let (t, s) = r("Some may 30 minutes late.", "2025-03-04");
    assert_eq!(t, "Some may 30 minutes late.");
    assert!(s.is_empty());
    assert!(r("We met on June 31.", "2025-03-04").1.is_empty());
}

#[test]
fn a_range_of_days_in_one_month_is_one_span() {
    let (t, s) = r(
        "I practiced guided meditation daily from November 15 to 25 to manage holiday stress.",
        "2024-11-26",
    );
    assert_eq!(
        t,
        "I practiced guided meditation daily from 15 to 25 November 2024 to manage holiday stress."
    );
    assert_eq!(s, vec![("2024-11-15".into(), "2024-11-25".into())]);
    // A day with a month of its own is a date of its own, and a day before the first no end.
    let (_, s) = r("We stayed from June 3 to July 7.", "2025-08-01");
    assert_eq!(
        s,
        vec![
            ("2025-06-03".into(), "2025-06-03".into()),
            ("2025-07-07".into(), "2025-07-07".into())
        ]
    );
    let (_, s) = r("We moved the beta from May 30 to June 13.", "2025-04-30");
    assert_eq!(
        s,
        vec![
            ("2025-05-30".into(), "2025-05-30".into()),
            ("2025-06-13".into(), "2025-06-13".into())
        ]
    );
    let (t, _) = r("I fly on June 20 to 5 cities.", "2025-03-01");
    assert_eq!(t, "I fly on 20 June 2025 to 5 cities.");
}
