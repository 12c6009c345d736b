//! What a Σ bullet or a relation summary gathers across sessions: the clause of each mention
//! that says what happened with the activity ("Melanie went camping at the beach (20 June
//! 2023)"), in the third person and dated, merged with what earlier abstractions gathered, so
//! one bullet holds the places, people, objects and dates spread over many sessions.

use crate::rules::words::clauses::GATHER_CLAUSE_OPENERS as CLAUSE_OPENERS;
use crate::rules::words::clauses::GATHER_PHRASE_OPENERS as PHRASE_OPENERS;
use crate::rules::words::clauses::GATHER_TRAILING as TRAILING;
use crate::rules::words::clauses::UNRESOLVED;
use crate::rules::words::clauses::{CONTRACTED, INFINITIVE_TAKERS, SUBORDINATORS, THAT_TAKERS};
use crate::rules::words::function::{AUXILIARIES, PREPOSITIONS};
use crate::rules::words::people::LISTENERS_LIFE;
use crate::rules::words::verbs::{AMOUNT_CHANGERS, OBJECT_TAKERS, PURPOSE_VERBS, VERBS};

use super::super::lexicon::Lexicon;
use super::super::person::third_person;
use super::super::synth::without_filler;
use super::asks::asks;
use super::clause_ends::{ends_of_clauses, without_brackets};
use crate::model::{EvidenceItem, EvidenceKind};
use crate::text::{content_words, entity_key, words};

use crate::event::profile_text::MENTIONS as MARK;
/// Words that ask what an infinitive after them does ("how to invest").
const QUESTION_WORDS: &[&str] = &["how", "what", "where", "when", "whether", "which", "who", "why"];
/// Most gathered clauses per bullet; over it, the oldest go.
const MAX_CLAUSES: usize = 6;
/// Most words of one gathered clause.
const MAX_WORDS: usize = 14;
/// Words kept before the activity's word when a clause is too long.
const BEFORE: usize = 8;

/// The core with its gathered clauses appended as one list sentence.
#[must_use]
pub fn join(core: &str, clauses: &[String]) -> String {
    if clauses.is_empty() {
        core.to_string()
    } else {
        format!("{}{MARK}{}.", core.trim_end(), clauses.join("; "))
    }
}

/// The quoted sentence of a relation mention ('user mentions camping ("We went camping …") on …').
fn quote(mention: &str) -> Option<&str> {
    let start = mention.find("(\"")?;
    let end = mention.rfind("\")")?;
    mention.get(start + 2..end).filter(|q| !q.trim().is_empty())
}

/// Whether a mention's quoted sentence is the speaker's own doing ("I signed up for a pottery
/// class"): it says "I", "my", "we" or "our", and nothing of the listener's life ("your
/// adoption journey"). A question asking the listener's view is still the speaker's own news:
/// "I'm stressed about the move, what do you think?" is about the speaker's stress.
#[must_use]
pub fn own_quote(mention: &str) -> bool {
    quote(mention).is_some_and(|q| {
        !words(q).any(|w| LISTENERS_LIFE.contains(&w.as_str()))
            && words(q).any(|w| {
                matches!(
                    w.as_str(),
                    "i" | "i'm" | "i've" | "i'd" | "i'll" | "my" | "me" | "we" | "we're" | "we've" | "our" | "us"
                )
            })
    })
}

/// Whether a mention's quoted sentence asks the listener or speaks of the listener's life.
#[must_use]
pub fn quote_to_listener(mention: &str) -> bool {
    quote(mention).is_some_and(super::whose::to_listener)
}

/// Whether a token names the branch's activity: one of the branch's own words, or the first
/// word of one of its lexicon patterns (`firsts`, computed once per branch).
fn names_branch(tok: &str, key: &str, firsts: &[String]) -> bool {
    let t = entity_key(tok);
    !t.is_empty()
        && (key.split(' ').any(|k| k == t || (t.starts_with(k) && k.len() >= 4))
            || firsts
                .iter()
                .any(|f| *f == t || (f.len() >= 4 && t.starts_with(f.as_str()))))
}

/// The first words of the branch's lexicon patterns, which name it as well as its own words.
fn pattern_firsts(lex: &Lexicon, branch: &str) -> Vec<String> {
    lex.synonyms(branch)
        .filter_map(|p| p.split(' ').next())
        .map(entity_key)
        .filter(|f| !f.is_empty())
        .collect()
}

/// Whether a gathered clause names the branch (so it moves with the branch's bullet).
#[must_use]
pub fn about(lex: &Lexicon, branch: &str, clause: &str) -> bool {
    let key = entity_key(branch);
    let firsts = pattern_firsts(lex, branch);
    clause
        .split_whitespace()
        .any(|w| names_branch(&words(w).collect::<Vec<_>>().join(" "), &key, &firsts))
}

/// The clause of a quoted sentence that is about the branch, cut to a few words around it, in
/// the third person. `None` when no clause names the branch or it says nothing more than it.
fn clause(lex: &Lexicon, branch: &str, quoted: &str, person: &str) -> Option<String> {
    let key = entity_key(branch);
    let firsts = pattern_firsts(lex, branch);
    // A quote cut short ("… his overall energy le…") ends in part of a word: it goes.
    let truncated = quoted.trim_end().ends_with('…');
    let body = quoted.trim_end().trim_end_matches('…');
    let body = if truncated {
        body.rsplit_once(char::is_whitespace).map_or(body, |(whole, _)| whole)
    } else {
        body
    };
    let cleaned = without_brackets(body);
    // Questions and remarks to the listener say nothing about the speaker's own activity.
    let own = crate::text::sentences(&cleaned)
        .into_iter()
        .filter(|s| !asks(s) && !words(s).any(|w| matches!(w.as_str(), "you" | "your" | "you're" | "you've")));
    let parts: Vec<String> = own
        .flat_map(|s| {
            ends_of_clauses(&s)
                .flat_map(|p| {
                    p.split(", but ")
                        .flat_map(|q| q.split(", so "))
                        .flat_map(|q| q.split(" - "))
                        .flat_map(|q| q.split(" – "))
                })
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    // A quote cut short ("… we can buil…") ends mid-clause.
    for (pi, part) in parts.iter().enumerate() {
        let raw: Vec<&str> = part.split_whitespace().collect();
        let toks: Vec<String> = raw.iter().map(|w| words(w).collect::<Vec<_>>().join(" ")).collect();
        // A short one-word pattern ("work") after a noun is weak: beside another activity's
        // strong pattern it qualifies that activity ("technique work, light squats" is strength
        // training, not employment), as in [`super::attribute`]; "at work" stays employment.
        let weak = |i: usize| {
            let t = &toks[i];
            t.len() <= 4
                && !key.split(' ').any(|k| k == entity_key(t))
                && i > 0
                && !crate::text::is_stopword(&toks[i - 1])
        };
        let other_strong = || {
            lex.matches(part)
                .any(|m| entity_key(&m.general) != key && (m.pattern.contains([' ', '*']) || m.pattern.len() > 4))
        };
        let Some(at) = (0..toks.len()).find(|&i| names_branch(&toks[i], &key, &firsts) && !(weak(i) && other_strong()))
        else {
            continue;
        };
        // Start at the subject when it stands shortly before the activity ("I took the kids camping").
        // The speaker as subject ("I took my kids camping") before a possessive ("my kids").
        let window = |n: usize| (0..at).rev().take(n);
        let speaker = |i: &usize| {
            matches!(
                toks[*i].as_str(),
                "i" | "we" | "i'm" | "i've" | "i'd" | "we're" | "we've" | "we'd"
            )
        };
        // "I'll …" opens a plan, mostly a reply to advice ("I'll definitely try the smoothie"):
        // no clause of what happened starts there, but a possessive after it is its object.
        let planner = |i: &usize| speaker(i) || matches!(toks[*i].as_str(), "i'll" | "we'll");
        // A possessive opens a clause only when no "I" stands a little further back: "I need
        // to manage my time" is about the speaker, and "my time effectively …" is no clause.
        let subject = window(BEFORE)
            .find(speaker)
            .or_else(|| window(MAX_WORDS - 2).find(speaker))
            .or_else(|| {
                // A gerund that opens the sentence with the person's own thing as its object is
                // the subject: "Growing my own herbs sounds like a fun project".
                window(BEFORE).find(|&i| {
                    i == 0
                        && toks[i].chars().count() > 4
                        && toks[i].ends_with("ing")
                        && toks.get(1).is_some_and(|n| n == "my" || n == "our")
                })
            })
            .or_else(|| {
                // After a preposition a possessive is its object ("went hiking with my brother",
                // "lower than my accounting salary"), no subject of its own; so it is after the
                // gerund that opens the sentence ("Growing my own herbs sounds fun": the subject is
                // the growing). After a verb of saying it is one ("the physio says my shoulder
                // needs rest"), and after a time ("Meditation every morning, my wrist is better").
                window(BEFORE).find(|&i| {
                    matches!(toks[i].as_str(), "my" | "our")
                        && !i.checked_sub(1).and_then(|p| toks.get(p)).is_some_and(|p| {
                            PREPOSITIONS.contains(&p.as_str())
                                || p == "than"
                                // The gerund that opens the sentence ("Growing my own herbs").
                                || (i == 1 && p.chars().count() > 4 && p.ends_with("ing"))
                        })
                })
            });
        // Without the speaker as its subject a clause is a fragment ("Walking past a wall"),
        // or a remark about the activity in general ("Biking sounds like a great way").
        let Some(start) = subject else {
            continue;
        };
        // A possessive after the speaker's own "I" further back is that verb's object ("I
        // re-read … my lease agreement again"): the clause from it has no verb of its own.
        if !speaker(&start) && (0..start).any(|i| planner(&i)) {
            continue;
        }
        // "the playlist I created helps me": an "I" right after a noun a determiner opened is a
        // relative clause inside that noun's phrase; from it the clause has lost its head
        // ("Victor created with 30 tracks").
        if speaker(&start) && relative_clause_at(&raw, &toks, start) {
            continue;
        }
        // "that's what I've been using for this project": "what" is the verb's object, so
        // from the "I" on the clause has lost it ("User has been using for this project").
        if speaker(&start)
            && start
                .checked_sub(1)
                .and_then(|p| toks.get(p))
                .is_some_and(|p| matches!(p.as_str(), "what" | "whatever"))
        {
            continue;
        }
        // A comma before a new subject ends what was said about the activity ("…, it was lovely").
        let cut = (at..raw.len())
            .find(|&i| raw[i].ends_with(',') && toks.get(i + 1).is_some_and(|n| CLAUSE_OPENERS.contains(&n.as_str())))
            .map_or(raw.len(), |i| i + 1);
        let mut end = cut.min(start + MAX_WORDS);
        let whole = end == cut && !(truncated && pi + 1 == parts.len());
        // A clause the word cap or the quote's own cut left open ends where its last phrase
        // began, after the activity: "I set up my home office in the spare bedroom with an
        // ergonomic [chair]" keeps "… in the spare bedroom". With no such place the cut clause is a fragment
        // ("I understand all the financial [implications]") and says too little to gather.
        // A comma after the activity ends the first part whole ("reduce groceries by $50,
        // utilities by $20, …"; "… about my budget, Brittney and I agreed to …").
        if !whole {
            let enough = |i: &usize| *i > start + 3;
            let comma = (at + 1..end).filter(enough).find(|&i| raw[i - 1].ends_with(','));
            // A conjunction ends a whole part before a preposition does: "studying proof by
            // induction and proof by [contradiction]" keeps "… proof by induction".
            let conjunction = || {
                (at + 1..end)
                    .rev()
                    .filter(enough)
                    .find(|&i| matches!(toks[i].as_str(), "and" | "but" | "or"))
            };
            let phrase = || {
                (at + 1..end)
                    .rev()
                    .filter(enough)
                    .find(|&i| PHRASE_OPENERS.contains(&toks[i].as_str()))
            };
            let Some(phrase) = comma.or_else(conjunction).or_else(phrase) else {
                continue;
            };
            end = phrase;
            // A clause cut inside what it subordinates ("I'm worried that Scott's aim for a 92%
            // average [might be too ambitious]") has lost that clause's verb: it ends before it.
            // One whose auxiliary or past verb is kept still says it ("… that my analytical mind
            // might make me overthink parenting").
            let verb = |i: &usize| verb_like(&toks[*i]);
            // "that" opens such a clause after a word of thought, speech or feeling ("worried
            // that", "said that"); after a noun it is a relative pronoun ("recipes that balance
            // nutrition"), whose clause is the noun's.
            let subordinates = |i: &usize| {
                let t = toks[*i].as_str();
                let taker = i
                    .checked_sub(1)
                    .and_then(|p| toks.get(p))
                    .is_some_and(|p| THAT_TAKERS.contains(&p.as_str()));
                // "I think the estimates are accurate", "I think gifting her a subscription
                // [sounds great]": the clause opens without its "that".
                let gerund = t.chars().count() > 4 && t.ends_with("ing");
                SUBORDINATORS.contains(&t) || (taker && (t == "that" || gerund || NOUN_DETERMINERS.contains(&t)))
            };
            if let Some(sub) = (start + 1..end).find(subordinates)
                && !(sub + 1..end).any(|i| verb(&i))
            {
                // What is left before it must still say something of its own.
                if raw.get(start..sub).map_or(0, |w| content_words(&w.join(" ")).len()) < 3 {
                    continue;
                }
                end = sub;
            }
        }
        let mut kept: Vec<&str> = raw.get(start..end)?.to_vec();
        // A range cut after its first end ("every Sunday from 9 [to 10 AM]") says a wrong time:
        // its "from" goes with it.
        if !whole
            && raw.get(end).is_some_and(|w| w.eq_ignore_ascii_case("to"))
            && kept.len() >= 2
            && kept.get(kept.len() - 2).is_some_and(|w| w.eq_ignore_ascii_case("from"))
        {
            kept.truncate(kept.len() - 2);
        }
        // A participle whose agent was cut off ("a joint art project inspired [by my uncle]")
        // goes with it.
        if !whole
            && raw.get(end).is_some_and(|w| w.eq_ignore_ascii_case("by"))
            && kept
                .last()
                .is_some_and(|w| w.len() > 4 && w.to_lowercase().ends_with("ed"))
        {
            kept.pop();
        }
        // No clause ends on a word that only colours the sentence ("I really miss squats
        // though"); a last word keeps itself without its comma ("20 to 30 minutes,"). A clause
        // keeps its last words ("kids who need one", "never give up", "it went really well").
        while let Some(last) = kept.pop() {
            let word = last.trim_end_matches(',');
            let core = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
            // Nor on a preposition whose object went ("notify my neighbors about (it)", "my
            // article submission to ["Scientific American"]"). A "to" after a verb ("wants") is
            // the infinitive of an ellipsis and says it ("I'd love to").
            let infinitive = core == "to"
                && kept.last().is_some_and(|p| {
                    let p = p.to_lowercase();
                    INFINITIVE_TAKERS.contains(&p.as_str()) || VERBS.contains(&p.as_str())
                });
            let open = !infinitive && PHRASE_OPENERS.contains(&core.as_str());
            // Nor, cut short, on a verb in -ing whose object went ("worried about my portfolio
            // after seeing [that report]"): the preposition before it goes with it.
            // Nor on "starting" whose date went ("savings to $1,000 starting [in October]").
            // Nor, cut short, on the verb of a purpose whose object went ("meditated on
            // September 19 to deal [with stress]"), unless a question word asks it ("how to
            // invest"); nor on "due" whose cause went ("dipped 3% due [to inflation]").
            let purpose = || {
                (VERBS.contains(&core.as_str()) || PURPOSE_VERBS.contains(&core.as_str()))
                    && kept.last().is_some_and(|p| p.eq_ignore_ascii_case("to"))
                    && kept
                        .len()
                        .checked_sub(2)
                        .and_then(|i| kept.get(i))
                        .is_some_and(|w| !QUESTION_WORDS.contains(&w.to_lowercase().as_str()))
            };
            let dangling = !whole
                && ((core.ends_with("ing")
                    && (core == "starting"
                        || kept
                            .last()
                            .is_some_and(|p| PHRASE_OPENERS.contains(&p.to_lowercase().as_str()))))
                    || core == "due"
                    || purpose());
            if !(open || dangling || TRAILING.contains(&core.as_str())) {
                kept.push(word);
                break;
            }
        }
        // A clause cut short that ends on a pronoun and its verb ("a project where I need [to
        // show tooltips]") lost the verb's object: the relative clause goes, and without one
        // to go, the clause does.
        if !whole && ends_on_bare_verb(&kept) {
            let opener = kept.iter().rposition(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "where" | "that" | "which" | "who" | "when" | "because" | "since" | "so"
                )
            });
            match opener {
                Some(at) if at >= 3 => kept.truncate(at),
                _ => continue,
            }
        }
        // A clause that ends on its verb's auxiliary ("my work so far is") lost what it said.
        if kept.last().is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "is" | "are" | "was" | "were" | "be" | "been" | "am" | "will" | "would" | "can" | "could" | "should"
            )
        }) {
            continue;
        }
        // A clause a possessive opens ("my first month as a manager", "my current salary at
        // $1,200") is a noun phrase until a verb says something of it ("my daughter loves
        // swimming"); without one it is what the person talked about. A verb inside a clause
        // the phrase holds says nothing of it ("my competitive streak and the fact that it's
        // already March").
        let talked = !speaker(&start)
            && !kept
                .iter()
                .skip(1)
                .map(|w| {
                    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                        .to_lowercase()
                })
                .take_while(|w| {
                    !matches!(w.as_str(), "that" | "which" | "who" | "whose") && !SUBORDINATORS.contains(&w.as_str())
                })
                .any(|w| verb_like(&w));
        // Right after a verb it is that verb's object ("will increase our household income by
        // $1,500"): "talked about our household income by $1,500" is not English.
        let after_verb = start.checked_sub(1).and_then(|i| toks.get(i)).is_some_and(|w| {
            let base = w.strip_suffix('s').unwrap_or(w);
            (w.chars().count() > 4 && w.ends_with("ing")) || verb_like(w) || AMOUNT_CHANGERS.contains(&base)
        });
        if talked && after_verb {
            continue;
        }
        let text = without_filler(kept.join(" ").trim_matches([',', ' ', ':', '-']));
        // A leading pronoun nobody here can resolve ("She referred me …") says too little.
        let opener = words(&text).next().unwrap_or_default();
        if content_words(&text).len() < 2 || UNRESOLVED.contains(&opener.as_str()) {
            continue;
        }
        let text = if talked { format!("I talked about {text}") } else { text };
        // "my own herbs" opening a clause is the person's ("Meghan's own herbs"), not "Their own".
        let text = match text.get(..7).filter(|p| p.eq_ignore_ascii_case("my own ")) {
            Some(_) => format!("{person}'s own {}", text.get(7..).unwrap_or_default()),
            None => text,
        };
        let text = third_person(&we_as(&text, person), person, None);
        return Some(text.trim_end_matches([',', ' ', ':', '-', '.']).to_string());
    }
    None
}

/// Whether a clause ends on a subject pronoun and its verb, which says nothing without what
/// followed it: "where I need", "that we want" ("I ran" and "she smiled" take no object and end
/// a clause well).
fn ends_on_bare_verb(kept: &[&str]) -> bool {
    let [.., subject, verb] = kept else {
        return false;
    };
    let subject = subject.to_lowercase();
    let verb = verb.trim_end_matches(',').to_lowercase();
    let verb = verb.trim_end_matches(|c: char| !c.is_alphanumeric());
    matches!(
        subject.replace('’', "'").as_str(),
        "i" | "we" | "you" | "they" | "he" | "she" | "i've" | "we've" | "they've" | "i'd" | "we'd"
    ) && OBJECT_TAKERS.contains(
        &verb
            .strip_suffix('s')
            .filter(|_| subject == "he" || subject == "she")
            .unwrap_or(verb),
    )
}

/// Whether a lowercase word can be a clause's verb: an auxiliary, a pronoun's contraction, a
/// common verb or its -s form, or a past form in -ed ("booked").
fn verb_like(t: &str) -> bool {
    // "watches" → "watch", "loves" → "love": either ending may be the -s form's.
    let bases = [t.strip_suffix("es"), t.strip_suffix('s')];
    AUXILIARIES.contains(&t)
        || CONTRACTED.contains(&t)
        || VERBS.contains(&t)
        || bases.iter().flatten().any(|b| VERBS.contains(b))
        || (t.chars().count() > 4 && t.ends_with("ed"))
}

/// Whether the speaker at `at` opens a relative clause: the word before is a noun (a content
/// word, no clause end, no time: "this morning I went" is a clause of its own) that a
/// determiner at most three words back opened ("the playlist I made", "a new routine I started",
/// "the different coping mechanisms I'm trying").
fn relative_clause_at(raw: &[&str], toks: &[String], at: usize) -> bool {
    let Some(noun_at) = at.checked_sub(1) else {
        return false;
    };
    let noun_like = |i: usize| {
        let t = &toks[i];
        !raw[i].ends_with([',', ';', ':', '.', '!', '?'])
            && t.chars().all(char::is_alphabetic)
            && !crate::text::is_stopword(t)
            && !crate::rules::english::extract::is_calendar_or_count(t)
            && !TIME_NOUNS.contains(&t.as_str())
    };
    if !noun_like(noun_at) {
        return false;
    }
    (1..=3).any(|back| {
        noun_at
            .checked_sub(back)
            .is_some_and(|d| NOUN_DETERMINERS.contains(&toks[d].as_str()) && (d + 1..noun_at).all(&noun_like))
    })
}

/// Determiners that open a noun phrase a relative clause may follow.
const NOUN_DETERMINERS: &[&str] = &[
    "the", "a", "an", "this", "that", "these", "those", "my", "our", "his", "her", "their", "every", "any", "some",
];

/// Nouns of time after which "I" starts a clause of its own ("this morning I ran", "every time
/// I try").
const TIME_NOUNS: &[&str] = &[
    "morning",
    "afternoon",
    "evening",
    "night",
    "time",
    "times",
    "moment",
    "point",
];

/// "we" as the person and others, so the clause has a subject a reader can place.
fn we_as(text: &str, person: &str) -> String {
    super::super::person::first_plural(text, person, None)
}

/// Whether a clause already names the month and year it was said in ("in the week of 14 January 2024").
fn dated_in(clause: &str, said: jiff::civil::Date) -> bool {
    let human = crate::relative_date::human(said).to_lowercase();
    let mut parts = human.split(' ').skip(1);
    let (Some(month), Some(year)) = (parts.next(), parts.next()) else {
        return false;
    };
    let ws: Vec<String> = words(clause).collect();
    ws.iter().any(|w| w == month) && ws.iter().any(|w| w == year)
}

/// Whether two clauses say the same thing (most content words shared), given their content words.
fn same(wa: &[String], wb: &[String]) -> bool {
    let shared = wa.iter().filter(|w| wb.contains(w)).count();
    let small = wa.len().min(wb.len()).max(1);
    shared * 10 >= small * 7
}

/// A mention's clause about a branch, dated against its anchor: [`clause`], then
/// [`crate::relative_date::resolve`]. Every RK step gathers all of a concept's or relation's
/// mentions again, so the same quotes come back step after step; this memo of a pure function
/// (keyed by everything it reads) never changes a clause.
fn dated_clause(
    lex: &Lexicon,
    branch: &str,
    quoted: &str,
    person: &str,
    anchor: Option<jiff::civil::Date>,
) -> Option<String> {
    type Key = (usize, String, String, String, Option<jiff::civil::Date>);
    thread_local! {
        static MEMO: std::cell::RefCell<std::collections::HashMap<Key, Option<String>>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    /// Entries kept before the memo starts over.
    const CAPACITY: usize = 4096;
    let key = (
        std::ptr::from_ref(lex) as usize,
        branch.to_string(),
        quoted.to_string(),
        person.to_string(),
        anchor,
    );
    if let Some(hit) = MEMO.with_borrow(|m| m.get(&key).cloned()) {
        return hit;
    }
    let dated = clause(lex, branch, quoted, person).map(|c| crate::relative_date::resolve(&c, anchor).0);
    MEMO.with_borrow_mut(|m| {
        if m.len() >= CAPACITY {
            m.clear();
        }
        m.insert(key, dated.clone());
    });
    dated
}

/// Merges the mentions of `branch` in `evidence` into the clauses gathered before, oldest first.
#[must_use]
pub fn merge(
    lex: &Lexicon,
    branch: &str,
    person: &str,
    before: Vec<String>,
    evidence: &[&EvidenceItem],
) -> Vec<String> {
    let mut out = before;
    // Each kept clause's content words, made once rather than once per mention compared.
    let mut out_words: Vec<Vec<String>> = out.iter().map(|o| content_words(o)).collect();
    let branch_key = entity_key(branch);
    for e in evidence
        .iter()
        .filter(|e| e.kind == EvidenceKind::Mention && entity_key(&e.facet) == branch_key)
    {
        let Some(q) = quote(&e.text) else {
            continue;
        };
        let anchor = e.time.and_then(|t| crate::relative_date::anchor_of(&t.date()));
        let Some(c) = dated_clause(lex, branch, q, person, anchor) else {
            continue;
        };
        let words = content_words(&c);
        if out_words.iter().any(|o| same(o, &words)) {
            continue;
        }
        let c = match anchor {
            Some(d) if !dated_in(&c, d) => format!("{c} ({})", crate::relative_date::human(d)),
            _ => c,
        };
        out_words.push(content_words(&c));
        out.push(c);
    }
    while out.len() > MAX_CLAUSES {
        out.remove(0);
    }
    out
}

#[cfg(test)]
#[path = "gather_tests.rs"]
mod tests;
