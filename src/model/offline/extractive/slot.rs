//! Answers read off the slot lines retrieval carries ("Scott is 12", "Cynthia is Dana's mom",
//! "Dana lives in Porto", "Dana works as a paramedic") when the question asks for that slot:
//! "How old is my mom?" is her age, found through who she is.

use crate::model::AnswerContext;
use crate::text::{entity_key, words};

/// One slot line: who, and what it says.
enum Said<'a> {
    Age(&'a str, &'a str),
    Relation(&'a str, &'a str),
    Home(&'a str, &'a str),
    Job(&'a str, &'a str),
}

/// An item's line as a slot line: "[15 March 2024] Cynthia is 53".
fn read(line: &str) -> Option<(Said<'_>, &str)> {
    let body = line.trim();
    let text = match body.strip_prefix('[') {
        Some(rest) => rest.split_once("] ")?.1,
        None => body,
    };
    // A slot line is a clause without a full stop; a fact that happens to say "lives in" is
    // a sentence ("Sam lives in Lisbon and works as a nurse.") and is read as such elsewhere.
    if text.trim_end().ends_with('.') {
        return None;
    }
    // "(before: …)" notes an update's history; the current value is before it.
    let text = text.split(" (before: ").next().unwrap_or(text);
    let said = if let Some((who, place)) = text.split_once(" lives in ") {
        Said::Home(who, place)
    } else if let Some((who, job)) = text.split_once(" works as ") {
        Said::Job(who, job.split_once(' ').map_or(job, |(_, j)| j))
    } else {
        let (who, what) = text.split_once(" is ")?;
        if what.chars().all(|c| c.is_ascii_digit()) && !what.is_empty() {
            Said::Age(who, what)
        } else if what.contains("'s ") && what.split_whitespace().count() <= 3 {
            Said::Relation(who, what)
        } else {
            return None;
        }
    };
    Some((said, line))
}

/// The date an item line opens with ("[2 May 2024] …") as (year, month, day); undated lines
/// sort first.
fn dated(line: &str) -> (i32, u32, u32) {
    let Some(inner) = line
        .trim()
        .strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .map(|(d, _)| d)
    else {
        return (i32::MIN, 0, 0);
    };
    let parts: Vec<&str> = inner.split_whitespace().collect();
    let month = |m: &str| {
        crate::time::MONTHS
            .iter()
            .position(|n| n.eq_ignore_ascii_case(m))
            .and_then(|i| u32::try_from(i + 1).ok())
    };
    match parts.as_slice() {
        [d, m, y] => match (d.parse(), month(m), y.parse()) {
            (Ok(d), Some(m), Ok(y)) => (y, m, d),
            _ => (i32::MIN, 0, 0),
        },
        _ => (i32::MIN, 0, 0),
    }
}

/// The answer and the line it rests on, when the question asks for a slot a line states.
#[must_use]
pub fn answer(question: &str, context: &AnswerContext) -> Option<(String, String)> {
    // A setting or version retrieval matched to the question states its value as data.
    if let Some(item) = context.items.iter().find(|i| i.states.is_some()) {
        return item.states.clone().map(|v| (v, item.text.clone()));
    }
    let asked: Vec<String> = words(question).map(|w| w.trim_end_matches("'s").to_string()).collect();
    let has = |ws: &[&str]| asked.iter().any(|w| ws.contains(&w.as_str()));
    // "When did Andrew start his job as an analyst?" asks for a date, not the slot it names.
    if has(&["when", "year", "long", "why", "how"]) && !(has(&["how"]) && has(&["old"])) {
        return None;
    }
    let lines: Vec<(Said<'_>, &str)> = context
        .items
        .iter()
        .filter_map(|i| i.text.lines().next().and_then(read))
        .collect();
    let named = |who: &str| {
        let k = entity_key(who);
        !k.is_empty() && format!(" {} ", asked.join(" ")).contains(&format!(" {k} "))
    };
    // Who the question is about: named, or by who they are to the person ("my mom").
    let about: Vec<&str> = lines
        .iter()
        .filter_map(|(s, _)| match s {
            Said::Relation(who, what) if named(who) || words(what).last().is_some_and(|r| asked.contains(&r)) => {
                Some(*who)
            }
            Said::Age(who, _) | Said::Home(who, _) | Said::Job(who, _) | Said::Relation(who, _) if named(who) => {
                Some(*who)
            }
            _ => None,
        })
        .collect();
    let self_asked = has(&["i", "my", "me", "am"]);
    let fits = |who: &str| about.contains(&who) || (about.is_empty() && self_asked);
    // The latest statement of a slot is its value now: a line dated later wins, and among
    // lines of one date (or none) the first.
    let find = |pick: &dyn Fn(&Said<'_>) -> Option<String>| {
        let mut best: Option<((i32, u32, u32), String, String)> = None;
        for (s, line) in &lines {
            if let Some(a) = pick(s) {
                let date = dated(line);
                if best.as_ref().is_none_or(|(d, _, _)| date > *d) {
                    best = Some((date, a, (*line).to_string()));
                }
            }
        }
        best.map(|(_, a, line)| (a, line))
    };
    if has(&["old", "age", "aged"]) {
        return find(&|s| match s {
            Said::Age(who, n) if fits(who) => Some((*n).to_string()),
            _ => None,
        });
    }
    if has(&["live", "lives", "living", "home"]) && has(&["where", "city", "town"]) {
        return find(&|s| match s {
            Said::Home(who, p) if fits(who) => Some((*p).to_string()),
            _ => None,
        });
    }
    if has(&["job", "occupation", "profession"]) || (has(&["work", "do"]) && has(&["what"]) && has(&["work", "living"]))
    {
        return find(&|s| match s {
            Said::Job(who, j) if fits(who) => Some((*j).to_string()),
            _ => None,
        });
    }
    if has(&["who"]) {
        return find(&|s| match s {
            Said::Relation(who, what) if named(who) => Some((*what).to_string()),
            _ => None,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::answer;
    use crate::model::AnswerContext;

    const CONTEXT: &str = "# Facts\n- [15 March 2024] Cynthia is Dana's mom\n- [15 March 2024] Cynthia is 53\n\
                           - [2 May 2024] Dana lives in Porto (before: Lisbon)\n- Dana works as a paramedic\n\
                           # Turns\n- Dana: I'm worried about my brother.\n";

    #[test]
    fn a_slot_question_is_answered_from_its_line() {
        let context = AnswerContext::from_rendered(CONTEXT);
        let a = |q: &str| answer(q, &context).map(|(a, _)| a);
        assert_eq!(a("How old is my mom?").as_deref(), Some("53"));
        assert_eq!(a("How old is Cynthia?").as_deref(), Some("53"));
        assert_eq!(a("Who is Cynthia?").as_deref(), Some("Dana's mom"));
        assert_eq!(a("Where do I live?").as_deref(), Some("Porto"));
        assert_eq!(a("What is my job?").as_deref(), Some("paramedic"));
        assert_eq!(a("What did I say about my brother?"), None);
        assert_eq!(a("When did Dana start her job as a paramedic?"), None);
        // The later of two statements of a slot is its value now; a fact sentence is no slot line.
        let moved = AnswerContext::from_rendered(
            "# Facts\n- [1 March 2024] Dana lives in Lisbon and Dana works as a nurse.\n\
             - [1 March 2024] Dana lives in Lisbon\n- [1 June 2024] Dana lives in Porto (before: Lisbon)\n",
        );
        assert_eq!(
            answer("Where do I live?", &moved).map(|(a, _)| a).as_deref(),
            Some("Porto")
        );
        let broken = AnswerContext::from_rendered("- [x] broken\n- \n");
        assert_eq!(answer("How old am I?", &broken), None);
    }
}
