//! Replies in structured form (the JSON objects of [`super::schema`]) read into the same values
//! the text parsers produce, so the engine stores the same shapes whichever mode a call used.

use super::parse::{ParseError, SynthReply, lenient_json};
use serde_json::{Map, Value};

/// The reply's JSON object, if the reply is one (after fences and reasoning are stripped).
pub fn object(body: &str) -> Option<Map<String, Value>> {
    if !body.trim_start().starts_with('{') {
        return None;
    }
    match lenient_json(body) {
        Ok(Value::Object(o)) => Some(o),
        _ => None,
    }
}

fn text(o: &Map<String, Value>, key: &str) -> String {
    o.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .trim()
        .to_string()
}

fn list(o: &Map<String, Value>, key: &str) -> Vec<String> {
    match o.get(key) {
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        Some(Value::String(s)) => s.lines().map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

fn bullets(items: &[String]) -> String {
    items.iter().map(|i| format!("- {i}")).collect::<Vec<_>>().join("\n")
}

/// `{"fact", "base_conclusions", "salient_conclusions"}`.
pub fn synth(o: &Map<String, Value>) -> Result<SynthReply, ParseError> {
    let fact = text(o, "fact");
    if fact.is_empty() {
        return Err(ParseError("the `fact` field is empty".into()));
    }
    Ok(SynthReply {
        fact,
        base: list(o, "base_conclusions"),
        salient: list(o, "salient_conclusions"),
    })
}

/// `{"fact_summary", "inferences"}` → the paper's RK1 text.
pub fn rk1(o: &Map<String, Value>) -> Result<String, ParseError> {
    let summary = text(o, "fact_summary");
    if summary.is_empty() {
        return Err(ParseError("the `fact_summary` field is empty".into()));
    }
    let inferences: Vec<String> = list(o, "inferences")
        .into_iter()
        .map(|i| {
            let i = i.trim();
            let i = i.strip_prefix("Inferred Trait/Interest:").unwrap_or(i).trim();
            format!("Inferred Trait/Interest: {i}")
        })
        .collect();
    let mut out = format!("Fact Summary: {summary}");
    if !inferences.is_empty() {
        out.push_str("\nActionable Inferences:\n");
        out.push_str(&bullets(&inferences));
    }
    Ok(out)
}

/// `{"general_core_facts", "specific_domain_facts": [{"label", "facts"}]}` → (Σ, Δ) text.
pub fn rk2(o: &Map<String, Value>) -> Result<(String, String), ParseError> {
    if !o.contains_key("general_core_facts") {
        return Err(ParseError("missing the `general_core_facts` field".into()));
    }
    let sigma = bullets(&list(o, "general_core_facts"));
    let mut delta = Vec::new();
    if let Some(Value::Array(groups)) = o.get("specific_domain_facts") {
        for g in groups {
            match g {
                Value::Object(g) => {
                    let label = text(g, "label");
                    let label = label.trim_start_matches("Regarding ").trim_end_matches(':').trim();
                    let facts = list(g, "facts");
                    if facts.is_empty() {
                        continue;
                    }
                    if !label.is_empty() {
                        delta.push(format!("Regarding {label}:"));
                    }
                    delta.push(bullets(&facts));
                }
                Value::String(s) => delta.push(format!("- {s}")),
                _ => {}
            }
        }
    }
    Ok((sigma, delta.join("\n")))
}

/// `{"macro_law", "core_traits", "restrictions_and_guidelines"}` → (Σ, Δ) text.
pub fn rk3(o: &Map<String, Value>) -> Result<(String, String), ParseError> {
    let law = text(o, "macro_law");
    if law.is_empty() {
        return Err(ParseError("the `macro_law` field is empty".into()));
    }
    let sigma = format!("{law}\n{}", bullets(&list(o, "core_traits")));
    Ok((
        sigma.trim().to_string(),
        bullets(&list(o, "restrictions_and_guidelines")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(s: &str) -> Map<String, Value> {
        object(s).unwrap()
    }

    #[test]
    fn structured_replies_become_the_text_shapes() {
        let r = synth(&obj(
            r#"{"fact": "Alex lifted.", "base_conclusions": ["a"], "salient_conclusions": []}"#,
        ))
        .unwrap();
        assert_eq!((r.fact.as_str(), r.base.len(), r.salient.len()), ("Alex lifted.", 1, 0));
        assert!(synth(&obj(r#"{"fact": " "}"#)).is_err());
        assert_eq!(
            rk1(&obj(r#"{"fact_summary": "Lifts.", "inferences": ["strong"]}"#)).unwrap(),
            "Fact Summary: Lifts.\nActionable Inferences:\n- Inferred Trait/Interest: strong"
        );
        let (s, d) = rk2(&obj(
            r#"{"general_core_facts": ["lifts"], "specific_domain_facts": [{"label": "Regarding Injury:", "facts": ["back"]}]}"#,
        ))
        .unwrap();
        assert_eq!((s.as_str(), d.as_str()), ("- lifts", "Regarding Injury:\n- back"));
        let (s, d) = rk3(&obj(
            r#"{"macro_law": "Law.", "core_traits": ["t"], "restrictions_and_guidelines": ["r"]}"#,
        ))
        .unwrap();
        assert_eq!((s.as_str(), d.as_str()), ("Law.\n- t", "- r"));
        assert!(object("Fact: x").is_none());
    }
}
