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
    "cofounder",
    "co-founder",
    "landlord",
    "landlady",
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
/// Roles often named with what they are held in before them: "my lab partner", "my study
/// buddy", "my tennis coach", "my maths teacher".
pub const COMPOUND_ROLES: &[&str] = &[
    "partner",
    "buddy",
    "coach",
    "teacher",
    "tutor",
    "mate",
    "instructor",
    "friend",
    "manager",
    "doctor",
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

// From `src/rules/english/vocab/role.rs`.
/// What a partner is one in when it is not a couple's: "my lab partner", "a business partner",
/// "her tennis partner", "study partners".
pub const PARTNER_KINDS: &[&str] = &[
    "lab",
    "business",
    "study",
    "tennis",
    "dance",
    "dancing",
    "training",
    "sparring",
    "research",
    "project",
    "running",
    "climbing",
    "gym",
    "workout",
    "writing",
    "coding",
    "programming",
    "pair",
    "accountability",
    "trading",
    "language",
    "exchange",
    "conversation",
    "hiking",
    "squash",
    "chess",
    "debate",
    "doubles",
    "class",
    "bridge",
    "badminton",
    "golf",
    "lifting",
    "reading",
    "practice",
    "duet",
    "teaching",
    "channel",
    "strategic",
    "technology",
    "delivery",
];

// From `src/rules/english/vocab/role.rs`.
/// Words for a child, which the owner before them makes the speaker's or someone else's.
pub const CHILDREN: &[&str] = &[
    "child",
    "children",
    "kid",
    "kids",
    "son",
    "sons",
    "daughter",
    "daughters",
    "baby",
    "babies",
];

// From `src/rules/english/vocab/role.rs`.
/// Owners that may stand a few words before a child's word ("his only child", "my two kids").
pub const CHILD_OWNERS: &[&str] = &["my", "our", "his", "her", "their", "your", "its"];
