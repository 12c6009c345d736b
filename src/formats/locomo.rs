//! The LoCoMo benchmark's JSON format: conversations between two speakers over dated sessions,
//! with QA items. The loader handles every quirk listed in the data's README: malformed evidence
//! ids, numeric answers, adversarial answers, date keys without sessions, and "1:56 pm on 8 May,
//! 2023" dates.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::error::{Error, Result};
use crate::event::Attachment;
use crate::formats::jsonpos;
use crate::formats::session::TurnInput;
use crate::ids::saturating_u32;
use crate::time::Timestamp;
use serde_json::Value;
use std::path::Path;

/// One question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// "conv-26/q12".
    pub id: String,
    /// The question.
    pub question: String,
    /// The gold answer as text (numbers converted; for category 5, "not mentioned").
    pub answer: String,
    /// The adversarial trap answer (category 5 only).
    pub adversarial_answer: Option<String>,
    /// Evidence dialogue ids that exist in the conversation ("D1:3").
    pub evidence: Vec<String>,
    /// Category 1–5.
    pub category: u8,
}

/// One session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Its number.
    pub number: u32,
    /// Its date, if it parses.
    pub time: Option<Timestamp>,
    /// Its turns in order.
    pub turns: Vec<LocomoTurn>,
}

/// One turn of a LoCoMo session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocomoTurn {
    /// LoCoMo's `dia_id` ("D1:3").
    pub dia: String,
    /// The speaker's name.
    pub speaker: String,
    /// What was said.
    pub text: String,
    /// The photo shared with it (`blip_caption`), if any.
    pub attachments: Vec<Attachment>,
}

impl LocomoTurn {
    /// The turn as text, its photo rendered (see [`crate::event::said`]).
    #[must_use]
    pub fn said(&self) -> String {
        crate::event::said(&self.text, &self.attachments)
    }
}

/// One conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    /// "conv-26".
    pub id: String,
    /// The two speakers.
    pub speakers: [String; 2],
    /// Sessions in order.
    pub sessions: Vec<Session>,
    /// Questions.
    pub questions: Vec<Question>,
}

impl Conversation {
    /// The turns as session-format input, both speakers as persons, session dates as time.
    #[must_use]
    pub fn turns(&self) -> Vec<TurnInput> {
        let mut out = Vec::new();
        for s in &self.sessions {
            for t in &s.turns {
                out.push(TurnInput {
                    speaker: t.speaker.as_str().into(),
                    text: t.text.clone(),
                    attachments: t.attachments.clone(),
                    time: s.time,
                    session: s.number,
                    index: saturating_u32(out.len()),
                    source_ref: Some(t.dia.clone()),
                });
            }
        }
        out
    }

    /// Number of turns.
    #[must_use]
    pub fn turn_count(&self) -> usize {
        self.sessions.iter().map(|s| s.turns.len()).sum()
    }
}

/// Reads a LoCoMo file.
pub fn load(path: &Path) -> Result<Vec<Conversation>> {
    let text = crate::formats::session::read_text(path)?;
    parse(&text, &path.display().to_string())
}

/// Parses LoCoMo JSON; `origin` names the file in errors, with the line of the value at fault.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Conversation>> {
    let root: Value = serde_json::from_str(text).map_err(|e| Error::BadInput {
        path: origin.to_string(),
        line: e.line().max(1),
        message: format!("not valid JSON: {e}"),
    })?;
    let bad = |fault: Fault| Error::BadInput {
        path: origin.to_string(),
        line: jsonpos::line_of(text, &fault.path()),
        message: fault.message,
    };
    let list = root.as_array().ok_or_else(|| {
        bad(Fault {
            conversation: None,
            at: Vec::new(),
            message: "expected a JSON list of conversations".into(),
        })
    })?;
    list.iter()
        .enumerate()
        .map(|(i, c)| conversation(c, i).map_err(bad))
        .collect()
}

/// What is wrong, and where: the conversation's index and the keys below it.
struct Fault {
    conversation: Option<usize>,
    at: Vec<PathKey>,
    message: String,
}

enum PathKey {
    Field(String),
    Index(usize),
}

impl Fault {
    fn new(conversation: usize, at: Vec<PathKey>, message: &str) -> Self {
        Self {
            conversation: Some(conversation),
            at,
            message: format!("conversation {conversation}: {message}"),
        }
    }

    fn path(&self) -> Vec<jsonpos::Key<'_>> {
        self.conversation
            .map(jsonpos::Key::Index)
            .into_iter()
            .chain(self.at.iter().map(|k| match k {
                PathKey::Field(f) => jsonpos::Key::Field(f),
                PathKey::Index(i) => jsonpos::Key::Index(*i),
            }))
            .collect()
    }
}

fn field(name: &str) -> PathKey {
    PathKey::Field(name.to_string())
}

fn conversation(c: &Value, i: usize) -> std::result::Result<Conversation, Fault> {
    let fault = |at: Vec<PathKey>, message: &str| Fault::new(i, at, message);
    let id = c
        .get("sample_id")
        .and_then(Value::as_str)
        .map_or_else(|| format!("conv-{i}"), str::to_string);
    let conv = c
        .get("conversation")
        .and_then(Value::as_object)
        .ok_or_else(|| fault(Vec::new(), "missing `conversation`"))?;
    let speaker = |k: &str| {
        conv.get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| fault(vec![field("conversation")], &format!("missing `{k}`")))
    };
    let speakers = [speaker("speaker_a")?, speaker("speaker_b")?];
    let mut numbers: Vec<u32> = conv
        .iter()
        .filter(|(k, v)| v.is_array() && k.starts_with("session_"))
        .filter_map(|(k, _)| k.strip_prefix("session_")?.parse().ok())
        .collect();
    numbers.sort_unstable();
    let mut sessions = Vec::new();
    for n in numbers {
        let key = format!("session_{n}");
        let list = conv
            .get(&key)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut turns = Vec::with_capacity(list.len());
        for (ti, t) in list.iter().enumerate() {
            let at = || vec![field("conversation"), field(&key), PathKey::Index(ti)];
            let string = |k: &str| {
                t.get(k)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| fault(at(), &format!("turn {ti} of `{key}` has no string `{k}`")))
            };
            let (dia, speaker) = (string("dia_id")?, string("speaker")?);
            let text = match t.get("text") {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(s)) => s.clone(),
                Some(_) => return Err(fault(at(), &format!("turn {ti} of `{key}`: `text` is not a string"))),
            };
            let attachments = t
                .get("blip_caption")
                .and_then(Value::as_str)
                .map(|caption| Attachment::Photo {
                    caption: caption.to_string(),
                })
                .into_iter()
                .collect();
            turns.push(LocomoTurn {
                dia,
                speaker,
                text,
                attachments,
            });
        }
        let date_key = format!("session_{n}_date_time");
        let date_at = || vec![field("conversation"), field(&date_key)];
        let time = match conv.get(&date_key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => {
                Some(session_date(s).map_err(|m| fault(date_at(), &format!("`{date_key}`: {m}")))?)
            }
            Some(_) => return Err(fault(date_at(), &format!("`{date_key}` is not a string"))),
        };
        sessions.push(Session { number: n, time, turns });
    }
    let known: std::collections::HashSet<&str> = sessions
        .iter()
        .flat_map(|s| s.turns.iter().map(|t| t.dia.as_str()))
        .collect();
    let questions = c
        .get("qa")
        .and_then(Value::as_array)
        .map(|qa| {
            qa.iter()
                .enumerate()
                .filter_map(|(qi, q)| {
                    let category = u8::try_from(q.get("category")?.as_u64()?).ok()?;
                    let adversarial_answer = q.get("adversarial_answer").map(value_text);
                    let answer = match q.get("answer") {
                        Some(a) => value_text(a),
                        None if category == 5 => "not mentioned".into(),
                        None => return None,
                    };
                    Some(Question {
                        id: format!("{id}/q{qi}"),
                        question: q.get("question")?.as_str()?.to_string(),
                        answer,
                        adversarial_answer,
                        evidence: evidence_ids(q.get("evidence"), &known),
                        category,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Conversation {
        id,
        speakers,
        sessions,
        questions,
    })
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Evidence ids split on `;`, `,` and whitespace; what does not parse or does not exist is dropped.
#[must_use]
pub fn evidence_ids(v: Option<&Value>, known: &std::collections::HashSet<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in v.and_then(Value::as_array).into_iter().flatten() {
        let Some(s) = item.as_str() else { continue };
        for part in s.split(|c: char| c == ';' || c == ',' || c.is_whitespace()) {
            let p = part.trim();
            let well_formed = p
                .strip_prefix('D')
                .and_then(|r| r.split_once(':'))
                .is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && a.chars().all(|c| c.is_ascii_digit())
                        && b.chars().all(|c| c.is_ascii_digit())
                });
            if well_formed && known.contains(p) && !out.iter().any(|o| o == p) {
                out.push(p.to_string());
            }
        }
    }
    out
}

/// "1:56 pm on 8 May, 2023" → a timestamp; `None` for anything else.
#[must_use]
pub fn parse_session_date(s: &str) -> Option<Timestamp> {
    session_date(s).ok()
}

/// "1:56 pm on 8 May, 2023" → a timestamp, or why not: an impossible or out-of-range date
/// (31 February, 13:00 pm, year 99999) is refused, never normalised.
pub fn session_date(s: &str) -> std::result::Result<Timestamp, String> {
    let expected = || format!("{s:?} is not a date like \"1:56 pm on 8 May, 2023\"");
    let lower = s.to_lowercase();
    let (clock, date) = lower.split_once(" on ").ok_or_else(expected)?;
    let (hm, ampm) = clock.trim().split_once(' ').ok_or_else(expected)?;
    let (h, m) = hm.split_once(':').ok_or_else(expected)?;
    let (h, m): (u32, u32) = (
        h.trim().parse().map_err(|_| expected())?,
        m.trim().parse().map_err(|_| expected())?,
    );
    if !(1..=12).contains(&h) {
        return Err(format!("{s:?}: hour {h} is not on a 12-hour clock"));
    }
    let h = match ampm.trim() {
        "pm" if h < 12 => h.saturating_add(12),
        "am" if h == 12 => 0,
        "am" | "pm" => h,
        _ => return Err(expected()),
    };
    let parts: Vec<&str> = date
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    let [day, month, year] = parts[..] else {
        return Err(expected());
    };
    let month = Timestamp::month_from_name(month).ok_or_else(expected)?;
    let year: i64 = year.parse().map_err(|_| expected())?;
    let day: u32 = day.parse().map_err(|_| expected())?;
    Timestamp::from_civil(year, month, day, h, m, 0)
        .ok_or_else(|| format!("{s:?} is not a real date and time (or is outside years -9999..=9999)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn session_dates_parse() {
        let t = parse_session_date("1:56 pm on 8 May, 2023").unwrap();
        assert_eq!(t.to_string(), "2023-05-08T13:56:00Z");
        assert_eq!(
            parse_session_date("12:09 am on 13 September, 2023")
                .unwrap()
                .to_string(),
            "2023-09-13T00:09:00Z"
        );
        assert!(parse_session_date("sometime").is_none());
    }

    /// Regression: year 99999 made an unreadable log; 31 February and 13 pm were normalised.
    #[test]
    fn impossible_session_dates_are_refused() {
        for bad in [
            "1:56 pm on 8 May, 99999",
            "1:56 pm on 31 February, 2023",
            "13:56 pm on 8 May, 2023",
            "1:99 pm on 8 May, 2023",
            "1:56 pm on 8 Zo\u{eb}, 2023",
            "1:56 pm on 8 May\u{2019}, 2023",
            "1:56 \u{200f}pm on 8 May, 2023",
        ] {
            assert!(session_date(bad).is_err(), "{bad}");
        }
    }

    /// Regression: every LoCoMo error said line 0.
    #[test]
    fn errors_name_the_line_of_the_value_at_fault() {
        let good = r#"[
 {"sample_id": "c1", "conversation": {"speaker_a": "A", "speaker_b": "B",
  "session_1_date_time": "1:56 pm on 8 May, 2023",
  "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "hi"}]}},
 {"sample_id": "c2", "conversation": {"speaker_a": "A", "speaker_b": "B",
  "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "hi"},
    {"speaker": "B", "text": "no id"}],
  "session_1_date_time": "1:56 pm on 31 February, 2023"}}
]"#;
        let err = parse(good, "l.json").unwrap_err().to_string();
        assert!(err.starts_with("l.json:7:"), "{err}");
        assert!(err.contains("dia_id"), "{err}");
        let fixed = good.replace(r#""text": "no id""#, r#""dia_id": "D1:2", "text": "x""#);
        let err = parse(&fixed, "l.json").unwrap_err().to_string();
        assert!(err.starts_with("l.json:8:"), "{err}");
        assert!(err.contains("February"), "{err}");
        let err = parse("{}", "l.json").unwrap_err().to_string();
        assert!(err.starts_with("l.json:1:"), "{err}");
    }

    #[test]
    fn malformed_and_unknown_evidence_is_dropped() {
        let known: HashSet<&str> = ["D8:6", "D9:17", "D1:3"].into_iter().collect();
        let v = serde_json::json!(["D8:6; D9:17", "D", "D1:3", "D99:1", 5]);
        assert_eq!(evidence_ids(Some(&v), &known), vec!["D8:6", "D9:17", "D1:3"]);
    }

    #[test]
    fn quirks_numbers_adversarial_and_extra_date_keys() {
        let text = r#"[{"sample_id":"c1","conversation":{"speaker_a":"A","speaker_b":"B",
            "session_1_date_time":"1:56 pm on 8 May, 2023","session_2_date_time":"2:00 pm on 9 May, 2023",
            "session_1":[{"speaker":"A","dia_id":"D1:1","text":"hi"},{"speaker":"B","dia_id":"D1:2","text":"yo","blip_caption":"a dog"}]},
            "qa":[{"question":"q?","answer":2022,"evidence":["D1:1"],"category":2},
                  {"question":"adv?","adversarial_answer":"trap","evidence":["D1:2"],"category":5}]}]"#;
        let convs = parse(text, "t.json").unwrap();
        let c = &convs[0];
        assert_eq!(c.sessions.len(), 1, "date keys without a session list are ignored");
        assert_eq!(c.questions[0].answer, "2022");
        assert_eq!(c.questions[1].answer, "not mentioned");
        assert_eq!(c.questions[1].adversarial_answer.as_deref(), Some("trap"));
        assert!(c.turns()[1].attachments.iter().any(|a| a.caption() == "a dog"));
        assert_eq!(c.turns()[1].source_ref.as_deref(), Some("D1:2"));
    }
}
