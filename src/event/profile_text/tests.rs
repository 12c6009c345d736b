use super::*;

const SIGMA: &str = "Alex is shaped by Health and Wellness and Work and Study. Health and Wellness shows active tension.\n\
- Strength Training: Strength training has come up regularly since 4 March 2024. Mentions: Alex hurt their back deadlifting on Saturday, 4 May 2024; Alex really misses squats (20 May 2024).\n\
- Also mentioned: Workouts came up once.\n\
- Nothing recurs here yet.";

#[test]
fn sigma_reads_into_bullets_and_prints_back_as_it_was() {
    let sigma = parse_sigma(SIGMA);
    assert_eq!(sigma.overview.len(), 1);
    assert_eq!(sigma.bullets.len(), 3);
    let b = &sigma.bullets[0];
    assert_eq!(b.branch, "Strength Training");
    assert_eq!(b.text, "Strength training has come up regularly since 4 March 2024.");
    assert_eq!(b.mentions.len(), 2);
    assert_eq!(b.mentions[0].date, None, "a date inside the clause is not its own");
    assert_eq!(b.mentions[1].text, "Alex really misses squats");
    assert_eq!(b.mentions[1].date.as_deref(), Some("2024-05-20"));
    assert_eq!(sigma.bullets[2].branch, "");
    assert_eq!(render_sigma(&sigma), SIGMA);
}

#[test]
fn a_bullet_whose_mentions_would_print_differently_is_kept_whole() {
    let text = "- Reading: Reads a lot. Mentions: a book (20 May 2024)...";
    let sigma = parse_sigma(text);
    assert!(sigma.bullets[0].mentions.is_empty());
    assert_eq!(render_sigma(&sigma), text);
    let odd_date = "- Reading: Reads. Mentions: a book (05 May 2024).";
    assert_eq!(render_sigma(&parse_sigma(odd_date)), odd_date);
}

#[test]
fn delta_keeps_its_layout_and_item_status() {
    let grouped = "Regarding Walking:\n- [change] Walks to work. (20 May 2024; active)\nRegarding Strength Training:\n- [constraint] No lifting for three months. (8 May 2024; active until 8 August 2024)";
    let d = parse_delta(grouped);
    assert_eq!(d.layout, DeltaLayout::Grouped);
    assert_eq!(d.items[1].status_date.as_deref(), Some("2024-08-08"));
    assert_eq!(render_delta(&d), grouped);
    let prefixed = "- Walking: [change] Walks to work. (20 May 2024; superseded 5 June 2024)";
    let d = parse_delta(prefixed);
    assert_eq!(d.layout, DeltaLayout::Prefixed);
    assert_eq!(d.items[0].group, "Walking");
    assert_eq!(d.items[0].status, DeltaStatus::Superseded);
    assert_eq!(render_delta(&d), prefixed);
}

#[test]
fn summary_reads_fact_mentions_and_inferences() {
    let text = "Fact Summary: Alex mentions swimming. Mentions: Alex swims three times a week (26 June 2024).\nActionable Inferences:\n- Inferred Trait/Interest: Alex enjoys swimming.";
    let s = parse_summary(text);
    assert_eq!(s.fact, "Alex mentions swimming.");
    assert_eq!(s.mentions[0].date.as_deref(), Some("2024-06-26"));
    assert_eq!(s.inferences, vec!["Alex enjoys swimming.".to_string()]);
    assert_eq!(render_summary(&s), text);
    assert_eq!(
        render_summary(&parse_summary("Fact Summary: Short.")),
        "Fact Summary: Short."
    );
    assert_eq!(render_summary(&RelationSummary::default()), "");
}

#[test]
fn hostile_text_never_panics_and_round_trips() {
    for text in [
        "- Café: “Curly” 😀 猫. Mentions: ü (1 January 0); x (31 December 99999).",
        "- : empty branch",
        "Mentions: ",
        "- Mentions: ;;; .",
        "```\ncode\n```",
    ] {
        assert_eq!(
            render_sigma(&parse_sigma(text)),
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        );
        let _ = parse_delta(text);
        let _ = parse_summary(text);
    }
}
