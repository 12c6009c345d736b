//! Words of figures of speech built on activity words ("swimming in paperwork", "cooking up a
//! plan", "fishing for compliments"), and of the nouns that name who does an activity
//! ("photographer", "singer"). Each list says the file it came from.

// From `src/rules/english/vocab/figure.rs`.
/// What one is "swimming in" or "drowning in" when it is too much of something, not water:
/// "swimming in paperwork", "drowning in emails".
pub const BURDENS: &[&str] = &[
    "paperwork",
    "work",
    "debt",
    "debts",
    "email",
    "emails",
    "bills",
    "deadlines",
    "tasks",
    "homework",
    "assignments",
    "admin",
    "invoices",
    "messages",
    "requests",
    "orders",
    "laundry",
    "money",
    "cash",
    "options",
    "choices",
    "applications",
    "forms",
    "meetings",
    "reports",
    "grading",
    "marking",
    "essays",
    "tickets",
    "bugs",
    "notifications",
    "errands",
    "chores",
    "stuff",
    "things",
];

// From `src/rules/english/vocab/figure.rs`.
/// What one "cooks up" when it is made up, not cooked: "cooking up a plan", "cooked up an
/// excuse".
pub const CONCOCTED: &[&str] = &[
    "plan",
    "plans",
    "scheme",
    "schemes",
    "idea",
    "ideas",
    "plot",
    "story",
    "stories",
    "excuse",
    "excuses",
    "theory",
    "something",
    "surprise",
];

// From `src/rules/english/vocab/figure.rs`.
/// What one is "meeting" when one satisfies it, not people: "meeting all the requirements",
/// "meeting the deadline", "meeting the required hours".
pub const SATISFIED: &[&str] = &[
    "required",
    "minimum",
    "requirement",
    "requirements",
    "deadline",
    "deadlines",
    "expectation",
    "expectations",
    "need",
    "needs",
    "goal",
    "goals",
    "criteria",
    "standard",
    "standards",
    "demand",
    "demands",
    "target",
    "targets",
    "quota",
    "specs",
    "specification",
    "specifications",
];

// From `src/rules/english/vocab/figure.rs`.
/// What one is "fishing for" when it is sought, not caught: "fishing for compliments",
/// "fishing for a reason".
pub const SOUGHT: &[&str] = &[
    "compliment",
    "compliments",
    "reason",
    "reasons",
    "answer",
    "answers",
    "information",
    "info",
    "idea",
    "ideas",
    "excuse",
    "excuses",
    "attention",
    "praise",
    "clue",
    "clues",
    "details",
    "feedback",
    "sympathy",
    "validation",
];

// From `src/rules/english/vocab/figure.rs`.
/// Reflexive pronouns: "paint yourself into a corner".
pub const REFLEXIVES: &[&str] = &[
    "myself",
    "yourself",
    "himself",
    "herself",
    "itself",
    "ourselves",
    "yourselves",
    "themselves",
    "oneself",
];

// From `src/rules/english/vocab/role.rs`.
/// The lexicon's nouns for one who does an activity: "the photographer we hired" names someone
/// else's craft, "I'm a keen photographer" the speaker's.
pub const ACTIVITY_DOERS: &[&str] = &[
    "photographer",
    "photographers",
    "singer",
    "singers",
    "musician",
    "musicians",
    "runner",
    "runners",
    "cyclist",
    "cyclists",
    "surfer",
    "surfers",
    "artist",
    "artists",
    "poet",
    "poets",
    "writer",
    "writers",
    "gamer",
    "gamers",
    "dancer",
    "dancers",
    "baker",
    "bakers",
    "chef",
    "chefs",
    "cook",
];

// From `src/rules/english/vocab/role.rs`.
/// Words that make the place after "at" or "in" one's workplace: "my new role at the hospital",
/// "shifts at the restaurant", "I work at a gym". Not the people one works with: "dinner with my
/// colleagues at the restaurant" is a meal out.
pub const WORK_AT: &[&str] = &[
    "job",
    "jobs",
    "role",
    "shift",
    "shifts",
    "work",
    "works",
    "worked",
    "working",
    "position",
    "post",
    "internship",
    "placement",
    "employed",
];
