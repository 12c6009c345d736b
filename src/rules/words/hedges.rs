//! Words that colour, hedge or frame a statement: stance, hypotheticals, vague words, what
//! opens or ends a told instance, how fresh a setting is.
//!
//! Each list says the file it came from.

// From `src/ingest/settings.rs`.
/// Words that say which value a setting has, not which setting it is ("the new limit").
pub const FRESHNESS: &[&str] = &[
    "new", "old", "current", "updated", "previous", "default", "original", "initial",
];

// From `src/ingest/settings.rs`.
/// Words that make a value an estimate ("around 6000 dollars").
pub const HEDGES: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "nearly",
    "almost",
    "over",
    "under",
];

// From `src/retrieval/profile/instances.rs`.
/// Words that colour a noun phrase without naming the thing ("a great new class").
pub const COLOURING: &[&str] = &[
    "new",
    "great",
    "good",
    "little",
    "big",
    "huge",
    "awesome",
    "amazing",
    "cool",
    "nice",
    "lovely",
    "beautiful",
    "special",
    "fun",
    "whole",
    "same",
    "other",
    "last",
    "first",
    "next",
    "real",
    "super",
    "best",
    "favorite",
    "favourite",
    "own",
    "few",
    "lot",
    "bit",
    "tough",
    "hard",
    "old",
    "quick",
    "sweet",
    "cute",
    "fantastic",
    "wonderful",
    "incredible",
    "perfect",
    "ever",
    "many",
    "more",
    "such",
    "every",
];

// From `src/retrieval/profile/instances.rs`.
/// Words that end a noun phrase though they are no function words: pronouns, and the adverbs
/// of time and place that follow a noun ("a breeder nearby", "the beach next month").
pub const ENDERS: &[&str] = &[
    "she",
    "he",
    "they",
    "between",
    "during",
    "across",
    "without",
    "within",
    "behind",
    "under",
    "toward",
    "towards",
    "beside",
    "against",
    "until",
    "along",
    "among",
    "inside",
    "outside",
    "ago",
    "soon",
    "near",
    "nearby",
    "next",
    "last",
    "today",
    "yesterday",
    "tomorrow",
    "tonight",
    "recently",
    "lately",
    "together",
    "again",
    "each",
    "every",
    "yet",
    "already",
    "once",
    "twice",
    "always",
    "never",
    "sometimes",
    "often",
    "around",
    "away",
    "back",
    "down",
    "off",
];

// From `src/retrieval/profile/instances.rs`.
/// Words that open a noun phrase: articles, possessives and quantifiers.
pub const OPENERS: &[&str] = &[
    "a", "an", "the", "my", "our", "some", "these", "those", "his", "her", "their", "two", "three", "four", "few",
];

// From `src/retrieval/profile/instances.rs`.
/// Particles after a verb ("paying off", "dealing with").
pub const PARTICLES: &[&str] = &[
    "off", "with", "up", "on", "at", "to", "in", "for", "out", "about", "through", "into", "over", "around",
];

// From `src/retrieval/profile/instances.rs`.
/// Nouns too vague to be an instance of anything ("a lot", "the time", "my day").
pub const VAGUE: &[&str] = &[
    "time",
    "times",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "weekend",
    "moment",
    "moments",
    "thing",
    "things",
    "stuff",
    "way",
    "ways",
    "lot",
    "bit",
    "one",
    "ones",
    "kind",
    "sort",
    "part",
    "photo",
    "photos",
    "pic",
    "pics",
    "picture",
    "pictures",
    "idea",
    "experience",
    "chance",
    "place",
    "reminder",
    "end",
    "rest",
    "feeling",
    "world",
    "life",
    "break",
    "today",
    "tonight",
    "morning",
    "evening",
    "night",
    "blast",
];

// From `src/retrieval/profile/stance.rs`.
/// Question words that ask what a person would likely do, be or prefer.
pub const HYPOTHETICAL: &[&str] = &[
    "would",
    "likely",
    "might",
    "could",
    "potentially",
    "probably",
    "considered",
];

// From `src/retrieval/profile/stance.rs`.
/// Words by which a third-person sentence states a preference, a goal, a plan or a value.
pub const STANCE: &[&str] = &[
    "loves",
    "loved",
    "enjoys",
    "enjoyed",
    "likes",
    "liked",
    "adores",
    "prefers",
    "wants",
    "wanted",
    "hopes",
    "hoping",
    "plans",
    "planning",
    "dreams",
    "dream",
    "goal",
    "goals",
    "aims",
    "keen",
    "passionate",
    "favorite",
    "favourite",
    "fan",
    "excited",
    "decided",
    "considering",
    "believes",
    "values",
    "proud",
];
