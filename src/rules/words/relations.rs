//! Relations, trades and jobs: the words a stated relation ("my sister", "I work as a nurse")
//! is read with.
//!
//! Each list says the file it came from.

// From `src/ingest/slots.rs`.
/// Roles one speaks "as" that are no occupation ("as a parent, how do I …").
pub const NOT_JOBS: &[&str] = &[
    "parent",
    "parents",
    "sibling",
    "family",
    "couple",
    "beginner",
    "newbie",
    "result",
    "team",
    "group",
    "whole",
    "kid",
    "child",
    "adult",
    "person",
    "woman",
    "man",
    "guy",
    "user",
    "customer",
    "reminder",
    "example",
    "side",
    "buyer",
    "owner",
    "homeowner",
    "renter",
    "tenant",
    "fan",
    "lover",
    "enthusiast",
    "hobbyist",
    "traveler",
    "traveller",
    "patient",
    "member",
    "citizen",
    "resident",
    "newcomer",
    "retiree",
    "learner",
    "reader",
    // Idioms: "as a matter of fact", "as a rule", "as a precaution".
    "matter",
    "rule",
    "precaution",
    "bonus",
    "treat",
    "favor",
    "favour",
    "start",
    "step",
    "compromise",
    "test",
    "backup",
    "reward",
    "consequence",
    "means",
    "way",
];

// From `src/ingest/slots.rs`.
/// The words that say who someone is to the person, as they are said after "my".
pub const RELATIONS: &[&str] = &[
    "brother",
    "sister",
    "mom",
    "mum",
    "mother",
    "dad",
    "father",
    "son",
    "daughter",
    "wife",
    "husband",
    "partner",
    "boyfriend",
    "girlfriend",
    "fiance",
    "fiancé",
    "fiancee",
    "fiancée",
    "friend",
    "cousin",
    "uncle",
    "aunt",
    "grandma",
    "grandmother",
    "grandpa",
    "grandfather",
    "niece",
    "nephew",
    "boss",
    "manager",
    "colleague",
    "coworker",
    "co-worker",
    "roommate",
    "flatmate",
    "neighbor",
    "neighbour",
    "mentor",
    "coach",
    "therapist",
    "teacher",
    "tutor",
    "stepmom",
    "stepdad",
    "stepson",
    "stepdaughter",
    "dog",
    "cat",
    "puppy",
    "kitten",
];

// From `src/ingest/slots.rs`.
/// Words that may stand between "my" and the relation ("my older brother", "my best friend").
pub const RELATION_QUALIFIERS: &[&str] = &[
    "older", "younger", "little", "big", "best", "old", "new", "late", "twin",
];

// From `src/ingest/slots.rs`.
/// Words that make the speaker the subject of what follows an opening phrase.
pub const SPEAKER_SUBJECTS: &[&str] = &["i", "i'm", "i've", "i'd", "i'll", "my", "we", "we're", "we've"];

// From `src/ingest/slots.rs`.
/// Relations that are also trades: after "work as" they name a job.
pub const TRADES: &[&str] = &["manager", "coach", "therapist", "teacher", "tutor", "mentor"];
