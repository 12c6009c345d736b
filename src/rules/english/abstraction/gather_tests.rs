//! Tests of gathering mentions into clauses: where a clause starts and ends, and what it may not end on.

use super::*;
use crate::time::Timestamp;

fn mention(facet: &str, text: &str, date: &str) -> EvidenceItem {
    EvidenceItem {
        kind: EvidenceKind::Mention,
        facet: facet.into(),
        text: text.into(),
        salient: false,
        time: Timestamp::parse(&format!("{date}T10:00:00Z")).ok(),
    }
}

#[test]
fn mentions_across_sessions_gather_into_one_dated_list() {
    let lex = Lexicon::builtin();
    let a = mention(
        "Camping",
        "user mentions camping (\"Yeah, we went camping at the beach with the kids, it was lovely.\") on 2023-06-20",
        "2023-06-20",
    );
    let b = mention(
        "Camping",
        "user mentions camping (\"I camped in the mountains for three nights.\") on 2023-07-03",
        "2023-07-03",
    );
    let first = merge(lex, "Camping", "Melanie", Vec::new(), &[&a]);
    let both = merge(lex, "Camping", "Melanie", first.clone(), &[&b, &a]);
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(
        both[0].starts_with("Melanie and others went camping at the beach"),
        "{both:?}"
    );
    assert!(both[0].ends_with("(20 June 2023)"), "{both:?}");
    assert!(
        both[1].starts_with("Melanie camped in the mountains for three nights"),
        "{both:?}"
    );
    let asked = mention(
        "Camping",
        "user mentions camping (\"What do you love most about camping?\") on 2023-07-09",
        "2023-07-09",
    );
    assert_eq!(merge(lex, "Camping", "Melanie", both.clone(), &[&asked]), both);
    let text = join("Camping has come up regularly since 20 June 2023.", &both);
    let bullet = crate::event::Sigma::parse(&format!("- Camping: {text}"));
    assert_eq!(
        bullet.bullets[0].text,
        "Camping has come up regularly since 20 June 2023."
    );
    let back: Vec<String> = bullet.bullets[0]
        .mentions
        .iter()
        .map(crate::event::profile_text::render_mention)
        .collect();
    assert_eq!(back, both);
}

#[test]
fn a_quote_cut_short_loses_its_part_word() {
    let lex = Lexicon::builtin();
    let cut = mention(
        "Swimming",
        "user mentions swimming (\"Now I swim twice a week for more energy le…\")",
        "2024-07-20",
    );
    let got = merge(lex, "Swimming", "Sam", Vec::new(), &[&cut]);
    assert_eq!(got.len(), 1, "{got:?}");
    // "for more energy le…" may have gone on ("energy levels"): the clause ends before it.
    assert_eq!(got[0], "Sam swims twice a week (20 July 2024)");
}

#[test]
fn a_clause_cut_by_the_word_cap_ends_where_a_phrase_began() {
    let lex = Lexicon::builtin();
    let office = mention(
        "Budgeting",
        "user mentions budgeting (\"I'm kinda worried about my budget planning for next year, Brittney and I agreed to review it monthly.\")",
        "2024-12-20",
    );
    assert_eq!(
        merge(lex, "Budgeting", "Michael", Vec::new(), &[&office]),
        vec!["Michael is kinda worried about their budget planning for 2025 (20 December 2024)"]
    );
    // No place where a phrase began after the activity: the fragment is not gathered.
    let fragment = mention(
        "Budgeting",
        "user mentions budgeting (\"I understand all of the important but rather confusing budget…\")",
        "2024-12-20",
    );
    assert!(merge(lex, "Budgeting", "Michael", Vec::new(), &[&fragment]).is_empty());
}

#[test]
fn a_clause_keeps_its_unit_drops_a_trailing_though_and_no_weak_word_names_a_branch() {
    let lex = Lexicon::builtin();
    let walk = mention(
        "Walking",
        "user mentions walking (\"She also said I should walk every day, 20 to 30 minutes, because movement helps.\")",
        "2024-05-20",
    );
    assert_eq!(
        merge(lex, "Walking", "Alex", Vec::new(), &[&walk]),
        vec!["Alex should walk every day, 20 to 30 minutes (20 May 2024)"]
    );
    let squats = mention(
        "Strength Training",
        "user mentions strength training (\"I really miss squats though.\")",
        "2024-05-20",
    );
    assert_eq!(
        merge(lex, "Strength Training", "Alex", Vec::new(), &[&squats]),
        vec!["Alex really misses squats (20 May 2024)"]
    );
    let technique = mention(
        "Employment",
        "user mentions employment (\"For now I'm just adding a fifth day for technique work, light squats.\")",
        "2024-04-02",
    );
    assert!(merge(lex, "Employment", "Alex", Vec::new(), &[&technique]).is_empty());
    let at_work = mention(
        "Employment",
        "user mentions employment (\"I had a long week at work.\")",
        "2024-04-02",
    );
    assert_eq!(merge(lex, "Employment", "Alex", Vec::new(), &[&at_work]).len(), 1);
}

#[test]
fn a_relative_clause_s_i_opens_no_clause() {
    let lex = Lexicon::builtin();
    let walk = mention(
        "Walking",
        "user mentions walking (\"The playlist I created with 30 tracks helps me during my evening walks.\")",
        "2024-10-10",
    );
    let got = merge(lex, "Walking", "Sam", Vec::new(), &[&walk]);
    assert!(!got.iter().any(|g| g.contains("Sam created with")), "{got:?}");
    let morning = mention(
        "Walking",
        "user mentions walking (\"This morning I walked to the lake with my dog.\")",
        "2024-10-10",
    );
    let got = merge(lex, "Walking", "Sam", Vec::new(), &[&morning]);
    assert!(got.iter().any(|g| g.starts_with("Sam walked to the lake")), "{got:?}");
}

#[test]
fn a_title_s_full_stop_ends_no_clause() {
    let lex = Lexicon::builtin();
    let tutor = mention(
        "Tutoring",
        "user mentions tutoring (\"I booked a tutoring session with Ms. Harper for Tuesday.\")",
        "2024-04-08",
    );
    let got = merge(lex, "Tutoring", "Sam", Vec::new(), &[&tutor]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains("Ms. Harper for Tuesday"), "{got:?}");
}

#[test]
fn a_version_keeps_its_points_and_a_possessive_after_i_opens_no_clause() {
    let lex = Lexicon::builtin();
    let version = mention(
        "PyMuPDF",
        "user mentions pymupdf (\"I've chosen PyMuPDF 1.22.0 for parsing the resumes.\")",
        "2024-01-10",
    );
    assert_eq!(
        merge(lex, "PyMuPDF", "Sam", Vec::new(), &[&version]),
        vec!["Sam has chosen PyMuPDF 1.22.0 for parsing the resumes (10 January 2024)"]
    );
    let time = mention(
        "Workload",
        "user mentions workload (\"I need to manage my time effectively to meet the deadline.\")",
        "2024-01-10",
    );
    let got = merge(lex, "Workload", "Sam", Vec::new(), &[&time]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("Sam needs to manage"), "{got:?}");
    // Far after the "I" whose object it is, a possessive still opens no clause.
    let lease = mention(
        "Budgeting",
        "user mentions budgeting (\"I went over the whole moving checklist twice last night and then checked my budgeting spreadsheet again to be sure.\")",
        "2024-05-12",
    );
    let got = merge(lex, "Budgeting", "Sam", Vec::new(), &[&lease]);
    assert!(got.iter().all(|c| !c.starts_with("Sam's budgeting")), "{got:?}");
}

#[test]
fn a_quoted_title_is_not_what_the_speaker_did() {
    let lex = Lexicon::builtin();
    let post = mention(
        "Taxes",
        "user mentions taxes (\"Maybe I could write a post titled \"How I Used Tax-Loss Harvesting to Save on Taxes.\" I paid my taxes early this year.\")",
        "2024-09-22",
    );
    let got = merge(lex, "Taxes", "Sam", Vec::new(), &[&post]);
    assert!(!got.iter().any(|g| g.contains("Sam Used")), "{got:?}");
    assert!(
        got.iter().any(|g| g.starts_with("Sam paid their taxes early")),
        "{got:?}"
    );
}

#[test]
fn a_question_cut_before_its_mark_is_still_a_question() {
    let lex = Lexicon::builtin();
    for quoted in [
        "What should I do when Scott wants to invite extra friends to his birthday party but we've already limited the guest list to 12 due to space and budget constr…",
        "Is it a good idea to involve Scott in planning, like we did with the Halloween party, to teach him…",
        "What are some strategies for positive discipline, like the rewards my parents use for the birthday party, such as…",
    ] {
        let m = mention(
            "Parties",
            &format!("user mentions parties (\"{quoted}\") on 2024-08-25"),
            "2024-08-25",
        );
        assert!(merge(lex, "Parties", "Dana", Vec::new(), &[&m]).is_empty(), "{quoted}");
    }
    let told = mention(
        "Parties",
        "user mentions parties (\"When I planned my sister's birthday party last year, I booked the hall early.\") on 2024-08-25",
        "2024-08-25",
    );
    assert_eq!(merge(lex, "Parties", "Dana", Vec::new(), &[&told]).len(), 1);
}

#[test]
fn a_clause_cut_inside_what_it_subordinates_ends_before_it() {
    let lex = Lexicon::builtin();
    let m = mention(
        "Pottery",
        "user mentions pottery (\"I booked a pottery class last week because the studio in the old town centre has good kilns.\") on 2024-11-25",
        "2024-11-25",
    );
    let got = merge(lex, "Pottery", "Dana", Vec::new(), &[&m]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("Dana booked a pottery class"), "{got:?}");
    assert!(!got[0].contains("because"), "{got:?}");
    // A subordinate clause whose verb is kept stays.
    let kept = mention(
        "Pottery",
        "user mentions pottery (\"I'm worried that my pottery teacher might think my bowls are too thick for the spring show at the gallery.\") on 2024-11-25",
        "2024-11-25",
    );
    let got = merge(lex, "Pottery", "Dana", Vec::new(), &[&kept]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("Dana is worried that their pottery teacher might think"),
        "{got:?}"
    );
    let said = mention(
        "Pottery",
        "user mentions pottery (\"I'm thinking about a pottery class because people say it's good for beginners and calming after long shifts.\") on 2024-11-25",
        "2024-11-25",
    );
    let got = merge(lex, "Pottery", "Dana", Vec::new(), &[&said]);
    assert!(got.iter().any(|c| c.contains("because people say")), "{got:?}");
}

#[test]
fn a_plan_opens_no_clause_and_no_clause_ends_on_a_dangling_verb() {
    let lex = Lexicon::builtin();
    let will = mention(
        "Investing",
        "user mentions investing (\"I'll go over my investing plan and jot down my goals tonight.\") on 2024-01-15",
        "2024-01-15",
    );
    assert!(merge(lex, "Investing", "Dana", Vec::new(), &[&will]).is_empty());
    let seeing = mention(
        "Investing",
        "user mentions investing (\"I'm kinda worried about my investing account after seeing that awful earnings report my brother shared last week.\") on 2024-03-03",
        "2024-03-03",
    );
    let got = merge(lex, "Investing", "Dana", Vec::new(), &[&seeing]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("Dana is kinda worried about their investing account ("),
        "{got:?}"
    );
    let trying = mention(
        "Meditation",
        "user mentions meditation (\"I'm overwhelmed by all the different coping methods I'm trying, from meditation to journaling.\") on 2024-04-10",
        "2024-04-10",
    );
    let got = merge(lex, "Meditation", "Dana", Vec::new(), &[&trying]);
    assert!(got.iter().all(|c| !c.starts_with("Dana is trying")), "{got:?}");
}

#[test]
fn no_clause_ends_on_a_word_whose_phrase_went() {
    let lex = Lexicon::builtin();
    for (quoted, want) in [
        (
            "I increased my savings to $1,000 starting in October twenty twenty four once long family budget talks ended.",
            Some("Dana increased their savings to $1,000 ("),
        ),
        (
            "I think the estimates for my savings on utilities and groceries are pretty accurate based…",
            None,
        ),
        (
            "I started a joint savings plan inspired by my late great uncle Robert Jameson Senior Junior Third.",
            Some("Dana started a joint savings plan ("),
        ),
        (
            "I posted my savings plan on the…",
            Some("Dana posted their savings plan ("),
        ),
        (
            "I'm trying to finish my savings report for the credit union to \"Money Matters\" by Friday.",
            Some("Dana is trying to finish their savings report for the credit union ("),
        ),
        (
            "I've booked the Riverside Credit Union savings advisor for a review every Sunday from 9 to 10 AM, how can I make sure I stick to this routine and m…",
            Some("Dana has booked the Riverside Credit Union savings advisor for a review every Sunday ("),
        ),
    ] {
        let m = mention(
            "Saving Money",
            &format!("user mentions saving money (\"{quoted}\") on 2024-10-05"),
            "2024-10-05",
        );
        let got = merge(lex, "Saving Money", "Dana", Vec::new(), &[&m]);
        match want {
            Some(start) => assert!(got.len() == 1 && got[0].starts_with(start), "{quoted}: {got:?}"),
            None => assert!(got.is_empty(), "{quoted}: {got:?}"),
        }
    }
}

#[test]
fn a_gerund_that_opens_on_my_own_is_the_clause_s_subject() {
    let lex = Lexicon::builtin();
    let m = mention(
        "Vegetables",
        "user mentions vegetables (\"Growing my own herbs and veggies sounds like a fun project for the spring.\") on 2024-04-07",
        "2024-04-07",
    );
    let got = merge(lex, "Vegetables", "Meghan", Vec::new(), &[&m]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("Growing their own herbs and veggies"), "{got:?}");
}

#[test]
fn a_clause_a_possessive_opens_without_a_verb_is_what_the_person_talked_about() {
    let lex = Lexicon::builtin();
    let m = mention(
        "Salary",
        "user mentions salary (\"My current salary at $1,200 and a raise to $1,800 in the new role, I'm weighing the move.\") on 2024-09-15",
        "2024-09-15",
    );
    let got = merge(lex, "Salary", "Dana", Vec::new(), &[&m]);
    assert!(
        got.len() == 1 && got[0].starts_with("Dana talked about their current salary at $1,200"),
        "{got:?}"
    );
    let said = mention(
        "Salary",
        "user mentions salary (\"Honestly my salary went up by $200 last month after the review.\") on 2024-09-15",
        "2024-09-15",
    );
    let got = merge(lex, "Salary", "Dana", Vec::new(), &[&said]);
    assert!(got.iter().any(|g| g.starts_with("Dana's salary went up")), "{got:?}");
    // After a preposition a possessive is its object, and opens no clause.
    let object = mention(
        "Salary",
        "user mentions salary (\"Took a pay cut, lower than my old salary at the bank, but it's worth it.\") on 2024-09-15",
        "2024-09-15",
    );
    let got = merge(lex, "Salary", "Dana", Vec::new(), &[&object]);
    assert!(got.iter().all(|g| !g.contains("old salary at the bank")), "{got:?}");
}

#[test]
fn a_possessive_after_a_gerund_is_its_object_and_opens_no_clause() {
    let lex = Lexicon::builtin();
    let herbs = mention(
        "Gardening",
        "user mentions gardening (\"Growing my own herbs in the garden sounds like a fun project too.\")",
        "2024-04-07",
    );
    let got = merge(lex, "Gardening", "Sam", Vec::new(), &[&herbs]);
    assert!(got.iter().all(|c| !c.starts_with("Sam's own")), "{got:?}");
    // After a verb of saying it opens the clause said.
    let shoulder = mention(
        "Gardening",
        "user mentions gardening (\"The physio says my gardening has to wait a month.\")",
        "2024-04-07",
    );
    let got = merge(lex, "Gardening", "Sam", Vec::new(), &[&shoulder]);
    assert!(
        got.iter().any(|c| c.starts_with("Sam's gardening has to wait")),
        "{got:?}"
    );
}

#[test]
fn a_thought_cut_before_its_verb_is_not_gathered() {
    let lex = Lexicon::builtin();
    let gift = mention(
        "Gifts",
        "user mentions gifts (\"I think gifting her a subscription to a writing magazine or enrolling her in a writing workshop sounds like a great idea.\") on 2024-03-15",
        "2024-03-15",
    );
    let merged = merge(lex, "Gifts", "Michael", Vec::new(), &[&gift]);
    assert!(
        !merged
            .iter()
            .any(|m| m.contains("thinks gifting her a subscription to a writing magazine (")),
        "a thought without its verb: {merged:?}"
    );
    // Whole, the thought is kept.
    let whole = mention(
        "Gifts",
        "user mentions gifts (\"I think gifting her a magazine subscription is a great idea.\") on 2024-03-15",
        "2024-03-15",
    );
    let merged = merge(lex, "Gifts", "Michael", Vec::new(), &[&whole]);
    assert!(
        merged
            .iter()
            .any(|m| m.contains("gifting her a magazine subscription is a great idea")),
        "{merged:?}"
    );
}

#[test]
fn a_noun_phrase_a_verb_takes_is_not_what_the_person_talked_about() {
    let lex = Lexicon::builtin();
    let raise = mention(
        "Salary",
        "user mentions salary (\"Brittney signed a new remote contract on September 1, increasing our household income by $1,200/month.\") on 2024-08-30",
        "2024-08-30",
    );
    let again = mention(
        "Salary",
        "user mentions salary (\"Brittney just got a permanent remote design position starting March 1, which will increase our household income by $1,500/month - how sh…\") on 2025-02-10",
        "2025-02-10",
    );
    let merged = merge(lex, "Salary", "Michael", Vec::new(), &[&raise, &again]);
    assert!(!merged.iter().any(|m| m.contains("talked about")), "{merged:?}");
    // Said on its own, a possessive phrase is still what was talked about.
    let salary = mention(
        "Salary",
        "user mentions salary (\"Hmm, my current salary at the new firm.\") on 2024-08-30",
        "2024-08-30",
    );
    let merged = merge(lex, "Salary", "Michael", Vec::new(), &[&salary]);
    assert!(merged.iter().any(|m| m.contains("talked about")), "{merged:?}");
}

#[test]
fn a_clause_cut_short_ends_before_a_purpose_or_a_cause_it_lost() {
    let lex = Lexicon::builtin();
    let cause = mention(
        "Stress",
        "user mentions stress (\"I'm kinda stressed about my portfolio dipping 3% on November 18 due to inflation data, but I held my positions and didn't do any panic selling.\") on 2025-11-28",
        "2025-11-28",
    );
    let got = merge(lex, "Stress", "Ana", Vec::new(), &[&cause]);
    assert!(got.iter().all(|c| !c.contains(" due (")), "{got:?}");
    assert!(
        got.iter().any(|c| c.starts_with("Ana is kinda stressed about")),
        "{got:?}"
    );
    let purpose = mention(
        "Meditation",
        "user mentions meditation (\"I practiced 20-minute mindfulness meditation on September 19 to deal with financial stress, and I'm considering making it a regular habit to help me stay calm …\") on 2024-09-22",
        "2024-09-22",
    );
    let got = merge(lex, "Meditation", "Ana", Vec::new(), &[&purpose]);
    assert!(got.iter().all(|c| !c.contains(" to deal (")), "{got:?}");
    assert!(
        got.iter()
            .any(|c| c.starts_with("Ana practiced 20-minute mindfulness meditation")),
        "{got:?}"
    );
    // Whole, a purpose stays: nothing of it was cut.
    let whole = mention(
        "Baking",
        "user mentions baking (\"I baked bread to relax.\") on 2024-09-22",
        "2024-09-22",
    );
    let got = merge(lex, "Baking", "Ana", Vec::new(), &[&whole]);
    assert!(got.iter().any(|c| c.starts_with("Ana baked bread to relax")), "{got:?}");
}

#[test]
fn a_verb_inside_a_clause_of_a_noun_phrase_does_not_make_it_a_statement() {
    let lex = Lexicon::builtin();
    let given = mention(
        "Habit Building",
        "user mentions habit building (\"Given my competitive streak and the fact that it's already March 3, 2024, what are some key factors I should consider?\") on 2024-03-03",
        "2024-03-03",
    );
    let got = merge(lex, "Habit Building", "Ana", Vec::new(), &[&given]);
    assert!(
        got.iter().all(|c| !c.starts_with("Ana's competitive streak")),
        "{got:?}"
    );
    // A verb of the phrase's own still makes it one.
    let loves = mention(
        "Swimming",
        "user mentions swimming (\"My daughter loves swimming at the lake that we found.\") on 2024-03-03",
        "2024-03-03",
    );
    let got = merge(lex, "Swimming", "Ana", Vec::new(), &[&loves]);
    assert!(
        got.iter().any(|c| c.starts_with("Ana's daughter loves swimming")),
        "{got:?}"
    );
}

#[test]
fn a_clause_that_lost_its_verb_s_object_is_not_gathered_as_it_stands() {
    let lex = Lexicon::builtin();
    // Cut after "I need": the relative clause goes, the project stays.
    let cut = mention(
        "Projects",
        "user mentions projects (\"I'm working on a project where I need to show semantic match explanation tooltips when asking about scoring details and the hover states\") on 2024-06-18",
        "2024-06-18",
    );
    let got = merge(lex, "Projects", "Ana", Vec::new(), &[&cut]);
    assert!(got.iter().all(|c| !c.contains("where Ana needs")), "{got:?}");
    assert!(
        got.iter().any(|c| c.starts_with("Ana is working on a project")),
        "{got:?}"
    );
    // "what" is the object of "using": from the "I" on the clause has none.
    let free = mention(
        "Projects",
        "user mentions projects (\"I'll use pytest since that's what I've been using for this project.\") on 2024-04-12",
        "2024-04-12",
    );
    let got = merge(lex, "Projects", "Ana", Vec::new(), &[&free]);
    assert!(
        got.iter().all(|c| !c.contains("been using for this project")),
        "{got:?}"
    );
}
