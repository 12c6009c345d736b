//! The typed slots a person states about themselves and the people they name: age, home,
//! occupation, and who someone is to them. A later statement of the same slot supersedes the
//! earlier one (a move, a birthday), so the memory can answer with the current value.

use serde::{Deserialize, Serialize};

/// Whose slot it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holder {
    /// The person whose memory it is.
    Person,
    /// Someone they name ("my brother Scott").
    Named(String),
}

/// What is stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// Age in years.
    Age,
    /// Where they live.
    Home,
    /// What they do for work.
    Occupation,
    /// Who a named person is to the person ("brother", "friend").
    Relation,
    /// A quantity the person has or sets, named by what it is ("rate limit": "120 requests per
    /// minute", "budget": "$500 a month").
    Setting,
    /// The version of a tool the person uses ("Flask": "2.2").
    Version,
    /// Something the holder has never done, as said ("customized the spaCy pipeline"): one
    /// side of a contradiction when they also say they did it.
    Never,
    /// A tool the holder says they no longer use ("MongoDB"): it retires the setting or version
    /// that names it.
    Stopped,
}

/// A slot as an English sentence about `person` (the memory's owner): "Taylor is 34", "Taylor
/// lives in Lisbon", "Taylor works as a paramedic", "Scott is Taylor's brother", "Scott is 12",
/// "Taylor's rate limit is 120 requests per minute", "Taylor uses Flask 2.2". `what` names a
/// setting or a tool; the other slots have none.
#[must_use]
pub fn sentence(person: &str, holder: &Holder, slot: Slot, what: Option<&str>, value: &str) -> String {
    let who = holder.name(person);
    let what = what.unwrap_or("setting");
    match slot {
        // A bare count of a plural is had: "Meghan has 4 weekly plant-based dinners", not
        // "Meghan's weekly plant-based dinners are 4".
        Slot::Setting if copula(what) == "are" && is_count(value) => {
            format!("{who} has {value} {}", with_month_names(what))
        }
        // A thing given a date is set for it: "Sam's launch is set for June 13", not "… is June 13".
        Slot::Setting if is_calendar_date(value) => {
            format!("{who}'s {} {} set for {value}", with_month_names(what), copula(what))
        }
        Slot::Setting => format!(
            "{who}'s {} {} {}",
            with_month_names(what),
            copula(what),
            without_repeated_period(what, value)
        ),
        Slot::Version => format!("{who} uses {what} {value}"),
        Slot::Never => format!("{who} has never {value}"),
        Slot::Stopped => format!("{who} no longer uses {value}"),
        Slot::Age => format!("{who} is {value}"),
        Slot::Home => format!("{who} lives in {value}"),
        // A field named by what is done in it ("science writing") is worked in, not as.
        Slot::Occupation if value.ends_with("ing") => format!("{who} works in {value}"),
        // One who studies or trains is one, and works as nothing yet ("an engineering student").
        Slot::Occupation if is_learner(value) => format!("{who} is {} {value}", super::article(value)),
        Slot::Occupation => format!("{who} works as {} {value}", super::article(value)),
        Slot::Relation => format!("{who} is {person}'s {value}"),
    }
}

/// Periods said as adverbs after a value ("$500 monthly"): a setting's name may say them too.
pub(crate) const PERIOD_ADVERBS: &[&str] = &["daily", "weekly", "monthly", "quarterly", "yearly", "annually"];

/// A value without a closing word of frequency its setting's name already says: "monthly
/// contributions are $500", not "… are $500 monthly".
pub(crate) fn without_repeated_period<'v>(what: &str, value: &'v str) -> &'v str {
    match value.rsplit_once(' ') {
        Some((rest, last))
            if PERIOD_ADVERBS.contains(&last.to_lowercase().as_str())
                && what.split(' ').any(|w| w.eq_ignore_ascii_case(last)) =>
        {
            rest.trim_end()
        }
        _ => value,
    }
}

/// Whether a value is a day of a month ("June 13", "2 June 2025"): a month's name among its
/// first two words, a day number beside it.
fn is_calendar_date(value: &str) -> bool {
    let ws: Vec<&str> = value.split_whitespace().collect();
    let month = |w: &str| crate::time::Timestamp::month_from_name(w).is_some();
    let day = |w: &str| crate::time::day_of_month(&w.to_lowercase()).is_some();
    matches!(ws.as_slice(), [a, b, ..] if (month(a) && day(b)) || (day(a) && month(b)))
}

/// Whether a value is a bare count: digits (and thousands commas) alone.
fn is_count(value: &str) -> bool {
    value.starts_with(|c: char| c.is_ascii_digit()) && value.chars().all(|c| c.is_ascii_digit() || c == ',')
}

/// Whether an occupation names a learner: its last word is "student", "trainee", "intern",
/// "apprentice" or "undergraduate".
fn is_learner(value: &str) -> bool {
    let last = value.rsplit(' ').next().unwrap_or(value).to_lowercase();
    matches!(
        last.as_str(),
        "student" | "trainee" | "intern" | "apprentice" | "undergraduate" | "pupil"
    )
}

/// The verb a setting's name takes: "contributions are", "savings are"; "status is",
/// "analysis is", "business is". English marks a plural noun with a final -s; words in -ss,
/// -us, -is, -ics and -ness are singular.
fn copula(what: &str) -> &'static str {
    let head = what.rsplit(' ').next().unwrap_or(what);
    let plural = head.len() > 3
        && head.ends_with('s')
        && !["ss", "us", "is", "ics", "ness", "news"]
            .iter()
            .any(|e| head.ends_with(e));
    if plural { "are" } else { "is" }
}

/// A setting's name with the names of months capitalised, as English writes them: its key is
/// lowercased at ingest ("february budget"), its sentence says "February budget".
fn with_month_names(what: &str) -> String {
    what.split(' ')
        .map(|w| {
            let month = crate::relative_date::month_number(w).is_some() && (w.len() > 3 || w == "may");
            let mut chars = w.chars();
            match chars.next() {
                Some(first) if month => first.to_uppercase().chain(chars).collect(),
                _ => w.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Holder {
    /// The holder's name in a line, with the person's own name for [`Holder::Person`].
    #[must_use]
    pub fn name<'a>(&'a self, person: &'a str) -> &'a str {
        match self {
            Holder::Person => person,
            Holder::Named(n) => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Holder, Slot, sentence};

    #[test]
    fn a_bare_count_of_a_plural_is_had() {
        let had = |what: &str, value: &str| sentence("Meg", &Holder::Person, Slot::Setting, Some(what), value);
        assert_eq!(
            had("weekly plant-based dinners", "4"),
            "Meg has 4 weekly plant-based dinners"
        );
        assert_eq!(had("monthly savings", "$500"), "Meg's monthly savings are $500");
        assert_eq!(had("rate limit", "120"), "Meg's rate limit is 120");
    }

    #[test]
    fn a_frequency_the_setting_names_is_not_said_twice() {
        let said = |what: &str, value: &str| sentence("Meg", &Holder::Person, Slot::Setting, Some(what), value);
        assert_eq!(
            said("monthly Roth IRA contributions", "$500 monthly"),
            "Meg's monthly Roth IRA contributions are $500"
        );
        // A frequency the name does not say is kept.
        assert_eq!(
            said("Roth IRA contributions", "$500 monthly"),
            "Meg's Roth IRA contributions are $500 monthly"
        );
    }

    #[test]
    fn a_learner_is_one_and_works_as_nothing_yet() {
        assert_eq!(
            sentence("Jo", &Holder::Person, Slot::Occupation, None, "engineering student"),
            "Jo is an engineering student"
        );
        assert_eq!(
            sentence("Jo", &Holder::Person, Slot::Occupation, None, "paramedic"),
            "Jo works as a paramedic"
        );
    }

    #[test]
    fn a_settings_sentence_writes_month_names_as_english_does() {
        assert_eq!(
            sentence(
                "Michael",
                &Holder::Person,
                Slot::Setting,
                Some("february budget"),
                "$5,000"
            ),
            "Michael's February budget is $5,000"
        );
        assert_eq!(
            sentence(
                "Dana",
                &Holder::Person,
                Slot::Setting,
                Some("rate limit"),
                "120 requests per minute"
            ),
            "Dana's rate limit is 120 requests per minute"
        );
        assert_eq!(
            sentence(
                "Dana",
                &Holder::Person,
                Slot::Setting,
                Some("monthly contributions"),
                "$900"
            ),
            "Dana's monthly contributions are $900"
        );
        assert_eq!(
            sentence("Dana", &Holder::Person, Slot::Setting, Some("visa status"), "pending"),
            "Dana's visa status is pending"
        );
        // A date is what a thing is set for; a count of days is no date.
        assert_eq!(
            sentence("Dana", &Holder::Person, Slot::Setting, Some("launch"), "June 13"),
            "Dana's launch is set for June 13"
        );
        assert_eq!(
            sentence("Dana", &Holder::Person, Slot::Setting, Some("trial"), "14 days"),
            "Dana's trial is 14 days"
        );
        // "mar" is no month here, however it abbreviates one.
        assert_eq!(
            sentence("Dana", &Holder::Person, Slot::Setting, Some("mar limit"), "3"),
            "Dana's mar limit is 3"
        );
    }
}
