//! Answers read off the slots retrieval carries (Scott's age, who Cynthia is to Dana, where
//! Dana lives, what Dana works as) when the question asks for that slot: "How old is my mom?"
//! is her age, found through who she is. Each slot is read from its item's fields
//! ([`SlotLine`]), never from the line shown for it.

use crate::event::Slot;
use crate::model::{AnswerContext, Shows, SlotLine};
use crate::text::{entity_key, words};
use crate::time::Timestamp;

/// The answer and the line it rests on, when the question asks for a slot a line states.
#[must_use]
pub fn answer(question: &str, context: &AnswerContext) -> Option<(String, String)> {
    let slots: Vec<(&SlotLine, &str)> = context
        .items
        .iter()
        .filter_map(|i| match &i.shows {
            Shows::Slot(line) => Some((line, i.text.as_str())),
            _ => None,
        })
        .collect();
    // A setting or version retrieval matched to the question states its answer as data.
    if let Some((line, text)) = slots.iter().find(|(l, _)| l.answers.is_some()) {
        return line.answers.clone().map(|v| (v, (*text).to_string()));
    }
    let asked: Vec<String> = words(question).map(|w| w.trim_end_matches("'s").to_string()).collect();
    let has = |ws: &[&str]| asked.iter().any(|w| ws.contains(&w.as_str()));
    // "When did Andrew start his job as an analyst?" asks for a date, not the slot it names.
    if has(&["when", "year", "long", "why", "how"]) && !(has(&["how"]) && has(&["old"])) {
        return None;
    }
    let named = |who: &str| {
        let k = entity_key(who);
        !k.is_empty() && format!(" {} ", asked.join(" ")).contains(&format!(" {k} "))
    };
    // Who the question is about: named, or by who they are to the person ("my mom").
    let about: Vec<&str> = slots
        .iter()
        .filter(|(l, _)| {
            named(&l.who) || (l.slot == Slot::Relation && words(&l.value).last().is_some_and(|r| asked.contains(&r)))
        })
        .map(|(l, _)| l.who.as_str())
        .collect();
    // "Where did my father live?" asks about the father, whose slots no line states: the
    // person's own home is no answer to it.
    let of_relative = super::question::relative_asked(question).is_some();
    let self_asked = has(&["i", "me", "am"]) || (has(&["my"]) && !of_relative);
    let fits = |l: &SlotLine| about.contains(&l.who.as_str()) || (about.is_empty() && self_asked);
    // The latest statement of a slot is its value now: a line dated later wins, and among
    // lines of one date (or none) the first.
    let find = |pick: &dyn Fn(&SlotLine) -> Option<String>| {
        let mut best: Option<(Option<Timestamp>, String, &str)> = None;
        for (line, text) in &slots {
            if let Some(a) = pick(line)
                && best.as_ref().is_none_or(|(d, _, _)| line.day > *d)
            {
                best = Some((line.day, a, text));
            }
        }
        best.map(|(_, a, text)| (a, text.to_string()))
    };
    let slot = if has(&["old", "age", "aged"]) {
        Slot::Age
    } else if has(&["live", "lives", "living", "home"]) && has(&["where", "city", "town"]) {
        Slot::Home
    } else if has(&["job", "occupation", "profession"])
        || (has(&["work", "do"]) && has(&["what"]) && has(&["work", "living"]))
    {
        Slot::Occupation
    } else if has(&["who"]) {
        return find(&|l| (l.slot == Slot::Relation && named(&l.who)).then(|| format!("{}'s {}", l.of, l.value)));
    } else {
        return None;
    };
    find(&|l| {
        // An age is answered with a number or not at all.
        let number = l.slot != Slot::Age || (!l.value.is_empty() && l.value.chars().all(|c| c.is_ascii_digit()));
        (l.slot == slot && number && fits(l)).then(|| l.value.clone())
    })
}

#[cfg(test)]
mod tests {
    use super::answer;
    use crate::event::Slot;
    use crate::model::{AnswerContext, ContextItem, Note, Said, Shows, SlotLine};
    use crate::time::Timestamp;

    /// A slot item whose text is not the slot's sentence: the answer must come from the fields.
    fn slot(slot: Slot, who: &str, value: &str, day: Option<(u32, u32)>, before: &[&str]) -> ContextItem {
        let day = day.and_then(|(d, m)| Timestamp::from_civil(2024, m, d, 0, 0, 0));
        ContextItem::new(
            "Facts (L0)",
            format!("slot #{} of {who}", value.len()),
            Shows::Slot(SlotLine {
                slot,
                who: who.into(),
                of: "Dana".into(),
                value: value.into(),
                day,
                before: before.iter().map(|b| (*b).to_string()).collect(),
                words: String::new(),
                answers: None,
            }),
        )
    }

    #[test]
    fn a_slot_question_is_answered_from_its_fields() {
        let context = AnswerContext {
            items: vec![
                slot(Slot::Relation, "Cynthia", "mom", Some((15, 3)), &[]),
                slot(Slot::Age, "Cynthia", "53", Some((15, 3)), &[]),
                slot(Slot::Home, "Dana", "Porto", Some((2, 5)), &["Lisbon"]),
                slot(Slot::Occupation, "Dana", "paramedic", None, &[]),
                ContextItem::new(
                    "Turns",
                    "Dana: I'm worried about my brother.".into(),
                    Shows::Turn(Said::new("Dana".into(), None, "I'm worried about my brother.".into())),
                ),
            ],
        };
        let a = |q: &str| answer(q, &context).map(|(a, _)| a);
        assert_eq!(a("How old is my mom?").as_deref(), Some("53"));
        assert_eq!(a("How old is Cynthia?").as_deref(), Some("53"));
        assert_eq!(a("Who is Cynthia?").as_deref(), Some("Dana's mom"));
        assert_eq!(a("Where do I live?").as_deref(), Some("Porto"));
        assert_eq!(a("What is my job?").as_deref(), Some("paramedic"));
        assert_eq!(a("What did I say about my brother?"), None);
        // A relative no line states a home for: the person's own home is no answer.
        assert_eq!(a("Where does my brother live?"), None);
        assert_eq!(a("When did Dana start her job as a paramedic?"), None);
        // The support is the item's line as shown.
        assert_eq!(
            answer("How old is Cynthia?", &context).map(|(_, s)| s).as_deref(),
            Some("slot #2 of Cynthia")
        );
    }

    #[test]
    fn the_later_statement_of_a_slot_is_its_value_and_a_note_is_no_slot() {
        let moved = AnswerContext {
            items: vec![
                ContextItem::new(
                    "Facts (L0)",
                    "[1 July 2024] Dana lives in Madrid".into(),
                    Shows::Note(Note::on(
                        Timestamp::from_civil(2024, 7, 1, 0, 0, 0),
                        "Dana lives in Madrid".into(),
                    )),
                ),
                slot(Slot::Home, "Dana", "Lisbon", Some((1, 3)), &[]),
                slot(Slot::Home, "Dana", "Porto", Some((1, 6)), &["Lisbon"]),
            ],
        };
        assert_eq!(
            answer("Where do I live?", &moved).map(|(a, _)| a).as_deref(),
            Some("Porto")
        );
        // A slot line given only as text is not read back.
        let as_text = AnswerContext::from_rendered("# Facts\n- [15 March 2024] Cynthia is 53\n");
        assert_eq!(answer("How old is Cynthia?", &as_text), None);
        // An age that is no number answers nothing.
        let words = AnswerContext {
            items: vec![slot(Slot::Age, "Scott", "twelve", None, &[])],
        };
        assert_eq!(answer("How old is Scott?", &words), None);
    }

    #[test]
    fn a_stated_answer_is_given_as_retrieval_worded_it() {
        let mut item = slot(Slot::Setting, "Dana", "120 requests per minute", None, &["60"]);
        if let Shows::Slot(line) = &mut item.shows {
            line.answers = Some("60, then 120 requests per minute".into());
        }
        let context = AnswerContext { items: vec![item] };
        assert_eq!(
            answer("How did my rate limit change?", &context)
                .map(|(a, _)| a)
                .as_deref(),
            Some("60, then 120 requests per minute")
        );
    }
}
