//! Tests of the reply parsers: every format, lenient and strict, with hostile text.

use super::*;

#[test]
fn json_survives_fences_prose_commas_quotes_and_truncation() {
    let cases = [
        "```json\n[{\"name\": \"a\", \"retrieve\": []}]\n```",
        "Sure! Here it is:\n[{\"name\": \"a\", \"retrieve\": [],},]",
        "[{'name': 'a', 'retrieve': []}]",
        "[{\"name\": \"a\", \"retrieve\": [\"summary\"",
        "[{\"name\": \"a\", \"retrieve\": []}] Hope this helps.",
        "Here is the plan [as requested]:\n[{\"name\": \"a\", \"retrieve\": []}]",
        "<think>\nThe user wants [a list]. Fact: none.\n</think>\n[{\"name\": \"a\", \"retrieve\": []}]",
        "Output:\n```\n[{\"name\": \"a\", \"retrieve\": [\"history\"],}\n```",
    ];
    for c in cases {
        let plan = parse_plan(c).unwrap_or_else(|e| panic!("{c}: {e}"));
        assert_eq!(plan[0].name, "a", "{c}");
    }
    assert!(parse_plan("no json here").is_err());
}

#[test]
fn a_fence_inside_the_reply_is_content_and_only_a_wrapping_fence_is_stripped() {
    let code = "Fact: Alex shared a script:\n```python\nprint('hi')\n```\nBase Conclusions:\n- Alex writes Python.\nSalient Conclusions:";
    let r = parse_synth(code).unwrap();
    assert_eq!(r.fact, "Alex shared a script:");
    assert_eq!(r.base, vec!["Alex writes Python."]);
    let wrapped = "```\nFact: Alex codes.\nBase Conclusions:\n- Alex likes Rust.\n```";
    assert_eq!(parse_synth(wrapped).unwrap().base, vec!["Alex likes Rust."]);
    // Two blocks are not one wrapping block.
    assert_eq!(
        strip_fences("```\na\n```\nmid\n```\nb\n```"),
        "```\na\n```\nmid\n```\nb\n```"
    );
    assert_eq!(strip_fences("```json\n{\"a\": 1}\n```"), "{\"a\": 1}");
}

#[test]
fn structured_replies_parse_and_are_cleaned() {
    let r = parse_synth(
        r#"{"fact": "**Alex** lifted <sentence>", "base_conclusions": ["Alex lifts.", "Alex lifts", "- Alex lifts."], "salient_conclusions": ["alex lifts", "Alex hurt his back."]}"#,
    )
    .unwrap();
    assert_eq!(r.fact, "Alex lifted");
    assert_eq!(r.base, vec!["Alex lifts."]);
    assert_eq!(r.salient, vec!["Alex hurt his back."]);
    let plan =
        parse_plan(r#"{"keywords": [{"name": "gym", "retrieve": []}, {"name": "Gym", "retrieve": []}]}"#).unwrap();
    assert_eq!(plan.len(), 1);
    let paths = parse_paths(r#"{"paths": [[{"name": "Alex", "type": "abstract"}, {"name": "**Sports**", "type": "abstract"}], [{"name": "Alex", "type": "abstract"}, {"name": "Sports", "type": "abstract"}]]}"#).unwrap();
    assert_eq!(paths.len(), 1);
    assert_eq!(paths[0][1].name, "Sports");
    let (s, _) = parse_rk2(
        "# General Core Facts\n- Charity Race\n- Charity Race\n- Charity\n- <fact>\n# Specific Domain Facts\n",
    )
    .unwrap();
    assert_eq!(s, "- Charity Race");
}

#[test]
fn lists_wrapped_in_an_object_are_found() {
    let paths = parse_paths("{\"entities\": [[{\"name\": \"User\", \"type\": \"abstract\"}]]}").unwrap();
    assert_eq!(paths[0][0].name, "User");
    let rels = parse_relations(
        "{'edges': [{'source': 'User', 'target': 'Gym', 'relationship': 'goes to', 'relationship_type': 'event'}]}",
    )
    .unwrap();
    assert_eq!(rels[0].target, "Gym");
    assert!(parse_relations("{\"a\": [], \"b\": []}").is_err());
}

#[test]
fn a_think_block_does_not_hide_the_answer() {
    let r = parse_synth("<think>Fact: not this one</think>\nFact: Alex lifts.\nBase Conclusions:\n- likes it").unwrap();
    assert_eq!(r.fact, "Alex lifts.");
}

#[test]
fn rk2_splits_sigma_and_delta() {
    let (s, d) =
        parse_rk2("# General Core Facts\n- lifts\n# Specific Domain Facts\nRegarding Injury:\n- back").unwrap();
    assert_eq!(s, "- lifts");
    assert_eq!(
        d, "Regarding Injury:\n- back (active)",
        "a model's Δ bullet reads as an active item"
    );
    assert!(parse_rk2("just prose").is_err());
}

#[test]
fn rk3_maps_law_and_traits_to_sigma() {
    let (s, d) = parse_rk3("# Macro-Law\nLaw.\n# Core Traits\n- t\n# Restrictions and Guidelines\n- r").unwrap();
    assert_eq!(s, "Law.\n- t");
    assert_eq!(d, "- r (active)");
}

#[test]
fn rk1_normalises_bullets() {
    let t = parse_rk1("**Fact Summary:** Lifts often.\n**Actionable Inferences:**\n* Inferred Trait/Interest: strong")
        .unwrap();
    assert_eq!(
        t,
        "Fact Summary: Lifts often.\nActionable Inferences:\n- Inferred Trait/Interest: strong"
    );
}

#[test]
fn synth_reads_three_parts() {
    let r =
        parse_synth("Fact: Alex lifted.\nBase Conclusions:\n- likes gym\nSalient Conclusions:\n- hurt back").unwrap();
    assert_eq!(r.fact, "Alex lifted.");
    assert_eq!(r.base, vec!["likes gym"]);
    assert_eq!(r.salient, vec!["hurt back"]);
    assert!(parse_synth("Base Conclusions:\n- x").is_err());
}

#[test]
fn judge_reads_label() {
    assert_eq!(parse_judge("{\"label\": \"CORRECT\"}"), Ok(true));
    assert_eq!(parse_judge("```\n{'label': 'wrong'}\n```"), Ok(false));
    assert!(parse_judge("{\"verdict\": 1}").is_err());
}

#[test]
fn a_structured_name_cut_by_the_grammar_ends_at_a_whole_word() {
    let reply = r#"{"paths": [{"base": "Health and Wellness", "folder": "", "activity": "Swimming", "instance": "Forty Lengths at the City Pool This Morning Befo"}]}"#;
    let paths = parse_paths(reply).unwrap();
    let names: Vec<&str> = paths[0].iter().map(|n| n.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Health and Wellness",
            "Swimming",
            "Forty Lengths at the City Pool This Morning"
        ]
    );
    // Short names are never touched.
    assert_eq!(whole_words("Morning Swim", 40), "Morning Swim");
    assert_eq!(
        whole_words("Early Swim at the Pool with the Lifeguard Wa", 44),
        "Early Swim at the Pool with the Lifeguard"
    );
}
