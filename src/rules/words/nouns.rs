//! Nouns of English the rules name: heads of phrases, settings, measures, what is or is not an
//! activity, roles.
//!
//! Each list says the file it came from. Lists of one name but different words serve different
//! rules and are kept apart, the second named after the file that reads it (`SENSE_DETERMINERS`
//! beside `DETERMINERS`).

// From `src/ingest/graph.rs`.
/// The labels the relations prompt gives classification edges, which a small model also writes
/// on event edges: they say nothing about what happened.
pub const CLASSIFICATION_LABELS: [&str; 4] = ["has profile in", "has subclass", "classification", "event"];

// From `src/retrieval/concept_text.rs`.
/// Words of a keyword that pick out nothing ("Other Pets", a lexicon concept's name, holds
/// "other", which every "and others" holds).
pub const UNSPECIFIC: &[&str] = &["other", "others", "general", "misc"];

// From `src/retrieval/profile.rs`.
/// Base concepts whose general concepts are people, identity, goals, money or belongings,
/// not activities.
pub const NOT_ACTIVITIES: &[&str] = &[
    "Social Relationships",
    "Personal Identity and Traits",
    "Goals and Plans",
    "Consumption and Finance",
    "Assets and Environment",
];

// From `src/rules/english/extract.rs`.
/// -ing words that are not activities ("I started thinking about it", "I love that feeling").
///
/// Kept apart from [`NOT_ACTIVITIES`]: the words differ, each list tuned to the rule that reads it,
/// so one list for both would change what a rule does.
pub const EXTRACT_NOT_ACTIVITIES: &[&str] = &[
    "applying",
    "saving",
    "working",
    "preparing",
    "spending",
    "living",
    "moving",
    "paying",
    "building",
    "interviewing",
    "waiting",
    "sleeping",
    "eating",
    "something",
    "nothing",
    "anything",
    "everything",
    "morning",
    "evening",
    "feeling",
    "starting",
    "thinking",
    "trying",
    "getting",
    "looking",
    "making",
    "taking",
    "feeling",
    "having",
    "wondering",
    "planning",
    "hoping",
    "wanting",
    "saying",
    "telling",
    "coming",
    "leaving",
    "waiting",
    "putting",
    "keeping",
    "letting",
    "seeing",
    "finding",
    "missing",
    // Speaking with someone is how a thing is done, not a pastime ("I'll start by talking to
    // my parents", "I've started reaching out to friends").
    "talking",
    "speaking",
    "chatting",
    "asking",
    "discussing",
    "explaining",
    "reaching",
    "checking",
    "using",
];

// From `src/rules/english/extractive/spans.rs`.
/// Words for a shared picture, which a caption opens with.
pub const PICTURE: &[&str] = &[
    "photo",
    "photos",
    "picture",
    "pictures",
    "pic",
    "pics",
    "image",
    "snapshot",
    "photography",
];

// From `src/rules/english/extractive/who_where.rs`.
/// Family and social roles that answer "who" when no name does.
pub const ROLES: &[&str] = &[
    "mom",
    "mother",
    "dad",
    "father",
    "parents",
    "sister",
    "brother",
    "husband",
    "wife",
    "partner",
    "kids",
    "son",
    "daughter",
    "friend",
    "friends",
    "grandma",
    "grandmother",
    "grandpa",
    "grandfather",
    "aunt",
    "uncle",
    "cousin",
    "boss",
    "coworker",
    "colleague",
    "teacher",
    "mentor",
    "neighbor",
    "family",
    "boyfriend",
    "girlfriend",
];

// From `src/rules/english/vocab/frame.rs`.
/// Verbs whose object is material to work on, not an activity of the speaker's, in their
/// forms: "model", "calculate", "compute", "solve", "extract", "parse", "classify", "simulate",
/// "tokenize", "represent", "express" (in "express the sum as …").
pub const ANALYSES: &[&str] = &[
    "model",
    "models",
    "modeled",
    "modelled",
    "modeling",
    "modelling",
    "calculate",
    "calculates",
    "calculated",
    "calculating",
    "compute",
    "computes",
    "computed",
    "computing",
    "solve",
    "solves",
    "solved",
    "solving",
    "extract",
    "extracts",
    "extracted",
    "extracting",
    "parse",
    "parses",
    "parsed",
    "parsing",
    "classify",
    "classifies",
    "classified",
    "classifying",
    "simulate",
    "simulates",
    "simulated",
    "simulating",
    "tokenize",
    "tokenizes",
    "tokenized",
    "tokenizing",
    "represent",
    "represents",
    "represented",
    "representing",
    "express",
    "expresses",
    "expressed",
    "expressing",
];

// From `src/rules/english/vocab/frame.rs`.
/// Heads that make what modifies them the content of an exercise or a field of data.
pub const EXERCISE_HEADS: &[&str] = &[
    "example",
    "examples",
    "equation",
    "equations",
    "formula",
    "formulas",
    "scenario",
    "scenarios",
    "calculation",
    "calculations",
    "field",
    "fields",
    "column",
    "columns",
    "dataset",
    "datasets",
];

// From `src/rules/english/vocab/frame.rs`.
/// "Problem" names an exercise only after a compound ("a loan repayment problem", "the
/// workload distribution problem"); right after one word it is as often the person's own
/// trouble ("a drinking problem").
pub const PROBLEM_HEADS: &[&str] = &["problem", "problems"];

// From `src/rules/english/vocab/frame.rs`.
/// Words that may stand between such a verb and its object's head: determiners (not a
/// possessive of the speaker's), "of", the list's "and" and "or", and the words of a quantity
/// ("the total value of").
pub const WITHIN_OBJECT: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "some", "each", "every", "any", "all", "of", "and", "or",
    "total", "sum", "value", "amount", "number", "its",
];

// From `src/rules/english/vocab/mod.rs`.
/// Nouns that name the setting of an activity: "my ceramics class", "our chess club".
pub const ACTIVITY_SETTINGS: &[&str] = &[
    "class",
    "classes",
    "lesson",
    "lessons",
    "practice",
    "club",
    "workshop",
    "course",
    "league",
    "rehearsal",
    "tournament",
    "meetup",
];

// From `src/rules/english/vocab/mod.rs`.
/// Head nouns that name a quantity or a measure of something ("the match score", "a size limit",
/// "the sum formula", "our success rate"): what is measured may be a topic, the measure is not.
pub const MEASURES: &[&str] = &[
    "delay",
    "delays",
    "interval",
    "intervals",
    "score",
    "scores",
    "size",
    "sizes",
    "limit",
    "limits",
    "rate",
    "rates",
    "count",
    "counts",
    "number",
    "numbers",
    "formula",
    "formulas",
    "total",
    "totals",
    "amount",
    "amounts",
    "value",
    "values",
    "percentage",
    "ratio",
    "level",
    "levels",
    "speed",
    "length",
    "width",
    "height",
    "threshold",
    "thresholds",
    "priority",
    "average",
    "method",
    "usage",
    "time",
    "times",
    "accuracy",
    "progress",
    "results",
    "result",
    "error",
    "errors",
];

// From `src/rules/english/vocab/phrases.rs`.
/// Head nouns too general to name a topic on their own: "the resume analyzer project" is named
/// "resume analyzer", and "the whole thing" is nothing.
pub const GENERIC_HEADS: &[&str] = &[
    "project",
    "thing",
    "things",
    "stuff",
    "part",
    "parts",
    "way",
    "ways",
    "lot",
    "bit",
    "kind",
    "type",
    "question",
    "questions",
    "problem",
    "problems",
    "issue",
    "issues",
    "idea",
    "ideas",
    "point",
    "time",
    "example",
    "examples",
    "step",
    "steps",
    "approach",
    "approaches",
    "status",
    "help",
    "advice",
    "one",
    "ones",
    "case",
    "cases",
    "end",
    "rest",
    "use",
    "sense",
    "work",
];

// From `src/rules/english/vocab/phrases.rs`.
/// Words that end a noun phrase though they are no function words: particles ("my successes
/// along the way"), verbs of seeming and becoming ("the end seems near"), other verbs in -s
/// that follow their subject ("the formula holds"), hedges ("the ratio maybe") and adjectives
/// said of a noun after it ("have the payment ready", "keep the receipts handy").
pub const NOT_NOUNS: &[&str] = &[
    "ready",
    "available",
    "handy",
    "due",
    "done",
    "possible",
    "necessary",
    "along",
    "around",
    "away",
    "ahead",
    "apart",
    "together",
    "aside",
    "anyway",
    "instead",
    "seems",
    "seem",
    "looks",
    "feels",
    "sounds",
    "becomes",
    "gets",
    "goes",
    "comes",
    "makes",
    "takes",
    "keeps",
    "stays",
    "remains",
    "means",
    "every",
    "each",
    "either",
    "neither",
    "maybe",
    "perhaps",
    "holds",
    "works",
    "applies",
    "converges",
    "diverges",
    "equals",
    "happens",
    "depends",
    "matters",
    "exists",
    "fails",
    "helps",
    "needs",
    "says",
    "shows",
    "gives",
];

// From `src/rules/english/vocab/place.rs`.
/// Sub-concepts no phrase is filed under: traits are what a person is ("shy", "a
/// perfectionist"), which the lexicon lists as adjectives; a noun phrase names a thing or topic.
pub const NOT_FOR_PHRASES: &[&str] = &["Personality"];

// From `src/rules/english/vocab/sense.rs`.
/// Prepositions, question determiners and conjunctions after which a noun phrase begins
/// ("issues with connection pool exhaustion", "which secrets management service", "image and
/// caption management").
pub const NOUN_OPENERS: &[&str] = &[
    "with", "for", "of", "in", "on", "about", "from", "by", "into", "at", "via", "without", "during", "which", "what",
    "whose", "any", "each", "every", "another", "and", "or",
];

// From `src/rules/english/vocab/sense.rs`.
/// Head nouns that name a part, a setting, a measure or a failure of a system: what they qualify
/// is a system's ("pool settings", "environment variables", "the management module", "pool
/// exhaustion", "engagement metrics").
pub const SETTINGS_HEADS: &[&str] = &[
    "settings",
    "setting",
    "variable",
    "variables",
    "config",
    "configuration",
    "module",
    "modules",
    "service",
    "services",
    "parameter",
    "parameters",
    "option",
    "options",
    "exhaustion",
    "leak",
    "leaks",
    "overflow",
    "timeout",
    "timeouts",
    "metric",
    "metrics",
    "data",
    "tracking",
    "endpoint",
    "endpoints",
    "api",
    "logic",
    "layer",
];

/// Nouns that end in "-ly" like an adverb ("the family album", "a supply run", "my belly").
pub const LY_NOUNS: &[&str] = &[
    "family",
    "assembly",
    "supply",
    "reply",
    "rally",
    "belly",
    "jelly",
    "butterfly",
    "ally",
    "anomaly",
    "monopoly",
    "bully",
    "fly",
    "lily",
    "italy",
    "july",
    "poly",
    "homily",
    "melancholy",
];

/// Whether a word ends in "-ly" as an adverb does ("really", "quickly"), and is no noun that
/// only looks like one ("family", "supply").
#[must_use]
pub fn ly_adverb(w: &str) -> bool {
    w.ends_with("ly") && !LY_NOUNS.contains(&w)
}

// From `src/rules/english/vocab/occasion.rs`.
/// Words that say an anniversary marks something other than a wedding.
pub const MARKS_OTHER_THAN_WEDDING: &[&str] = &[
    "death",
    "passing",
    "loss",
    "funeral",
    "memorial",
    "remembrance",
    "work",
    "job",
    "company",
    "business",
    "founding",
    "sobriety",
    "sober",
    "service",
    "launch",
    "store",
    "shop",
    "graduation",
];

// From `src/rules/english/vocab/occasion.rs`.
/// Possessors whose anniversary is the person's own wedding's.
pub const ANNIVERSARY_PARTNERS: &[&str] = &["my", "our", "wife's", "husband's", "partner's", "spouse's", "wedding"];

// From `src/rules/english/vocab/occasion.rs`.
/// Words that tie an anniversary to a wedding.
pub const WEDDED: &[&str] = &[
    "wedding",
    "married",
    "marriage",
    "wife",
    "husband",
    "spouse",
    "honeymoon",
];

// From `src/rules/english/vocab/membership.rs`.
/// What one pays for to take part in an activity ("a gym membership", "my yoga pass").
pub const PAID_ACCESS: &[&str] = &[
    "membership",
    "memberships",
    "subscription",
    "subscriptions",
    "pass",
    "passes",
    "fee",
    "fees",
    "contract",
];

// From `src/rules/english/vocab/membership.rs`.
/// Words that say paid access went unused or was given up ("cancelled my unused gym
/// membership", "the yoga pass I never use").
pub const LAPSED: &[&str] = &[
    "cancel",
    "cancels",
    "cancelled",
    "canceled",
    "cancelling",
    "canceling",
    "cancellation",
    "unused",
    "quit",
    "ended",
    "end",
    "dropped",
    "drop",
    "terminated",
    "terminate",
    "wasted",
    "wasting",
];

// From `src/rules/english/vocab/earnings.rs`.
/// Things held for what they yield ("dividend stocks", "bonds", "an index fund", "my rental").
pub const HOLDINGS: &[&str] = &[
    "stock",
    "stocks",
    "shares",
    "dividend",
    "dividends",
    "bond",
    "bonds",
    "etf",
    "etfs",
    "fund",
    "funds",
    "portfolio",
    "annuity",
    "annuities",
    "reit",
    "reits",
    "rental",
    "rentals",
];

// From `src/rules/english/extractive/who_where.rs`.
/// Languages and peoples whose names the "-ese" / "-ish" endings do not give: "written in
/// French" names no place.
#[rustfmt::skip]
pub const LANGUAGES: &[&str] = &[
    "french", "dutch", "greek", "thai", "german", "latin", "arabic", "hindi", "urdu", "swahili", "korean",
    "mandarin", "cantonese", "hebrew", "russian", "italian", "persian", "farsi", "romanian", "hungarian",
    "ukrainian", "norwegian", "catalan", "tagalog", "esperanto",
];
